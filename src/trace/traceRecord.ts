import type { Decision } from '../decision/decision';
import type { Verdict } from '../decision/reasons';
import type { RiskCategory } from '../risk/categories';

/** One line of the trace: a decision on a call that has risk categories (seed 002 A). */
export interface TraceRecord {
  /** ISO 8601 time of the decision */
  readonly time: string;
  readonly session_id: string;
  readonly intent_id: string | null;
  readonly tool: string;
  readonly categories: readonly RiskCategory[];
  readonly verdict: Verdict;
  readonly reasons: readonly { readonly code: string; readonly message: string; readonly category?: RiskCategory }[];
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

/** The trace record of a decision. */
export function traceRecordOf(decision: Decision, sessionId: string, time: Date): TraceRecord {
  return {
    time: time.toISOString(),
    session_id: sessionId,
    intent_id: decision.intentId ?? null,
    tool: decision.tool,
    categories: decision.categories,
    verdict: decision.verdict,
    reasons: decision.reasons.map((r) => ({ code: r.code, message: r.message, ...(r.category && { category: r.category }) })),
  };
}
