import type { Decision } from '../decision/decision';
import { openTraceFile, type TraceFileOptions, type Vouched } from './traceFile';
import {
  traceRecordOf,
  type TraceCallFacts,
  type TraceChange,
  type TraceFlowClearing,
  type TraceLine,
  type TraceSink,
} from './traceRecord';

export type TraceResult =
  /** `changed`: the trace file was changed outside the governor since its last append (a notice line says so) */
  { readonly ok: true; readonly changed?: TraceChange } | { readonly ok: false; readonly problem: string };

export interface Tracer {
  /** Writes a decision, with what is known of its call, when `isTraced` says so; other decisions are not traced. */
  record(decision: Decision, facts?: TraceCallFacts): TraceResult;
  /** Writes that a person cleared a flow mark; a host's sink takes decision records only, and gets none. */
  clearing(line: TraceFlowClearing): TraceResult;
  /** what a trace file held after the last append, undefined for a host's sink */
  vouched(): Vouched | undefined;
}

/** Which decisions go to the trace. */
export type TracedDecisions = (decision: Decision) => boolean;

/** A trace file, how it is written, and what a writer before this one vouched for in it. */
export interface TracerFile {
  readonly file: string;
  readonly options?: TraceFileOptions | undefined;
  readonly start?: Vouched | undefined;
}

const vouchesNothing = (): undefined => undefined;

/**
 * The trace of one governor. A file is watched (see `openTraceFile`); a host's sink gets
 * each record and is trusted with it.
 */
export function createTracer(
  target: TracerFile | TraceSink,
  sessionId: () => string,
  isTraced: TracedDecisions,
): Tracer {
  const file = typeof target === 'function' ? undefined : openTraceFile(target.file, target.options, target.start);
  const sink = typeof target === 'function' ? target : undefined;
  const append = (record: TraceLine): TraceChange | undefined => {
    if (file) return file.append(record);
    if ('verdict' in record) sink?.(record);
    return undefined;
  };
  const written = (write: () => TraceChange | undefined): TraceResult => {
    try {
      const changed = write();
      return changed ? { ok: true, changed } : { ok: true };
    } catch (error) {
      return { ok: false, problem: error instanceof Error ? error.message : String(error) };
    }
  };
  return {
    // the file's own function, or one shared by every sink: no closure per governor
    vouched: file ? file.vouched : vouchesNothing,
    record(decision, facts) {
      if (!isTraced(decision)) return { ok: true };
      return written(() => append(traceRecordOf(decision, sessionId(), new Date(), facts)));
    },
    clearing: (line) => written(() => append(line)),
  };
}
