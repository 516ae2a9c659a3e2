import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';

/** How long an append waits for another writer's lock before it fails (the call is then refused). */
export const TRACE_LOCK_WAIT_MS = 2_000;
/** A lock older than this was left by a writer that died holding it, and is taken over. */
export const TRACE_LOCK_STALE_MS = 10_000;

/** The lock file beside a rotated trace file. */
export const traceLockName = (file: string): string => `${file}.lock`;

// a synchronous sleep: the governor's decisions are synchronous, so the wait cannot yield
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number): void => {
  Atomics.wait(sleeper, 0, 0, ms);
};

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

/** Creates the lock file if no one holds it; its inode when taken. */
function tryTake(lock: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return undefined;
    throw error;
  }
  try {
    // for a person who finds the lock: which process holds it
    writeSync(fd, `${process.pid}\n`);
    return fstatSync(fd).ino;
  } catch (error) {
    unlinkSync(lock);
    throw error;
  } finally {
    closeSync(fd);
  }
}

/**
 * Moves a stale lock aside, checking by inode that it moved the stale one; a fresh lock taken
 * in between by another writer is put back.
 */
function breakStale(lock: string, staleIno: number): void {
  const aside = `${lock}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(lock, aside);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  if (statSync(aside).ino !== staleIno) {
    try {
      linkSync(aside, lock);
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
  }
  unlinkSync(aside);
}

/** The inode of a lock older than TRACE_LOCK_STALE_MS, if that is what is there. */
function staleLock(lock: string): number | undefined {
  try {
    const stats = statSync(lock);
    return Date.now() - stats.mtimeMs > TRACE_LOCK_STALE_MS ? stats.ino : undefined;
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Runs `run` holding `<file>.lock`, an exclusively created file, so the writers of one rotated
 * trace, in any process, check, rotate and append one at a time. Throws when the lock is not
 * free within TRACE_LOCK_WAIT_MS.
 */
export function withTraceLock<T>(file: string, run: () => T): T {
  const lock = traceLockName(file);
  const started = Date.now();
  let pause = 1;
  let held = tryTake(lock);
  while (held === undefined) {
    const stale = staleLock(lock);
    if (stale !== undefined) breakStale(lock, stale);
    else if (Date.now() - started > TRACE_LOCK_WAIT_MS) {
      throw new Error(
        `the trace lock ${lock} was held by another writer for over ${TRACE_LOCK_WAIT_MS} ms; remove it if no intentgate process is running`,
      );
    } else {
      sleep(pause);
      pause = Math.min(pause * 2, 16);
    }
    held = tryTake(lock);
  }
  try {
    return run();
  } finally {
    // a lock taken over as stale meanwhile is another writer's now: it is left alone
    try {
      if (statSync(lock).ino === held) unlinkSync(lock);
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') throw error;
    }
  }
}
