import type { Grant } from '../grants/grant';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { existingSession, sessionIdParam, type Handler } from './handler';
import { HttpError } from './httpError';

/** A grant as the HTTP API shows it, snake_case like the session view. */
export interface GrantView {
  readonly id: string;
  readonly categories: Grant['categories'];
  readonly commands: readonly string[] | null;
  readonly paths: readonly string[] | null;
  readonly hosts: readonly string[] | null;
  readonly tools: readonly string[] | null;
  readonly until: Grant['until'];
  readonly intent_id: string | null;
  /** ISO 8601 time it ends, for a grant given with a time */
  readonly expires_at: string | null;
  /** 'human' (given through an approval) or 'intent' (listed in the intent's `approvals`) */
  readonly source: Grant['source'];
}

/** The view of a grant; JSON has no undefined, so absent values are null. */
export function grantView(grant: Grant): GrantView {
  return {
    id: grant.id,
    categories: grant.categories,
    commands: grant.commands ?? null,
    paths: grant.paths ?? null,
    hosts: grant.hosts ?? null,
    tools: grant.tools ?? null,
    until: grant.until,
    intent_id: grant.intentId ?? null,
    expires_at: grant.expiresAt === undefined ? null : new Date(grant.expiresAt).toISOString(),
    source: grant.source,
  };
}

/** A grant the governor refused to give or end, as a 400 naming the problem. */
export function grantRefused(error: unknown): never {
  if (error instanceof InvalidArgumentError) throw new HttpError({ status: 400, code: 'invalid_grant', message: error.message });
  throw error;
}

/** `GET /sessions/:id/grants`: the session's live grants. */
export const listGrantsHandler: Handler = (context) => {
  const id = sessionIdParam(context);
  return { status: 200, body: { session_id: id, grants: existingSession(context, id).grants.map(grantView) } };
};

/** `DELETE /sessions/:id/grants/:grantId`: ends a grant at once; 404 `unknown_grant` when none of that id is live. */
export const revokeGrantHandler: Handler = (context) => {
  const id = sessionIdParam(context);
  const governor = existingSession(context, id);
  const grantId = context.params.grantId ?? '';
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
  context.events.publish({ type: 'categories.approved', sessionId: id });
  return { status: 200, body: { session_id: id, revoked: grantId, grants: governor.grants.map(grantView) } };
};
