import type { Grant } from '../grants/grant';

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
  /** the name of the token it was given with, when the service knows it */
  readonly given_by: string | null;
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
    given_by: grant.givenBy ?? null,
  };
}
