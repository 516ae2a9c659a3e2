import { readFileSync } from 'node:fs';
import type { TraceRecord } from './traceRecord';

export interface TraceContents {
  readonly records: readonly TraceRecord[];
  /** lines that are not whole JSON records, such as a line torn by a crash */
  readonly skipped: number;
}

/** Parses trace text line by line; a torn or foreign line is counted and skipped, never fatal. */
export function parseTrace(text: string): TraceContents {
  const records: TraceRecord[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && 'tool' in value && 'verdict' in value) records.push(value as TraceRecord);
      else skipped += 1;
    } catch {
      skipped += 1;
    }
  }
  return { records, skipped };
}

/** Reads a trace file; a missing file is an empty trace. */
export function readTrace(file: string): TraceContents {
  try {
    return parseTrace(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], skipped: 0 };
    throw error;
  }
}
