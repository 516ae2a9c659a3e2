import { withNote, type Decision } from '../decision/decision';
import { reason } from '../decision/reason';
import { REASON_CODES } from '../decision/reasons';
import type { TraceFileOptions, Vouched } from '../trace/traceFile';
import { createTracer, type TraceResult } from '../trace/tracer';
import type { TraceChange, TraceSink } from '../trace/traceRecord';
import { MAX_TRACE_CHANGES_KEPT } from './governorSnapshot';

/** The trace holds every decision with risk categories, and every decision about a control-file change. */
const isTraced = (decision: Decision): boolean => decision.categories.length > 0 || REASON_CODES[decision.code].rule === 'control-files';

/** A governor's trace: what it writes, and the changes to the trace file it found. */
export interface DecisionTrace {
  /** Writes a decision to the trace; a change found in the trace file is kept and becomes a note on the decision. */
  record(decision: Decision): { readonly decision: Decision; readonly traced: TraceResult };
  /** the changes found, oldest first (the last 64; older ones are in the file's notices) */
  readonly changes: readonly TraceChange[];
  /** what the trace file held after the last append, for a snapshot; undefined for a host's sink */
  vouched(): Vouched | undefined;
}

/** What a snapshot kept of a governor's trace: the changes found, and what the file held. */
export interface KeptTrace {
  readonly changes: readonly TraceChange[];
  readonly vouched?: Vouched | undefined;
}

/** Where a governor's trace goes: a file path, written as `traceFile` says, or a host's sink. */
export interface DecisionTraceTarget {
  readonly trace: string | TraceSink;
  readonly traceFile?: TraceFileOptions | undefined;
}

/** The trace of one governor, going on from what a snapshot kept. */
export function createDecisionTrace(target: DecisionTraceTarget, sessionId: () => string, kept: KeptTrace = { changes: [] }): DecisionTrace {
  const { trace, traceFile } = target;
  const tracer = createTracer(typeof trace === 'string' ? { file: trace, options: traceFile, start: kept.vouched } : trace, sessionId, isTraced);
  const changes: TraceChange[] = [...kept.changes];
  return {
    vouched: () => tracer.vouched(),
    record(decision) {
      const traced = tracer.record(decision);
      if (!traced.ok || traced.changed === undefined) return { decision, traced };
      changes.push(traced.changed);
      if (changes.length > MAX_TRACE_CHANGES_KEPT) changes.shift();
      return { decision: withNote(decision, reason('trace_changed', 'trace', { message: traced.changed.message })), traced };
    },
    get changes() {
      return [...changes];
    },
  };
}
