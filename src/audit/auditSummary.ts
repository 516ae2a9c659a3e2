import type { Verdict } from '../decision/reasons';
import type { RiskCategory } from '../categories/riskCategories';
import type { TraceAnswer, TraceChangeKind } from '../trace/traceRecord';
import type { AuditFlowClearing, AuditRecord, AuditTrace } from './auditRecord';

/** How many calls one verdict and code decided. */
export interface CodeCount {
  readonly verdict: Verdict;
  readonly code: string;
  readonly calls: number;
}

/** A grant and the calls it covered. */
export interface GrantUse {
  readonly grant: string;
  readonly calls: number;
  readonly first: string;
  readonly last: string;
}

/** A human's answer to a held question, as the decision it made. */
export interface AnswerEntry {
  readonly time: string;
  readonly session_id: string;
  readonly approval_id?: string;
  readonly tool: string;
  readonly answer: TraceAnswer;
  /** undefined when the host did not say who answered */
  readonly approver?: string;
  readonly verdict: Verdict;
  readonly code: string;
}

/** Calls that ran because their categories were approved for the session, by approver and categories. */
export interface SessionApprovalUse {
  readonly session_id: string;
  readonly approver?: string;
  readonly categories: readonly RiskCategory[];
  readonly calls: number;
  readonly first: string;
  readonly last: string;
}

/** A change to the trace file made outside intentgate, as a governor found it. */
export interface TraceChangeEntry {
  readonly time: string;
  readonly session_id: string;
  readonly kind: TraceChangeKind;
  readonly message: string;
}

/** What `intentgate audit` reports of a trace. */
export interface AuditSummary {
  readonly files: readonly string[];
  readonly records: number;
  readonly sessions: number;
  readonly first?: string;
  readonly last?: string;
  readonly verdicts: Readonly<Record<Verdict, number>>;
  /** most calls first */
  readonly codes: readonly CodeCount[];
  readonly grants: readonly GrantUse[];
  /** in the trace's order */
  readonly answers: readonly AnswerEntry[];
  readonly sessionApprovals: readonly SessionApprovalUse[];
  /** calls that ran because safe mode was off */
  readonly safeModeOff: number;
  /** records whose arguments were redacted */
  readonly redacted: number;
  readonly traceChanges: readonly TraceChangeEntry[];
  /** the flow marks people cleared, in the trace's order */
  readonly flowClearings: readonly AuditFlowClearing[];
  readonly skipped: number;
  readonly invalid: number;
}

/** Counts and first/last times under a key, in order of first appearance. */
function tally<T>(
  records: readonly AuditRecord[],
  keyOf: (record: AuditRecord) => readonly T[],
  nameOf: (value: T) => string,
) {
  const found = new Map<string, { value: T; calls: number; first: string; last: string }>();
  for (const record of records) {
    for (const value of keyOf(record)) {
      const name = nameOf(value);
      const entry = found.get(name);
      if (entry) found.set(name, { ...entry, calls: entry.calls + 1, last: record.time });
      else found.set(name, { value, calls: 1, first: record.time, last: record.time });
    }
  }
  return [...found.values()];
}

const hasNote = (record: AuditRecord, code: string): boolean => record.reasons.some((item) => item.code === code);
const decidingCode = (record: AuditRecord): string => record.reasons[0]?.code ?? '';

/** Summarises a trace: calls by verdict and code, grants used, who answered what and when, session approvals used, trace changes. */
export function summarizeTrace(trace: AuditTrace): AuditSummary {
  const { records } = trace;
  const verdicts: Record<Verdict, number> = { allow: 0, ask: 0, deny: 0 };
  for (const record of records) verdicts[record.verdict] += 1;
  const codes = tally(
    records,
    (record) => [{ verdict: record.verdict, code: decidingCode(record) }],
    (value) => `${value.verdict} ${value.code}`,
  )
    .map(({ value, calls }) => ({ ...value, calls }))
    .sort((a, b) => b.calls - a.calls);
  const grants = tally(
    records,
    (record) => record.reasons.flatMap((item) => (item.grant === undefined ? [] : [item.grant])),
    (grant) => grant,
  ).map(({ value, ...use }) => ({ grant: value, ...use }));
  const answers = records.flatMap((record): AnswerEntry[] =>
    record.answer === undefined
      ? []
      : [
          {
            time: record.time,
            session_id: record.session_id,
            ...(record.approval_id !== undefined && { approval_id: record.approval_id }),
            tool: record.tool,
            answer: record.answer,
            ...(record.approver !== undefined && { approver: record.approver }),
            verdict: record.verdict,
            code: decidingCode(record),
          },
        ],
  );
  const sessionApprovals = tally(
    records.filter((record) => hasNote(record, 'approved_for_session')),
    (record) => [{ session_id: record.session_id, approver: record.approver, categories: record.categories }],
    (value) => JSON.stringify([value.session_id, value.approver ?? null, value.categories]),
  ).map(({ value, ...use }) => ({
    session_id: value.session_id,
    ...(value.approver !== undefined && { approver: value.approver }),
    categories: value.categories,
    ...use,
  }));
  const times = records.map((record) => record.time).sort();
  return {
    files: trace.files,
    records: records.length,
    sessions: new Set(records.map((record) => record.session_id)).size,
    ...(times.length > 0 && { first: times[0], last: times[times.length - 1] }),
    verdicts,
    codes,
    grants,
    answers,
    sessionApprovals,
    safeModeOff: records.filter((record) => hasNote(record, 'safe_mode_off')).length,
    redacted: records.filter((record) => (record.redacted?.length ?? 0) > 0).length,
    traceChanges: trace.notices.map((notice) => ({
      time: notice.time,
      session_id: notice.session_id,
      kind: notice.change.kind,
      message: notice.change.message,
    })),
    flowClearings: trace.clearings,
    skipped: trace.skipped,
    invalid: trace.invalid,
  };
}
