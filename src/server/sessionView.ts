import type { Decision } from '../decision/decision';
import type { Governor } from '../governor/createGovernor';
import type { Intent } from '../intents/intent';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import type { SessionNotes } from '../sessions/governorSessions';
import type { TraceChange } from '../trace/traceRecord';
import { flowView, type FlowView } from './flowView';
import { grantView, type GrantView } from './grantView';

/**
 * The held call that waits first, named, not repeated: its whole 'ask' decision is in `held_calls`,
 * so a long command is shown once.
 */
export interface HeldCallReference {
  readonly verdict: 'ask';
  readonly code: Decision['code'];
  readonly tool: string;
  readonly approval: { readonly id: string };
  /** where the whole decision is */
  readonly shown_in: 'held_calls';
}

/** A session as the HTTP API shows it, snake_case like seed 002's backend. */
export interface SessionView {
  readonly session_id: string;
  readonly state: LifecycleState;
  readonly active_intent: Intent | null;
  readonly approved_categories: readonly RiskCategory[];
  /**
   * what waits for a human first: a held control-file change as its 'ask' decision (it is in no
   * other field), else the oldest held call named by a reference to its entry in `held_calls`
   */
  readonly pending_approval: Decision | HeldCallReference | null;
  /** every held call's 'ask' decision, oldest first; the approvals route answers each by its `approval.id` */
  readonly held_calls: readonly Decision[];
  /** the live grants, a person's and the active intent's own */
  readonly grants: readonly GrantView[];
  readonly safe_mode: boolean;
  /** changes made to the trace file outside the governor, oldest first (`governor.traceChanges`) */
  readonly trace_changes: readonly TraceChange[];
  /** when the agent ended the session (its hook's SessionEnd), as an ISO time; null while it runs, and for a session no agent's hook made */
  readonly ended_at: string | null;
  /** what the session read that the flow rules remember, each mark with the call that set it (docs/safe-mode.md#flow-rules) */
  readonly flow: FlowView;
}

/** What waits first: a held call only by reference, since `held_calls` shows it whole. */
function pendingApprovalOf(pending: Decision | undefined): Decision | HeldCallReference | null {
  if (pending === undefined) return null;
  if (pending.code === 'control_file_changed' || pending.approval === undefined) return pending;
  return {
    verdict: 'ask',
    code: pending.code,
    tool: pending.tool,
    approval: { id: pending.approval.id },
    shown_in: 'held_calls',
  };
}

/** The view of one session's governor, with the notes of an agent's hooks when it has them; JSON has no undefined, so absent values are null. */
export function sessionView(governor: Governor, agentNotes?: SessionNotes): SessionView {
  return {
    session_id: governor.sessionId,
    state: governor.state,
    active_intent: governor.activeIntent ?? null,
    approved_categories: governor.approvedCategories,
    pending_approval: pendingApprovalOf(governor.pendingApproval),
    held_calls: governor.heldCalls.map((held) => held.decision),
    grants: governor.grants.map(grantView),
    safe_mode: governor.safeMode,
    trace_changes: governor.traceChanges,
    ended_at: agentNotes?.endedAt === undefined ? null : new Date(agentNotes.endedAt).toISOString(),
    flow: flowView(governor),
  };
}
