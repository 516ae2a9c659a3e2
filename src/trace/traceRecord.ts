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
