import { createHash, type Hash } from 'node:crypto';
import { readSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { TraceChange } from './traceRecord';

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

/** True when the open file is not empty and its last byte is not a newline (a torn line). */
export function endsMidLine(fd: number, size: number): boolean {
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  // a positioned one-byte read: the check costs the same whatever the file's size
  return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== NEWLINE;
}

/** Hashes the file's first `size` bytes; `at` (when not above size) also gets the digest of the first `at` bytes. */
export function hashPrefix(
  fd: number,
  size: number,
  at: number | undefined,
): { readonly hash: Hash; readonly digestAt: string | undefined } {
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

/** Where the vouched-for file was found: at the trace's name, or at a rotated name; and whether the trace rotates. */
export interface FoundAt {
  /** the rotated name the file was found at, when it was rotated since the last append */
  readonly rotatedTo?: string | undefined;
  /** the trace is rotated, so a file not found may have been rotated out of the kept files */
  readonly rotating?: boolean | undefined;
}

/** How the file differs from what was vouched for, if it does. */
export function changeOf(
  vouched: Vouched,
  stats: Stats,
  digestAt: string | undefined,
  found: FoundAt = {},
): TraceChange | undefined {
  const sizes = { vouchedBytes: vouched.size, foundBytes: stats.size };
  const advice = 'Records this governor wrote may be lost: keep a copy of the file and find out what changed it.';
  const subject =
    found.rotatedTo === undefined
      ? 'The trace file'
      : `The trace file, rotated to ${path.basename(found.rotatedTo)} since this governor last wrote to it,`;
  if (stats.dev !== vouched.dev || stats.ino !== vouched.ino) {
    const rotatedOut = found.rotating ? ', or rotated out of the kept files,' : '';
    return {
      kind: 'replaced',
      ...sizes,
      message:
        `The trace file was removed or replaced outside intentgate${rotatedOut}: it held ` +
        `${bytes(vouched.size)} when this governor last wrote to it, and the file there now is another one (${bytes(stats.size)}). ${advice}`,
    };
  }
  if (stats.size < vouched.size) {
    return {
      kind: 'truncated',
      ...sizes,
      message:
        `${subject} was truncated outside intentgate: it held ${bytes(vouched.size)} when this ` +
        `governor last wrote to it and now holds ${bytes(stats.size)}. ${advice}`,
    };
  }
  if (digestAt !== vouched.digest) {
    return {
      kind: 'rewritten',
      ...sizes,
      message:
        `${subject} was rewritten outside intentgate: its first ${bytes(vouched.size)}, which ` +
        `this governor last wrote or read, are not what they were. ${advice}`,
    };
  }
  return undefined;
}
