import { openTraceFile, type TraceFileOptions } from './traceFile';
import type { TraceSink } from './traceRecord';

/** The trace file's name inside the orchestration directory. */
export const TRACE_FILE_NAME = 'agent_trace.jsonl';

/**
 * Appends each record as one JSON line to `file`, in a single write, so a line is written
 * whole; a torn line left by a crash or another writer is closed with a newline first. The
 * file is append-only from the sink's view: a truncation, rewrite or replacement of what it
 * last left there is written to the file as a `trace_changed` notice line before the next
 * record (`readTrace` returns the notices). `options` rotates the file by size and fsyncs each line.
 *
 * @example
 * const sink = fileTraceSink('/var/log/intentgate/trace.jsonl', { rotation: { maxBytes: 10 * 1024 * 1024, keep: 5 }, fsync: true });
 */
export function fileTraceSink(file: string, options: TraceFileOptions = {}): TraceSink {
  const trace = openTraceFile(file, options);
  return (record) => {
    trace.append(record);
  };
}
