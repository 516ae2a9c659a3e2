import { randomUUID } from 'node:crypto';
import { closeSync, linkSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { SessionStoreError } from '../errors/SessionStoreError';
import { readRegularFile } from '../files/readRegularFile';

/** How long a lock is waited for, and when a lock nobody released counts as abandoned. */
export interface LockTiming {
  /** a lock file older than this was left by a hook that died: it is broken */
  readonly staleMs: number;
  /** how long to wait for another hook's lock before refusing */
  readonly waitMs: number;
}

/** A lock this process holds on one session. */
export interface SessionLock {
  /** true while the lock file is still this holder's (not broken as stale by another) */
  holds(): boolean;
  /** Removes the lock file if it is still this holder's. */
  release(): void;
}

// a lock file holds a token of a few dozen bytes
const MAX_TOKEN_BYTES = 256;

const errnoOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

const tokenAt = (file: string): string | undefined => {
  const read = readRegularFile(file, MAX_TOKEN_BYTES);
  return read.kind === 'text' ? read.text : undefined;
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the lock file with `token`, or answers false when another holds it. */
function tryCreate(file: string, token: string): boolean {
  let fd: number;
  try {
    // O_CREAT | O_EXCL: exactly one creator wins, and a symbolic link in its place is not followed
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if (errnoOf(error) === 'EEXIST') return false;
    throw new SessionStoreError(
      `cannot create the session lock ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  try {
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The age of the lock file in milliseconds, or undefined when it is gone. */
function ageOf(file: string): number | undefined {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Breaks a lock judged abandoned while it held `seen`: it is moved aside atomically, so two
 * breakers cannot both remove it; a lock that turns out to be a newer one is put back.
 */
function breakStale(file: string, seen: string | undefined): void {
  const aside = `${file}.stale-${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // another waiter broke it first
  }
  try {
    if (tokenAt(aside) !== seen) linkSync(aside, file);
  } catch {
    // a newer lock is in place already: the holder of the one moved aside finds it lost (holds() is false)
  } finally {
    try {
      unlinkSync(aside);
    } catch {
      // already gone
    }
  }
}

/**
 * Takes the lock file `file` for one session: a file created with O_EXCL holding a random token.
 * Waits for another holder with a short back-off, breaks a lock older than `staleMs` (its
 * holder died), and never waits past `waitMs`: then it throws SessionStoreError.
 */
export async function acquireSessionLock(file: string, timing: LockTiming): Promise<SessionLock> {
  const token = `${process.pid}:${randomUUID()}`;
  const deadline = Date.now() + timing.waitMs;
  for (let attempt = 0; ; attempt += 1) {
    if (tryCreate(file, token)) break;
    const seen = tokenAt(file);
    const age = ageOf(file);
    if (age !== undefined && age > timing.staleMs) {
      breakStale(file, seen);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new SessionStoreError(
        `the session is locked by another hook of the same agent session for more than ` +
          `${timing.waitMs} ms (${file}); if no hook is running, remove the lock file`,
      );
    }
    // a hook holds a lock for milliseconds: wait a little, a little longer each time, never past the deadline
    await sleep(Math.min(5 + attempt * 5 + Math.random() * 10, 50, Math.max(1, deadline - Date.now())));
  }
  return {
    holds: () => tokenAt(file) === token,
    release() {
      if (tokenAt(file) !== token) return;
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
}
