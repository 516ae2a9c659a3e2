import type { Decision } from '../decision/decision';
import { fileTraceSink } from './fileTraceSink';
import { traceRecordOf, type TraceSink } from './traceRecord';

export type TraceResult = { readonly ok: true } | { readonly ok: false; readonly problem: string };

export interface Tracer {
  /** Writes a decision on a call with risk categories; other decisions are not traced. */
  record(decision: Decision): TraceResult;
}

/** The trace of one governor: every decision on a risky call, whatever the verdict and safe mode. */
export function createTracer(target: string | TraceSink, sessionId: () => string): Tracer {
  const sink = typeof target === 'string' ? fileTraceSink(target) : target;
  return {
    record(decision) {
      if (decision.categories.length === 0) return { ok: true };
      try {
        sink(traceRecordOf(decision, sessionId(), new Date()));
        return { ok: true };
      } catch (error) {
        return { ok: false, problem: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
