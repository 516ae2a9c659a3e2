import type { ApprovalsMachine } from '../../machines/approvals';
import type { LifecycleMachine } from '../../machines/lifecycle';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { grantOf, parseGrantInput, type Grant, type GrantInput } from '../grants/grant';
import type { Intent } from '../intents/intent';
import { describeValue } from '../text/describeValue';
import type { ChartRef, GovernorChart } from './governorChart';

/** The grants of one governor: given by a person (kept by the approval actor) or listed by the active intent. */
export interface GovernorGrants {
  /** the live grants: a person's not yet ended, then the active intent's own approvals */
  live(): readonly Grant[];
  give(input: GrantInput, givenBy: string | undefined): Grant;
  revoke(id: string): void;
  /** ends the grants whose time is up; cheap when none is timed */
  expire(): void;
}

const NO_GRANTS: readonly Grant[] = Object.freeze([]);

/** The grants an intent lists in `approvals`, live while it is active: `<intent id>#approvals[<n>]`. */
export function intentGrants(intent: Intent | undefined): Grant[] {
  return (intent?.approvals ?? []).map((spec, index) =>
    grantOf(spec, {
      id: `${intent?.id ?? ''}#approvals[${index}]`,
      until: 'intent',
      intentId: intent?.id ?? '',
      source: 'intent',
    }),
  );
}

/** Wires grants to the two actors: a change of the active intent ends the grants given until it ends. */
export function createGovernorGrants(parts: {
  readonly actor: GovernorChart<LifecycleMachine>;
  readonly approvalActor: ChartRef<ApprovalsMachine>;
  readonly now: () => number;
}): GovernorGrants {
  const { actor, approvalActor } = parts;
  let intentId = actor.getSnapshot().context.activeIntent?.id;
  actor.onChange((snapshot) => {
    const now = snapshot.context.activeIntent?.id;
    if (now === intentId) return;
    intentId = now;
    // only a grant given until its intent ends cares; the approval actor hears nothing else
    if (approvalActor.getSnapshot().context.grants.some((grant) => grant.until === 'intent'))
      approvalActor.send({ type: 'intent.changed', intentId: now });
  });
  const expire = (): void => {
    const { grants } = approvalActor.getSnapshot().context;
    // most sessions have no grant: the clock is not even read
    if (grants.length === 0) return;
    const now = parts.now();
    if (grants.some((grant) => grant.expiresAt !== undefined && grant.expiresAt <= now)) {
      approvalActor.send({ type: 'grants.expired', now });
    }
  };
  return {
    live() {
      expire();
      const given = approvalActor.getSnapshot().context.grants;
      const intent = actor.getSnapshot().context.activeIntent;
      // most calls are decided with no grant at all: one shared empty list, frozen so no reader can fill it
      if (given.length === 0 && (intent?.approvals === undefined || intent.approvals.length === 0)) return NO_GRANTS;
      return [...given, ...intentGrants(intent)];
    },
    give(input, givenBy) {
      const spec = parseGrantInput(input);
      const until = spec.until ?? 'session';
      const active = actor.getSnapshot().context.activeIntent;
      if (until === 'intent' && active === undefined) {
        throw new InvalidArgumentError(
          "grant: until 'intent' needs an active intent; select one first, or grant until 'session'",
        );
      }
      const grant = grantOf(spec, {
        id: `grant-${approvalActor.getSnapshot().context.grantsTaken + 1}`,
        until,
        source: 'human',
        ...(givenBy !== undefined && { givenBy }),
        ...(until === 'intent' && active && { intentId: active.id }),
        ...(spec.ttlMs !== undefined && { expiresAt: parts.now() + spec.ttlMs }),
      });
      approvalActor.send({ type: 'grant.given', grant });
      return grant;
    },
    revoke(id) {
      expire();
      const { grants } = approvalActor.getSnapshot().context;
      if (typeof id !== 'string' || !grants.some((grant) => grant.id === id)) {
        const fromIntent = typeof id === 'string' && id.includes('#approvals[');
        throw new InvalidArgumentError(
          fromIntent
            ? `revoke: '${describeValue(id)}' is an intent's own approval; it ends with the intent, or when a person edits the intents file`
            : `revoke: no live grant '${describeValue(id)}'; the live ones are ${grants.map((grant) => `'${grant.id}'`).join(', ') || 'none'}`,
        );
      }
      approvalActor.send({ type: 'grant.revoked', id });
    },
    expire,
  };
}
