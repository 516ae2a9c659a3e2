import { HttpError } from './httpError';

/** The 404 of a session that was never started (or expired). */
export function unknownSession(id: string, prefix: string): HttpError {
  return new HttpError({
    status: 404,
    code: 'unknown_session',
    message: `unknown session '${id}': start it with POST ${prefix}/sessions/${id}/prompt`,
  });
}
