import type { Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, fsyncSync, openSync, writeSync, type Stats } from 'node:fs';
import path from 'node:path';
import { withTraceLock } from './traceLock';
import type { TraceChange, TraceLine, TraceNotice } from './traceRecord';
import { needsRotation, openRotated, rotateTraceFile, type TraceRotation } from './traceRotation';
import { changeOf, endsMidLine, hashPrefix, type Vouched } from './traceVouch';

export type { Vouched } from './traceVouch';

/** How a trace file is written; every field is off unless given. */
export interface TraceFileOptions {
  /** rotate the file by size (see `rotateTraceFile`), holding `<file>.lock` while it rotates */
  readonly rotation?: TraceRotation | undefined;
  /** fsync the file after each append (and its folder after it is made or rotated), so a line survives a power loss */
  readonly fsync?: boolean | undefined;
}

/** A trace file that one governor appends to and watches. */
export interface TraceFile {
  /**
   * Appends the record as one JSON line. Before it, the file is checked against what this
   * writer last left in it; a change found is written as a notice line just before the record,
   * in the same write, and returned. Throws when the file cannot be written.
   */
  append(record: TraceLine): TraceChange | undefined;
  /** what the file held after this writer's last append, for a writer in another process to go on from */
  vouched(): Vouched | undefined;
}

const noticeLine = (change: TraceChange, record: TraceLine): string => {
  const notice: TraceNotice = { time: record.time, session_id: record.session_id, notice: 'trace_changed', change };
  return `${JSON.stringify(notice)}\n`;
};

/** Opens the trace for appending, refusing what is not a regular file. */
function openForAppend(file: string): { readonly fd: number; readonly stats: Stats } {
  // opened without blocking and checked on the descriptor: a FIFO in the file's place would
  // take writes until its buffer filled, then block the host; it is refused instead
  const fd = openSync(file, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK, 0o644);
  const stats = fstatSync(fd);
  if (stats.isFile()) return { fd, stats };
  closeSync(fd);
  throw new Error(`the trace file ${file} is not a regular file`);
}

/**
 * The vouched-for file, now at a rotated name, checked as the trace file itself would be;
 * `found` is false when it is at no rotated name.
 */
function rotatedChange(
  file: string,
  vouched: Vouched,
  rotating: boolean,
  current: Stats,
): { readonly change: TraceChange | undefined; readonly found: boolean } {
  const rotated = openRotated(file, vouched);
  if (!rotated) return { change: changeOf(vouched, current, undefined, { rotating }), found: false };
  try {
    const stats = fstatSync(rotated.fd);
    return {
      change: changeOf(vouched, stats, hashPrefix(rotated.fd, stats.size, vouched.size).digestAt, {
        rotatedTo: rotated.name,
      }),
      found: true,
    };
  } finally {
    closeSync(rotated.fd);
  }
}

/** Makes the folder's entries (a new or renamed file) durable. */
function fsyncFolder(file: string): void {
  const fd = openSync(path.dirname(file), constants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** How one writer writes: its file and options, and what it vouched for before this append. */
interface Writer {
  readonly file: string;
  readonly rotation: TraceRotation | undefined;
  readonly fsync: boolean;
  readonly vouched: Vouched | undefined;
}

/** What one try at an append came to. */
type Attempt =
  | { readonly kind: 'written'; readonly change: TraceChange | undefined; readonly vouched: Vouched }
  /** a rotation is due, or the file vouched for is not found while another writer may be rotating: try again holding the lock */
  | { readonly kind: 'needsLock' }
  /** the file was deleted under the write (rotated out past keep, or removed): the line is lost, write it again */
  | { readonly kind: 'lost' };

// a file deleted under each of this many writes in a row is not a race but something removing it
const MAX_ATTEMPTS = 3;

/** One try at appending `record`; only a writer holding the lock (`locked`) rotates. */
function attemptAppend(writer: Writer, record: TraceLine, locked: boolean): Attempt {
  const { file, rotation, fsync, vouched } = writer;
  let { fd, stats } = openForAppend(file);
  try {
    const sameFile = vouched !== undefined && stats.dev === vouched.dev && stats.ino === vouched.ino;
    const found = hashPrefix(fd, stats.size, sameFile ? vouched?.size : undefined);
    let hash = found.hash;
    let change: TraceChange | undefined;
    if (vouched && sameFile) change = changeOf(vouched, stats, found.digestAt);
    else if (vouched) {
      const rotated = rotatedChange(file, vouched, rotation !== undefined, stats);
      // names move while a rotation shifts them: only the lock holder may conclude the file is gone
      if (!rotated.found && rotation && !locked) return { kind: 'needsLock' };
      change = rotated.change;
    }
    const body = `${change ? noticeLine(change, record) : ''}${JSON.stringify(record)}\n`;
    const rotates = rotation !== undefined && needsRotation(rotation, stats.size, Buffer.byteLength(body, 'utf8'));
    if (rotates && !locked) return { kind: 'needsLock' };
    if (rotates) {
      closeSync(fd);
      fd = -1;
      rotateTraceFile(file, rotation.keep);
      ({ fd, stats } = openForAppend(file));
      hash = hashPrefix(fd, stats.size, undefined).hash;
    }
    const written = Buffer.from(`${endsMidLine(fd, stats.size) ? '\n' : ''}${body}`, 'utf8');
    writeSync(fd, written);
    if (fsync) {
      fsyncSync(fd);
      if (rotates || stats.size === 0) fsyncFolder(file);
    }
    const after = fstatSync(fd);
    if (rotation && after.nlink === 0) return { kind: 'lost' };
    return { kind: 'written', change, vouched: vouchedAfter(after, stats, hash, written) };
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

/**
 * Opens a trace file for one writer. Each append is one write, so a line is written whole; a
 * torn line left by a crash or another writer is closed with a newline first, so it cannot
 * swallow the record. The file stays append-only from this writer's view: before each append
 * it checks that the file is the same one, no shorter, and that the bytes up to the end of its
 * last append hash as they did. Other writers' appends are accepted as they come. A change is
 * reported once: after it, the file as found is what the next append is checked against.
 * With `rotation`, a file rotated since (found by device and inode at `<file>.<n>`) is checked
 * there, and is no change; a rotation is made holding `<file>.lock`, and a line written to a
 * file deleted meanwhile is written again. `start` is what another writer of the same governor
 * (a process before this one) vouched for.
 */
export function openTraceFile(file: string, options: TraceFileOptions = {}, start?: Vouched): TraceFile {
  let vouched: Vouched | undefined = start;
  const { rotation, fsync = false } = options;
  return {
    vouched: () => vouched,
    append(record) {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const writer = { file, rotation, fsync, vouched };
        let result = attemptAppend(writer, record, false);
        if (result.kind === 'needsLock') result = withTraceLock(file, () => attemptAppend(writer, record, true));
        if (result.kind === 'written') {
          vouched = result.vouched;
          return result.change;
        }
      }
      throw new Error(`the trace file ${file} was deleted under each of ${MAX_ATTEMPTS} appends in a row`);
    },
  };
}

/** What this writer vouches for after its write; another process may have appended between the check and the write, and then only the part read is. */
function vouchedAfter(after: Stats, before: Stats, hash: Hash, written: Buffer): Vouched {
  return after.size === before.size + written.length
    ? { dev: after.dev, ino: after.ino, size: after.size, digest: hash.update(written).digest('hex') }
    : { dev: before.dev, ino: before.ino, size: before.size, digest: hash.digest('hex') };
}
