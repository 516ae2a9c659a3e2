import type { Decision } from '../decision/decision';
import type { Governor } from '../governor/createGovernor';
import type { Intent } from '../intents/intent';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../risk/categories';
import type { TraceChange } from '../trace/traceRecord';

/** A session as the HTTP API shows it, snake_case like seed 002's backend. */
export interface SessionView {
  readonly session_id: string;
  readonly state: LifecycleState;
  readonly active_intent: Intent | null;
  readonly approved_categories: readonly RiskCategory[];
  /** the held call's 'ask' decision, whose `approval.id` the approvals route answers */
  readonly pending_approval: Decision | null;
  readonly safe_mode: boolean;
  /** changes made to the trace file outside the governor, oldest first (`governor.traceChanges`) */
  readonly trace_changes: readonly TraceChange[];
}

/** The view of one session's governor; JSON has no undefined, so absent values are null. */
export function sessionView(governor: Governor): SessionView {
  return {
    session_id: governor.sessionId,
    state: governor.state,
    active_intent: governor.activeIntent ?? null,
    approved_categories: governor.approvedCategories,
    pending_approval: governor.pendingApproval ?? null,
    safe_mode: governor.safeMode,
    trace_changes: governor.traceChanges,
  };
}
