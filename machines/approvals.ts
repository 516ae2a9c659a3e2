import { assign, setup } from 'xstate';
import type { Grant } from '../src/grants/grant';
import { sortCategories, type RiskCategory } from '../src/categories/riskCategories';

export interface ApprovalsContext {
  /** the session the approvals belong to (seed 002 F: approvals hold for one session id only) */
  readonly sessionId: string;
  /** the categories a human approved for this session */
  readonly approved: readonly RiskCategory[];
  /** the grants a human gave in this session, narrower than a category or as wide, each until its end */
  readonly grants: readonly Grant[];
  /** how many grants were given: the next one is `grant-<n + 1>` */
  readonly grantsTaken: number;
}

export type ApprovalsEvent =
  | { readonly type: 'session.approved'; readonly categories: readonly RiskCategory[] }
  | { readonly type: 'session.changed'; readonly sessionId: string }
  | { readonly type: 'grant.given'; readonly grant: Grant }
  | { readonly type: 'grant.revoked'; readonly id: string }
  /** the governor's clock reached `now`: grants that end by then end */
  | { readonly type: 'grants.expired'; readonly now: number }
  /** the active intent is now `intentId` (none when undefined): grants given until another intent end */
  | { readonly type: 'intent.changed'; readonly intentId: string | undefined };

/**
 * The approval actor: which risk categories a human approved for the current session, and the
 * grants given in it.
 * Nothing here is persisted, so a restart starts with no approvals (seed 002 A's reset rule).
 */
export const approvalsMachine = setup({
  types: {
    context: {} as ApprovalsContext,
    events: {} as ApprovalsEvent,
    input: {} as { readonly sessionId: string },
  },
  actions: {
    grantCategories: assign({
      approved: ({ context, event }) =>
        event.type === 'session.approved'
          ? sortCategories([...context.approved, ...event.categories])
          : context.approved,
    }),
    startSession: assign({
      sessionId: ({ context, event }) => (event.type === 'session.changed' ? event.sessionId : context.sessionId),
      approved: [],
      grants: [],
    }),
    addGrant: assign(({ context, event }) =>
      event.type === 'grant.given'
        ? { grants: [...context.grants, event.grant], grantsTaken: context.grantsTaken + 1 }
        : {},
    ),
    endGrants: assign({
      grants: ({ context, event }) =>
        context.grants.filter((grant) => {
          if (event.type === 'grant.revoked') return grant.id !== event.id;
          if (event.type === 'grants.expired') return grant.expiresAt === undefined || grant.expiresAt > event.now;
          if (event.type === 'intent.changed') return grant.until !== 'intent' || grant.intentId === event.intentId;
          return true;
        }),
    }),
  },
}).createMachine({
  id: 'approvals',
  initial: 'noneApproved',
  context: ({ input }) => ({ sessionId: input.sessionId, approved: [], grants: [], grantsTaken: 0 }),
  on: {
    'session.changed': { target: '.noneApproved', actions: 'startSession' },
    // a grant lives beside the categories approved whole; every grant ends with the session
    'grant.given': { actions: 'addGrant' },
    'grant.revoked': { actions: 'endGrants' },
    'grants.expired': { actions: 'endGrants' },
    'intent.changed': { actions: 'endGrants' },
  },
  states: {
    noneApproved: {
      description: 'Every risk category needs a human approval in this session.',
      on: { 'session.approved': { target: 'someApproved', actions: 'grantCategories' } },
    },
    someApproved: {
      description: 'The approved categories run without asking until the session changes.',
      on: { 'session.approved': { actions: 'grantCategories' } },
    },
  },
});

export type ApprovalsMachine = typeof approvalsMachine;
