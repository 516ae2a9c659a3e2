import type { Decision } from '../decision/decision';
import type { Verdict } from '../decision/reasons';
import type { GovernorOptions } from '../governor/governorOptions';
import { outcomeOf } from '../governor/traceSituation';
import { REDACTED_VALUE } from '../trace/redactArguments';
import { REDACTED_WORD } from '../trace/redactText';
import type { AuditFlowClearing, AuditRecord } from './auditRecord';
import { decideInSituation, decidingCode } from './replaySituation';

/** What a replay found for one recorded call. */
export type ReplayStatus = 'same' | 'changed' | 'not_replayable';

/** A verdict and the code that decided it. */
export interface ReplayVerdict {
  readonly verdict: Verdict;
  readonly code: string;
}

/** One recorded call and what deciding it again gave. */
export interface ReplayEntry {
  /** the record's position among the trace's records, from 1 */
  readonly number: number;
  readonly time: string;
  readonly session_id: string;
  readonly tool: string;
  readonly args?: unknown;
  /** 'same': the verdict is reproduced (the code may differ); 'changed': another verdict */
  readonly status: ReplayStatus;
  readonly before: ReplayVerdict;
  /** the new decision, when the call could be replayed */
  readonly after?: ReplayVerdict & { readonly reason?: string };
  /** why the call cannot be replayed */
  readonly why?: string;
}

/** Every recorded call decided again, with the counts. */
export interface ReplayReport {
  readonly calls: number;
  readonly same: number;
  /** calls that keep their verdict under another code */
  readonly sameVerdictOtherCode: number;
  readonly changed: number;
  readonly notReplayable: number;
  readonly entries: readonly ReplayEntry[];
  /**
   * the flow marks people cleared, in order: each record after one is decided again without the
   * mark, since a record carries the marks its session had when it was decided
   */
  readonly flowClearings: readonly AuditFlowClearing[];
}

/** What a replay decides with. */
export interface ReplayOptions {
  /** the governor options of the policy to replay under (its trace is never written) */
  readonly governor: GovernorOptions;
  /** the trace's lines saying a person cleared a flow mark, listed in the report */
  readonly clearings?: readonly AuditFlowClearing[] | undefined;
}

const NOT_RECREATED: Readonly<Record<string, string>> = {
  control_file_changed: 'decided by a held change of the control files, which replay does not recreate',
  control_file_accepted: 'decided by a held change of the control files, which replay does not recreate',
  control_file_rejected: 'decided by a held change of the control files, which replay does not recreate',
  held_calls_full: 'decided by how many calls the session held, which replay does not recreate',
  trace_unavailable: 'decided by a trace that could not be written',
  session_store_unavailable: 'decided by a session store that could not be used',
  session_store_tampered: 'decided by a session record that failed its MAC, which replay does not recreate',
  report_unvouched: "a report of the agent's hooks no credential vouched for, noted by its route: no call was decided",
  cancelled_by_human: "decided by a human's Cancel of the identical call held before, which replay does not recreate",
  analysis_over_budget: "decided by the service's analysis time budget, which replay does not recreate",
  analysis_unavailable: "decided by the service's busy analysis threads, which replay does not recreate",
  containment_required: 'decided by whether containment could run on the machine that decided it',
};

// the id of an intent's own approval (`INT-1#approvals[0]`), as the governor names it
const INTENT_APPROVAL = /#approvals\[\d+\]$/;

/** Why a record cannot be decided again as it was, if it cannot. */
function whyNotReplayable(record: AuditRecord): string | undefined {
  // a cause replay does not recreate is the reason, whatever else the record lacks
  const code = decidingCode(record);
  if (Object.hasOwn(NOT_RECREATED, code)) return NOT_RECREATED[code];
  if (record.args === undefined) return 'recorded without its arguments';
  if (record.state === undefined) return 'recorded without its lifecycle state';
  if (record.redaction_changes_decision === true) return 'its arguments were redacted where the decision reads them';
  // an intent's own approvals come back with the policy's intents; a person's grant does not
  const granted = record.reasons.find(
    (item) =>
      (item.grant !== undefined || item.code === 'approved_by_grant') && !INTENT_APPROVAL.test(item.grant ?? ''),
  );
  if (granted) return `allowed by grant ${granted.grant ?? '(unnamed)'}, which replay does not recreate`;
  return undefined;
}

/** The arguments with every redaction marker replaced by another: what a redacted value cannot be told from. */
function otherMarkers(value: unknown): unknown {
  if (typeof value === 'string')
    return value
      .replaceAll(REDACTED_WORD, '__redacted_other__')
      .replaceAll(REDACTED_VALUE.slice(0, -1), '[redacted-other');
  if (Array.isArray(value)) return value.map(otherMarkers);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      Object.defineProperty(out, key, {
        value: otherMarkers(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

const verdictOf = (decision: Decision): ReplayVerdict & { reason?: string } => ({
  verdict: decision.verdict,
  code: decision.code,
  ...(decision.reason !== undefined && { reason: decision.reason }),
});

/** One record decided again, or why it cannot be. */
function replayOne(record: AuditRecord, options: ReplayOptions): Pick<ReplayEntry, 'status' | 'after' | 'why'> {
  const why = whyNotReplayable(record);
  if (why !== undefined) return { status: 'not_replayable', why };
  const decided = decideInSituation(record, record.args, options.governor);
  if (!decided.ok) return { status: 'not_replayable', why: decided.why };
  if ((record.redacted?.length ?? 0) > 0) {
    // a value the redaction hid may be read by this policy: the call decided with other markers must not differ
    const other = decideInSituation(record, otherMarkers(record.args), options.governor);
    if (!other.ok || outcomeOf(other.decision) !== outcomeOf(decided.decision))
      return { status: 'not_replayable', why: 'its redacted arguments are read by this policy' };
  }
  return {
    status: decided.decision.verdict === record.verdict ? 'same' : 'changed',
    after: verdictOf(decided.decision),
  };
}

/**
 * Decides every recorded call again under other governor options (a policy) in its recorded
 * situation, and compares the verdicts. Calls the trace cannot put back as they were (no
 * arguments, arguments redacted where the decision reads them, a grant, a held control-file
 * change, an intent gone) are listed as not replayable with the reason, never guessed.
 *
 * @example
 * const { records } = readAuditTrace('.orchestration/agent_trace.jsonl');
 * const report = replayTrace(records, { governor: loadPolicy('strict.policy.yaml').governor });
 * report.entries.filter((entry) => entry.status === 'changed');
 */
export function replayTrace(records: readonly AuditRecord[], options: ReplayOptions): ReplayReport {
  const entries = records.map((record, index): ReplayEntry => {
    const before = { verdict: record.verdict, code: decidingCode(record) };
    const base = {
      number: index + 1,
      time: record.time,
      session_id: record.session_id,
      tool: record.tool,
      ...(record.args !== undefined && { args: record.args }),
      before,
    };
    return { ...base, ...replayOne(record, options) };
  });
  const count = (status: ReplayStatus): number => entries.filter((entry) => entry.status === status).length;
  return {
    calls: entries.length,
    same: count('same'),
    sameVerdictOtherCode: entries.filter((entry) => entry.status === 'same' && entry.after?.code !== entry.before.code)
      .length,
    changed: count('changed'),
    notReplayable: count('not_replayable'),
    entries,
    flowClearings: options.clearings ?? [],
  };
}
