import type { Decision } from '../decision/decision';
import type { FlowKind, FlowMarks, FlowSource } from '../flow/flowMarks';
import type { Verdict } from '../decision/reasons';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import type { TracedValue } from './redactArguments';

/** How a human answered the held question a record is about: a held call's buttons, or a held control-file change's. */
export const TRACE_ANSWERS = ['continue', 'cancel', 'edit', 'accept', 'reject'] as const;

export type TraceAnswer = (typeof TRACE_ANSWERS)[number];

/** One reason of a traced decision. */
export interface TraceReason {
  readonly code: string;
  readonly message: string;
  readonly category?: RiskCategory;
  /** the grant that covered the call, on an `approved_by_grant` note */
  readonly grant?: string;
}

/**
 * One line of the trace: a decision on a call that has risk categories (seed 002 A). The
 * fields after `reasons` came later: a reader meets lines without them.
 */
export interface TraceRecord {
  /** ISO 8601 time of the decision */
  readonly time: string;
  readonly session_id: string;
  readonly intent_id: string | null;
  readonly tool: string;
  readonly categories: readonly RiskCategory[];
  readonly verdict: Verdict;
  readonly reasons: readonly TraceReason[];
  /** the lifecycle state the call was decided in */
  readonly state?: LifecycleState;
  /** whether safe mode was on */
  readonly safe_mode?: boolean;
  /** the categories the session had approved when the call was decided */
  readonly approved_categories?: readonly RiskCategory[];
  /** the call's arguments, secrets redacted (docs/trace.md) */
  readonly args?: TracedValue;
  /** the arguments whose values were redacted or cut */
  readonly redacted?: readonly string[];
  /** present (true) when the call decided on its redacted arguments would be decided otherwise: it cannot be replayed */
  readonly redaction_changes_decision?: true;
  /** the held question the record is about: the hold it starts, or the one a human answered */
  readonly approval_id?: string;
  /** the human's answer that made this decision */
  readonly answer?: TraceAnswer;
  /** who answered, or who approved the call's categories for the session, when the host knows (a named approval token) */
  readonly approver?: string;
  /** what the session had read that the flow rules remember, each with the call that first read it; absent when nothing */
  readonly flow?: FlowMarks;
}

/**
 * A line saying a person cleared a flow mark for the rest of a session: which mark, the call
 * that set it, and who cleared it when the host knows. It decides no call: the records after it
 * carry the marks left, which is what a replay reads.
 */
export interface TraceFlowClearing {
  readonly time: string;
  readonly session_id: string;
  readonly flow_cleared: FlowKind;
  /** the call that set the mark */
  readonly set_by: FlowSource;
  readonly approver?: string;
}

/** Any line a governor writes to its trace besides a notice: a decision, or a flow mark cleared. */
export type TraceLine = TraceRecord | TraceFlowClearing;

/** What a record keeps besides the decision: the call and the situation it was decided in. */
export interface TraceCallFacts {
  /** the arguments, already redacted */
  readonly args?: TracedValue | undefined;
  readonly redacted?: readonly string[] | undefined;
  readonly redactionChangesDecision?: boolean | undefined;
  readonly safeMode?: boolean | undefined;
  readonly approvedCategories?: readonly RiskCategory[] | undefined;
  readonly approvalId?: string | undefined;
  readonly answer?: TraceAnswer | undefined;
  readonly approver?: string | undefined;
  readonly flow?: FlowMarks | undefined;
}

/** Where trace records go; it must write each record whole or throw. */
export type TraceSink = (record: TraceRecord) => void;

/** How the trace file differs from what a governor last left in it. */
export type TraceChangeKind = 'truncated' | 'rewritten' | 'replaced';

/** A change made to the trace file outside the governor, found before an append. */
export interface TraceChange {
  readonly kind: TraceChangeKind;
  /** the bytes the governor had vouched for: the file's size after its last append */
  readonly vouchedBytes: number;
  /** the file's size when the change was found */
  readonly foundBytes: number;
  /** what happened and what to do, in a sentence or two */
  readonly message: string;
}

/** A line the file sink writes about the trace itself, before the record whose append found it. */
export interface TraceNotice {
  readonly time: string;
  /** the session whose append found the change */
  readonly session_id: string;
  readonly notice: 'trace_changed';
  readonly change: TraceChange;
}

/** The trace record of a decision, with what is known of its call. */
export function traceRecordOf(
  decision: Decision,
  sessionId: string,
  time: Date,
  facts: TraceCallFacts = {},
): TraceRecord {
  const approvalId = decision.approval?.id ?? facts.approvalId;
  return {
    time: time.toISOString(),
    session_id: sessionId,
    intent_id: decision.intentId ?? null,
    tool: decision.tool,
    categories: decision.categories,
    verdict: decision.verdict,
    reasons: decision.reasons.map((r) => ({
      code: r.code,
      message: r.message,
      ...(r.category && { category: r.category }),
      ...(r.grant !== undefined && { grant: r.grant }),
    })),
    state: decision.state,
    ...(facts.safeMode !== undefined && { safe_mode: facts.safeMode }),
    ...(facts.approvedCategories !== undefined && { approved_categories: facts.approvedCategories }),
    ...(facts.args !== undefined && { args: facts.args }),
    ...(facts.redacted !== undefined && facts.redacted.length > 0 && { redacted: facts.redacted }),
    ...(facts.redactionChangesDecision === true && { redaction_changes_decision: true as const }),
    ...(approvalId !== undefined && { approval_id: approvalId }),
    ...(facts.answer !== undefined && { answer: facts.answer }),
    ...(facts.approver !== undefined && { approver: facts.approver }),
    ...(facts.flow !== undefined && { flow: facts.flow }),
  };
}
