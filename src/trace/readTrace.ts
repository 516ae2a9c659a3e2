import { closeSync, constants, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import type { TraceFlowClearing, TraceNotice, TraceRecord } from './traceRecord';
import { rotatedTraceFiles } from './traceRotation';

export interface TraceContents {
  readonly records: readonly TraceRecord[];
  /** the lines a governor wrote about the trace itself: a change made to it outside intentgate */
  readonly notices: readonly TraceNotice[];
  /** the lines saying a person cleared a flow mark, in order; absent when there are none */
  readonly clearings?: readonly TraceFlowClearing[];
  /** lines that are not whole JSON records, such as a line torn by a crash */
  readonly skipped: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Parses trace text line by line; a torn or foreign line is counted and skipped, never fatal. */
export function parseTrace(text: string): TraceContents {
  const records: TraceRecord[] = [];
  const notices: TraceNotice[] = [];
  const clearings: TraceFlowClearing[] = [];
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
    else if (isObject(value) && value.notice === 'trace_changed' && isObject(value.change))
      notices.push(value as unknown as TraceNotice);
    else if (isObject(value) && typeof value.flow_cleared === 'string')
      clearings.push(value as unknown as TraceFlowClearing);
    else skipped += 1;
  }
  return { records, notices, ...(clearings.length > 0 && { clearings }), skipped };
}

/** How `readTrace` reads. */
export interface ReadTraceOptions {
  /** read the rotated files too, `<file>.<n>` (oldest) to `<file>.1`, then the file: the whole kept history in order */
  readonly rotated?: boolean;
}

const EMPTY: TraceContents = { records: [], notices: [], skipped: 0 };
// a rotation while the files are read moves them under their names: they are read again, a few times at most
const READ_ATTEMPTS = 5;

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** One file's contents and its inode (undefined when missing, an empty trace). */
function readOne(file: string): { readonly contents: TraceContents; readonly ino: number | undefined } {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (isMissing(error)) return { contents: EMPTY, ino: undefined };
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error(`the trace file ${file} is not a regular file`);
    return { contents: parseTrace(readFileSync(fd, 'utf8')), ino: stats.ino };
  } finally {
    closeSync(fd);
  }
}

const inoAt = (file: string): number | undefined => {
  try {
    return statSync(file).ino;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
};

function joined(parts: readonly TraceContents[]): TraceContents {
  const clearings = parts.flatMap((part) => part.clearings ?? []);
  return {
    records: parts.flatMap((part) => part.records),
    notices: parts.flatMap((part) => part.notices),
    ...(clearings.length > 0 && { clearings }),
    skipped: parts.reduce((sum, part) => sum + part.skipped, 0),
  };
}

/**
 * Reads a trace file; a missing file is an empty trace. With `rotated`, the rotated files come
 * first, oldest first, each parsed on its own, so a torn last line cannot swallow the next
 * file's first; a rotation during the read is seen (a name holds another file after) and the
 * files are read again; throws if they rotate during every attempt.
 *
 * @example
 * const { records, notices } = readTrace('.orchestration/agent_trace.jsonl', { rotated: true });
 */
export function readTrace(file: string, options: ReadTraceOptions = {}): TraceContents {
  if (!options.rotated) return readOne(file).contents;
  for (let attempt = 1; ; attempt++) {
    const names = [...rotatedTraceFiles(file), file];
    const read = names.map((name) => ({ name, ...readOne(name) }));
    const settled =
      read.every((part) => inoAt(part.name) === part.ino) && rotatedTraceFiles(file).length === names.length - 1;
    if (settled) return joined(read.map((part) => part.contents));
    if (attempt === READ_ATTEMPTS)
      throw new Error(`the trace ${file} was rotated during each of ${READ_ATTEMPTS} reads; read it again`);
  }
}
