import type { Decision } from '../decision/decision';
import type { Governor } from '../governor/createGovernor';
import type { Intent } from '../intents/intent';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../risk/categories';
import type { SessionNotes } from '../sessions/governorSessions';
import type { TraceChange } from '../trace/traceRecord';
import { grantView, type GrantView } from './grantView';

/** A session as the HTTP API shows it, snake_case like seed 002's backend. */
export interface SessionView {
  readonly session_id: string;
  readonly state: LifecycleState;
  readonly active_intent: Intent | null;
  readonly approved_categories: readonly RiskCategory[];
  /** what waits for a human first, as its 'ask' decision: a held control-file change, else the oldest held call */
  readonly pending_approval: Decision | null;
  /** every held call's 'ask' decision, oldest first; the approvals route answers each by its `approval.id` */
  readonly held_calls: readonly Decision[];
  /** the live grants, a person's and the active intent's own */
  readonly grants: readonly GrantView[];
  readonly safe_mode: boolean;
  /** changes made to the trace file outside the governor, oldest first (`governor.traceChanges`) */
  readonly trace_changes: readonly TraceChange[];
  /** when the agent ended the session (its hook's SessionEnd), as an ISO time; null while it runs, and for a session no agent's hook made */
  readonly ended_at: string | null;
}

/** The view of one session's governor, with the notes of an agent's hooks when it has them; JSON has no undefined, so absent values are null. */
export function sessionView(governor: Governor, agentNotes?: SessionNotes): SessionView {
  return {
    session_id: governor.sessionId,
    state: governor.state,
    active_intent: governor.activeIntent ?? null,
    approved_categories: governor.approvedCategories,
    pending_approval: governor.pendingApproval ?? null,
    held_calls: governor.heldCalls.map((held) => held.decision),
    grants: governor.grants.map(grantView),
    safe_mode: governor.safeMode,
    trace_changes: governor.traceChanges,
    ended_at: agentNotes?.endedAt === undefined ? null : new Date(agentNotes.endedAt).toISOString(),
  };
}
