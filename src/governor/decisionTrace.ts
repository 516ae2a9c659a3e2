import { withNote, type Decision } from '../decision/decision';
import type { FlowKind, FlowMarks, FlowSource } from '../flow/flowMarks';
import { reason } from '../decision/reason';
import { REASON_CODES } from '../decision/reasons';
import type { RiskCategory } from '../categories/riskCategories';
import type { ToolKindSpec } from '../tools/toolKinds';
import { redactArguments } from '../trace/redactArguments';
import type { TraceFileOptions, Vouched } from '../trace/traceFile';
import { createTracer, type TraceResult } from '../trace/tracer';
import type { TraceAnswer, TraceCallFacts, TraceChange, TraceSink } from '../trace/traceRecord';
import { MAX_TRACE_CHANGES_KEPT } from './governorSnapshot';

/** The trace holds every decision with risk categories, and every decision about a control-file change. */
const isTraced = (decision: Decision): boolean =>
  decision.categories.length > 0 || REASON_CODES[decision.code].rule === 'control-files';

/**
 * A redacted call is decided again on the event loop to see whether its redaction changes the
 * decision: a command line longer than this, or one the service's analysis refused, is not (a
 * hostile one could hold the loop, which the analysis threads are there to spare); it is marked
 * as changing the decision, so no replay guesses it.
 */
export const MAX_CHECKED_COMMAND_BYTES = 4096;

const ANALYSIS_REFUSALS: ReadonlySet<string> = new Set(['analysis_over_budget', 'analysis_unavailable']);

/** What is known of a traced decision's call: its arguments, and the human's answer that made the decision. */
export interface TracedCall {
  /** the arguments as the call gave them; the trace keeps them redacted */
  readonly args?: unknown;
  readonly answer?: TraceAnswer | undefined;
  readonly approver?: string | undefined;
  /** the held question answered */
  readonly approvalId?: string | undefined;
}

/** What a governor tells its trace about the situation a call is decided in. */
export interface TraceSituation {
  sessionId(): string;
  readonly safeMode: boolean;
  approvedCategories(): readonly RiskCategory[];
  /** who approved these categories for the current session, when known */
  sessionApprover(categories: readonly RiskCategory[]): string | undefined;
  /** what the session read that the flow rules remember; undefined when nothing */
  flowMarks(): FlowMarks | undefined;
  /** Whether the call, decided on its redacted arguments, would be decided otherwise than on its own. */
  redactionChangesDecision(tool: string, args: unknown, redacted: unknown): boolean;
}

/** A governor's trace: what it writes, and the changes to the trace file it found. */
export interface DecisionTrace {
  /** Writes a decision to the trace with its call; a change found in the trace file is kept and becomes a note on the decision. */
  record(decision: Decision, call?: TracedCall): { readonly decision: Decision; readonly traced: TraceResult };
  /** Writes that a person cleared a flow mark set by `source`; the clearing stands if the trace cannot be written. */
  clearing(kind: FlowKind, source: FlowSource, approver: string | undefined): TraceResult;
  /** the changes found, oldest first (the last 64; older ones are in the file's notices); a method, as a getter would put the trace in dictionary mode */
  changes(): readonly TraceChange[];
  /** what the trace file held after the last append, for a snapshot; undefined for a host's sink */
  vouched(): Vouched | undefined;
}

/** What a snapshot kept of a governor's trace: the changes found, and what the file held. */
export interface KeptTrace {
  readonly changes: readonly TraceChange[];
  readonly vouched?: Vouched | undefined;
}

/** Where a governor's trace goes: a file path, written as `traceFile` says, or a host's sink; and the host's tool kinds, which name a call's arguments. */
export interface DecisionTraceTarget {
  readonly trace: string | TraceSink;
  readonly traceFile?: TraceFileOptions | undefined;
  readonly toolKinds?: Readonly<Record<string, ToolKindSpec>> | undefined;
}

/** The facts a record keeps of a traced decision's call and situation. */
function callFacts(
  decision: Decision,
  call: TracedCall,
  situation: TraceSituation,
  target: DecisionTraceTarget,
): TraceCallFacts {
  const redaction =
    call.args === undefined
      ? undefined
      : redactArguments(decision.tool, call.args, { ...(target.toolKinds && { toolKinds: target.toolKinds }) });
  let changesDecision = false;
  if (redaction !== undefined && redaction.redacted.length > 0) {
    try {
      const checkable = redaction.commandBytes <= MAX_CHECKED_COMMAND_BYTES && !ANALYSIS_REFUSALS.has(decision.code);
      changesDecision = !checkable || situation.redactionChangesDecision(decision.tool, call.args, redaction.args);
    } catch {
      // what cannot be checked cannot be replayed
      changesDecision = true;
    }
  }
  const bySession =
    call.approver === undefined && decision.reasons.some((item) => item.code === 'approved_for_session');
  return {
    args: redaction?.args,
    redacted: redaction?.redacted,
    redactionChangesDecision: changesDecision,
    safeMode: situation.safeMode,
    approvedCategories: situation.approvedCategories(),
    approvalId: call.approvalId,
    answer: call.answer,
    approver: call.approver ?? (bySession ? situation.sessionApprover(decision.categories) : undefined),
    flow: situation.flowMarks(),
  };
}

/** The trace of one governor, going on from what a snapshot kept. */
export function createDecisionTrace(
  target: DecisionTraceTarget,
  situation: TraceSituation,
  kept: KeptTrace = { changes: [] },
): DecisionTrace {
  const { trace, traceFile } = target;
  const tracer = createTracer(
    typeof trace === 'string' ? { file: trace, options: traceFile, start: kept.vouched } : trace,
    situation.sessionId,
    isTraced,
  );
  const changes: TraceChange[] = [...kept.changes];
  const keep = (change: TraceChange): void => {
    changes.push(change);
    if (changes.length > MAX_TRACE_CHANGES_KEPT) changes.shift();
  };
  return {
    vouched: tracer.vouched,
    record(decision, call = {}) {
      const traced = tracer.record(
        decision,
        isTraced(decision) ? callFacts(decision, call, situation, target) : undefined,
      );
      if (!traced.ok || traced.changed === undefined) return { decision, traced };
      keep(traced.changed);
      return {
        decision: withNote(decision, reason('trace_changed', 'trace', { message: traced.changed.message })),
        traced,
      };
    },
    clearing(kind, source, approver) {
      const traced = tracer.clearing({
        time: new Date().toISOString(),
        session_id: situation.sessionId(),
        flow_cleared: kind,
        set_by: source,
        ...(approver !== undefined && { approver }),
      });
      if (traced.ok && traced.changed !== undefined) keep(traced.changed);
      return traced;
    },
    changes: () => [...changes],
  };
}
