import { assign, setup } from 'xstate';
import { sortCategories, type RiskCategory } from '../src/risk/categories';

export interface ApprovalsContext {
  /** the session the approvals belong to (seed 002 F: approvals hold for one session id only) */
  readonly sessionId: string;
  /** the categories a human approved for this session */
  readonly approved: readonly RiskCategory[];
}

export type ApprovalsEvent =
  | { readonly type: 'session.approved'; readonly categories: readonly RiskCategory[] }
  | { readonly type: 'session.changed'; readonly sessionId: string };

/**
 * The approval actor: which risk categories a human approved for the current session.
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
        event.type === 'session.approved' ? sortCategories([...context.approved, ...event.categories]) : context.approved,
    }),
    startSession: assign({
      sessionId: ({ context, event }) => (event.type === 'session.changed' ? event.sessionId : context.sessionId),
      approved: [],
    }),
  },
}).createMachine({
  id: 'approvals',
  initial: 'noneApproved',
  context: ({ input }) => ({ sessionId: input.sessionId, approved: [] }),
  on: {
    'session.changed': { target: '.noneApproved', actions: 'startSession' },
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
