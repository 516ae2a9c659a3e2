import { closeSync, constants, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import type { TraceSink } from './traceRecord';

/** The trace file's name inside the orchestration directory. */
export const TRACE_FILE_NAME = 'agent_trace.jsonl';

const NEWLINE = 0x0a;

/** True when the open file is not empty and its last byte is not a newline (a torn line). */
function endsMidLine(fd: number): boolean {
  const { size } = fstatSync(fd);
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  // a positioned one-byte read: the check costs the same whatever the file's size
  return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== NEWLINE;
}

/**
 * Appends each record as one JSON line, in a single write, so a line is written whole. Before
 * every append the file's last byte is checked: a torn line left by a crash or another writer
 * is closed with a newline first, so it cannot swallow the record.
 */
export function fileTraceSink(file: string): TraceSink {
  return (record) => {
    // opened without blocking and checked on the descriptor: a FIFO in the file's place would
    // take writes until its buffer filled, then block the host; it is refused instead
    const fd = openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK, 0o644);
    try {
      if (!fstatSync(fd).isFile()) throw new Error(`the trace file ${file} is not a regular file`);
      const prefix = endsMidLine(fd) ? '\n' : '';
      writeSync(fd, `${prefix}${JSON.stringify(record)}\n`);
    } finally {
      closeSync(fd);
    }
  };
}
