import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { sessionIdParam, type Handler } from './handler';
import { grantView } from './grantView';
import { HttpError } from './httpError';

/** A grant the governor refused to give or end, as a 400 naming the problem. */
export function grantRefused(error: unknown): never {
  if (error instanceof InvalidArgumentError)
    throw new HttpError({ status: 400, code: 'invalid_grant', message: error.message });
  throw error;
}

/** `GET /sessions/:id/grants`: the session's live grants. */
export const listGrantsHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  const grants = await context.sessions.withExisting(id, 'read', (governor) => governor.grants.map(grantView));
  return { status: 200, body: { session_id: id, grants } };
};

/** `DELETE /sessions/:id/grants/:grantId`: ends a grant at once; 404 `unknown_grant` when none of that id is live. */
export const revokeGrantHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  const grantId = context.params.grantId ?? '';
  const grants = await context.sessions.withExisting(id, 'write', (governor) => {
    const live = governor.grants;
    if (!live.some((grant) => grant.id === grantId)) {
      throw new HttpError({
        status: 404,
        code: 'unknown_grant',
        message: `no live grant '${grantId.slice(0, 128)}' in session '${id}'; the live ones are ${live.map((grant) => `'${grant.id}'`).join(', ') || 'none'}`,
      });
    }
    try {
      governor.revoke(grantId);
    } catch (error) {
      grantRefused(error);
    }
    return governor.grants.map(grantView);
  });
  context.events.publish({ type: 'categories.approved', sessionId: id });
  return { status: 200, body: { session_id: id, revoked: grantId, grants } };
};
