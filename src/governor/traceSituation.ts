import type { ApprovalsMachine } from '../../machines/approvals';
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
    sessionApprover: (categories) => parts.approvers.approverOf(sessionId(), categories),
    redactionChangesDecision: (tool, args, redacted) =>
      outcomeOf(parts.decide(tool, args)) !== outcomeOf(parts.decide(tool, redacted)),
  };
}
