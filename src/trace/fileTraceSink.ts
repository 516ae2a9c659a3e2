import { appendFileSync, closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { TraceSink } from './traceRecord';

/** The trace file's name inside the orchestration directory. */
export const TRACE_FILE_NAME = 'agent_trace.jsonl';

/** True when the file exists, is not empty and its last byte is not a newline (a torn line). */
function endsMidLine(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const { size } = fstatSync(fd);
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Appends each record as one JSON line, in a single append, so a line is written whole. A
 * torn last line left by a crash is closed with a newline first, so it cannot swallow the
 * next record.
 */
export function fileTraceSink(file: string): TraceSink {
  let checkedTail = false;
  return (record) => {
    const prefix = !checkedTail && endsMidLine(file) ? '\n' : '';
    appendFileSync(file, `${prefix}${JSON.stringify(record)}\n`);
    checkedTail = true;
  };
}
