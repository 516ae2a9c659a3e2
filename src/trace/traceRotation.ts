import { closeSync, constants, fstatSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { traceLockName } from './traceLock';

/** The smallest `maxBytes`: a few records, so a file is never rotated after every line. */
export const MIN_TRACE_ROTATION_BYTES = 4 * 1024;
/** The largest `maxBytes`: each append hashes the current file (about 1 ms per MB), a rotation holding the lock. */
export const MAX_TRACE_ROTATION_BYTES = 256 * 1024 * 1024;
/** The most rotated files kept. */
export const MAX_TRACE_ROTATION_KEEP = 100;

/** Rotation of the trace file by size: `maxBytes` per file, `keep` rotated files `<file>.1` (newest) to `<file>.<keep>`. */
export const traceRotationSchema = z.strictObject({
  maxBytes: z
    .number()
    .int()
    .min(MIN_TRACE_ROTATION_BYTES, `maxBytes must be at least ${MIN_TRACE_ROTATION_BYTES} (4 KiB)`)
    .max(MAX_TRACE_ROTATION_BYTES, `maxBytes must be at most ${MAX_TRACE_ROTATION_BYTES} (256 MiB)`)
    .describe('an append that would take the trace file past this many bytes first renames it to <file>.1'),
  keep: z
    .number()
    .int()
    .min(1, 'keep at least 1 rotated file')
    .max(MAX_TRACE_ROTATION_KEEP, `keep at most ${MAX_TRACE_ROTATION_KEEP} rotated files`)
    .describe('how many rotated files are kept, <file>.1 (newest) to <file>.<keep>; the one past them is deleted'),
});

/** How the trace file is rotated; off unless given. */
export type TraceRotation = z.infer<typeof traceRotationSchema>;

/** The name of the `n`th rotated file: `<file>.<n>`, `<file>.1` the newest. */
export const rotatedName = (file: string, n: number): string => `${file}.${n}`;

/** True when an append of `adding` bytes to a file of `size` bytes must first rotate it; an empty file takes a line of any length. */
export const needsRotation = (rotation: TraceRotation, size: number, adding: number): boolean =>
  size > 0 && size + adding > rotation.maxBytes;

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Renames `<file>` to `<file>.1`, after shifting each `<file>.<n>` to `<file>.<n+1>` and
 * deleting `<file>.<keep>`. The caller holds the trace lock, so no other writer rotates meanwhile.
 */
export function rotateTraceFile(file: string, keep: number): void {
  rmSync(rotatedName(file, keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) {
    try {
      renameSync(rotatedName(file, n), rotatedName(file, n + 1));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  renameSync(file, rotatedName(file, 1));
}

/** The file found at a rotated name: its descriptor, open for reading, and its name. */
export interface RotatedFile {
  readonly fd: number;
  readonly name: string;
}

/**
 * Opens the rotated file that is the same file (device and inode) as `identity`, searching
 * `<file>.1`, `<file>.2`, ... up to the first name that is missing; the caller closes it.
 * The identity is checked on the open descriptor, so a name swapped meanwhile is not believed.
 */
export function openRotated(
  file: string,
  identity: { readonly dev: number; readonly ino: number },
): RotatedFile | undefined {
  for (let n = 1; n <= MAX_TRACE_ROTATION_KEEP; n++) {
    const name = rotatedName(file, n);
    let stats;
    try {
      stats = statSync(name);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    if (stats.dev !== identity.dev || stats.ino !== identity.ino) continue;
    // without blocking, as the trace file itself: a FIFO is not read
    const fd = openSync(name, constants.O_RDONLY | constants.O_NONBLOCK);
    const opened = fstatSync(fd);
    if (opened.isFile() && opened.dev === identity.dev && opened.ino === identity.ino) return { fd, name };
    closeSync(fd);
    return undefined;
  }
  return undefined;
}

/** The rotated files of `file` that exist, oldest first (the highest number first); gaps are skipped. */
export function rotatedTraceFiles(file: string): string[] {
  const base = path.basename(file);
  let names: string[];
  try {
    names = readdirSync(path.dirname(file));
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const numbered: { readonly n: number; readonly name: string }[] = [];
  for (const name of names) {
    if (!name.startsWith(`${base}.`)) continue;
    const suffix = name.slice(base.length + 1);
    // only `<file>.<n>` with n written plainly: not the lock, not `.01`
    if (/^[1-9][0-9]{0,5}$/.test(suffix))
      numbered.push({ n: Number(suffix), name: path.join(path.dirname(file), name) });
  }
  return numbered.sort((a, b) => b.n - a.n).map((entry) => entry.name);
}

/** The trace file's names as a writer with `rotation` uses them: the file, its lock, and its rotated files; the file alone when not rotated. */
export function traceFileNames(file: string, rotation: TraceRotation | undefined): string[] {
  if (rotation === undefined) return [file];
  return [
    file,
    traceLockName(file),
    ...Array.from({ length: rotation.keep }, (_, index) => rotatedName(file, index + 1)),
  ];
}
