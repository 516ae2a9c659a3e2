import { readFileSync } from 'node:fs';
import type { TraceNotice, TraceRecord } from './traceRecord';

export interface TraceContents {
  readonly records: readonly TraceRecord[];
  /** the lines a governor wrote about the trace itself: a change made to it outside intentgate */
  readonly notices: readonly TraceNotice[];
  /** lines that are not whole JSON records, such as a line torn by a crash */
  readonly skipped: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Parses trace text line by line; a torn or foreign line is counted and skipped, never fatal. */
export function parseTrace(text: string): TraceContents {
  const records: TraceRecord[] = [];
  const notices: TraceNotice[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skipped += 1;
      continue;
    }
    if (isObject(value) && 'tool' in value && 'verdict' in value) records.push(value as unknown as TraceRecord);
    else if (isObject(value) && value.notice === 'trace_changed' && isObject(value.change)) notices.push(value as unknown as TraceNotice);
    else skipped += 1;
  }
  return { records, notices, skipped };
}

/** Reads a trace file; a missing file is an empty trace. */
export function readTrace(file: string): TraceContents {
  try {
    return parseTrace(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], notices: [], skipped: 0 };
    throw error;
  }
}
