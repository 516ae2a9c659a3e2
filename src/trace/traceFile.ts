import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, writeSync, type Stats } from 'node:fs';
import type { TraceChange, TraceNotice, TraceRecord } from './traceRecord';

const NEWLINE = 0x0a;
const READ_CHUNK_BYTES = 64 * 1024;

/**
 * What the trace file held after this writer's last append: the file (device and inode), its
 * size, and a SHA-256 of those bytes. Anything else that writes to the file may only add to it.
 */
export interface Vouched {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly digest: string;
}

/** A trace file that one governor appends to and watches. */
export interface TraceFile {
  /**
   * Appends the record as one JSON line. Before it, the file is checked against what this
   * writer last left in it; a change found is written as a notice line just before the record,
   * in the same write, and returned. Throws when the file cannot be written.
   */
  append(record: TraceRecord): TraceChange | undefined;
  /** what the file held after this writer's last append, for a writer in another process to go on from */
  vouched(): Vouched | undefined;
}

/** True when the open file is not empty and its last byte is not a newline (a torn line). */
function endsMidLine(fd: number, size: number): boolean {
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  // a positioned one-byte read: the check costs the same whatever the file's size
  return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== NEWLINE;
}

/** Hashes the file's first `size` bytes; `at` (when not above size) also gets the digest of the first `at` bytes. */
function hashPrefix(fd: number, size: number, at: number | undefined): { readonly hash: Hash; readonly digestAt: string | undefined } {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(READ_CHUNK_BYTES);
  let digestAt: string | undefined = at === 0 ? hash.copy().digest('hex') : undefined;
  let position = 0;
  while (position < size) {
    // stop at `at` so its digest can be taken on the way
    const end = at !== undefined && position < at ? Math.min(at, size) : size;
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, end - position), position);
    if (read === 0) break;
    hash.update(buffer.subarray(0, read));
    position += read;
    if (position === at) digestAt = hash.copy().digest('hex');
  }
  return { hash, digestAt };
}

const bytes = (count: number): string => `${count.toLocaleString('en-US')} byte${count === 1 ? '' : 's'}`;

/** How the file differs from what was vouched for, if it does. */
function changeOf(vouched: Vouched, stats: Stats, digestAt: string | undefined): TraceChange | undefined {
  const found = { vouchedBytes: vouched.size, foundBytes: stats.size };
  const advice = 'Records this governor wrote may be lost: keep a copy of the file and find out what changed it.';
  if (stats.dev !== vouched.dev || stats.ino !== vouched.ino) {
    return { kind: 'replaced', ...found, message: `The trace file was removed or replaced outside intentgate: it held ${bytes(vouched.size)} when this governor last wrote to it, and the file there now is another one (${bytes(stats.size)}). ${advice}` };
  }
  if (stats.size < vouched.size) {
    return { kind: 'truncated', ...found, message: `The trace file was truncated outside intentgate: it held ${bytes(vouched.size)} when this governor last wrote to it and now holds ${bytes(stats.size)}. ${advice}` };
  }
  if (digestAt !== vouched.digest) {
    return { kind: 'rewritten', ...found, message: `The trace file was rewritten outside intentgate: its first ${bytes(vouched.size)}, which this governor last wrote or read, are not what they were. ${advice}` };
  }
  return undefined;
}

const noticeLine = (change: TraceChange, record: TraceRecord): string => {
  const notice: TraceNotice = { time: record.time, session_id: record.session_id, notice: 'trace_changed', change };
  return `${JSON.stringify(notice)}\n`;
};

/**
 * Opens a trace file for one writer. Each append is one write, so a line is written whole; a
 * torn line left by a crash or another writer is closed with a newline first, so it cannot
 * swallow the record. The file stays append-only from this writer's view: before each append
 * it checks that the file is the same one, no shorter, and that the bytes up to the end of its
 * last append hash as they did. Other writers' appends are accepted as they come. A change is
 * reported once: after it, the file as found is what the next append is checked against.
 * `start` is what another writer of the same governor (a process before this one) vouched for.
 */
export function openTraceFile(file: string, start?: Vouched): TraceFile {
  let vouched: Vouched | undefined = start;
  return {
    vouched: () => vouched,
    append(record) {
      // opened without blocking and checked on the descriptor: a FIFO in the file's place would
      // take writes until its buffer filled, then block the host; it is refused instead
      const fd = openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK, 0o644);
      try {
        const stats = fstatSync(fd);
        if (!stats.isFile()) throw new Error(`the trace file ${file} is not a regular file`);
        const sameFile = vouched !== undefined && stats.dev === vouched.dev && stats.ino === vouched.ino;
        const { hash, digestAt } = hashPrefix(fd, stats.size, sameFile ? vouched?.size : undefined);
        const change = vouched && changeOf(vouched, stats, digestAt);
        const text = `${endsMidLine(fd, stats.size) ? '\n' : ''}${change ? noticeLine(change, record) : ''}${JSON.stringify(record)}\n`;
        const written = Buffer.from(text, 'utf8');
        writeSync(fd, written);
        const after = fstatSync(fd);
        // another process may have appended between the check and the write: then only the part read is vouched for
        vouched =
          after.size === stats.size + written.length
            ? { dev: after.dev, ino: after.ino, size: after.size, digest: hash.update(written).digest('hex') }
            : { dev: stats.dev, ino: stats.ino, size: stats.size, digest: hash.digest('hex') };
        return change;
      } finally {
        closeSync(fd);
      }
    },
  };
}
