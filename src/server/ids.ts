import { z } from 'zod';
import { HttpError } from './httpError';

const SESSION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A session id: 1 to 128 characters of `[A-Za-z0-9._:-]`. */
export const sessionIdSchema = z
  .string()
  .regex(SESSION_ID_PATTERN, 'a session id is 1 to 128 characters of [A-Za-z0-9._:-]');

/** Checks a session id taken from the URL; 400 `invalid_session_id` otherwise. */
export function checkSessionId(id: string): string {
  if (!SESSION_ID_PATTERN.test(id)) {
    throw new HttpError({
      status: 400,
      code: 'invalid_session_id',
      message: `invalid session id '${id.slice(0, 140)}': use 1 to 128 characters of [A-Za-z0-9._:-]`,
    });
  }
  return id;
}
