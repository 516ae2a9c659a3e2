import type { ApprovalsMachine } from '../../machines/approvals';
import type { FlowMarks } from '../flow/flowMarks';
import type { Decision } from '../decision/decision';
import { approvedCategoriesOf } from '../safeMode/sessionApprovals';
import type { TraceSituation } from './decisionTrace';
import type { ChartRef } from './governorChart';
import type { SessionApprovers } from './sessionApprovers';

/** What the trace's view of a governor is built from. */
export interface TraceSituationParts {
  readonly approvalActor: ChartRef<ApprovalsMachine>;
  readonly safeMode: boolean;
  readonly approvers: SessionApprovers;
  /** the flow marks of the lifecycle now */
  flowMarks(): FlowMarks;
  /** Decides a call in the current state without effects. */
  decide(tool: string, args: unknown): Decision;
}

/** What a replay compares: the verdict, the deciding code, the categories and the notes. */
export function outcomeOf(decision: Decision): string {
  return JSON.stringify([
    decision.verdict,
    decision.code,
    [...decision.categories].sort(),
    decision.reasons.map((item) => item.code),
  ]);
}

/** A governor's situation as its trace reads it. */
export function traceSituation(parts: TraceSituationParts): TraceSituation {
  const sessionId = (): string => parts.approvalActor.getSnapshot().context.sessionId;
  return {
    sessionId,
    safeMode: parts.safeMode,
    approvedCategories: () => approvedCategoriesOf(parts.approvalActor),
    // a session with no mark writes no field: its records stay as they were before the flow rules
    flowMarks: () => {
      const marks = parts.flowMarks();
      return marks.secret === undefined && marks.untrusted === undefined ? undefined : marks;
    },
    sessionApprover: (categories) => parts.approvers.approverOf(sessionId(), categories),
    redactionChangesDecision: (tool, args, redacted) =>
      outcomeOf(parts.decide(tool, args)) !== outcomeOf(parts.decide(tool, redacted)),
  };
}
