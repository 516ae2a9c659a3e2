import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { createGovernor, type Governor } from '../governor/createGovernor';
import { parseGovernorOptions, type GovernorOptions } from '../governor/governorOptions';
import { SessionStoreError } from '../errors/SessionStoreError';
import { isOrchestrationPresent } from '../intents/orchestration';
import {
  checkAgentSessionId as checkSessionId,
  freshNotes,
  otherAgentError,
  type GovernorSessions,
  type SessionNotes,
} from './governorSessions';
import { persistedSnapshot, restoredGovernor } from './persistedSnapshot';
import { acquireSessionLock, type SessionLock } from './sessionLock';
import {
  ensureSessionsDir,
  isSessionFileIdle,
  readSessionFile,
  removeFile,
  sessionPaths,
  sweepSessions,
  writeSessionFile,
} from './sessionFiles';
import { loadSessionKey, type SessionAuthenticity } from './sessionKey';
import { keptLabel, restoreLabel } from './sessionLabels';
import { DEFAULT_ENDED_SESSION_TTL_MS, keptUntil } from './sessionRetention';

/** A session as a use works on it: its governor, its notes, and the profile of its options. */
interface Opened {
  readonly governor: Governor;
  readonly notes: SessionNotes;
  readonly profile: string;
}

/** The sessions folder's name inside the orchestration directory. */
export const SESSIONS_DIR_NAME = 'sessions';

/** The bounds of a file session store. */
export interface SessionLimits {
  /** session files the folder holds; past it, the least recently used is forgotten */
  readonly maxSessions: number;
  /** the largest session file written or read */
  readonly maxFileBytes: number;
  /** a session unused this long is forgotten (its approvals with it) */
  readonly idleTtlMs: number;
  /** a session its agent ended is kept this long after the end */
  readonly endedTtlMs: number;
  /** a lock older than this was left by a hook that died, and is broken */
  readonly lockStaleMs: number;
  /** how long a hook waits for another hook of the same session */
  readonly lockWaitMs: number;
}

/** The default bounds: docs/hooks.md states them. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = Object.freeze({
  maxSessions: 256,
  maxFileBytes: 4 * 1024 * 1024,
  idleTtlMs: 24 * 60 * 60 * 1000,
  endedTtlMs: DEFAULT_ENDED_SESSION_TTL_MS,
  lockStaleMs: 30_000,
  lockWaitMs: 10_000,
});

export interface FileSessionsOptions {
  /** the options every session's governor is created with; `sessionId` and `restore` are the store's */
  readonly governor: GovernorOptions;
  /** the sessions folder; default `<orchestration dir>/sessions`; `stateSessionsDir` names one outside the workspace */
  readonly dir?: string;
  readonly limits?: Partial<SessionLimits>;
  /** the agent whose hooks create sessions ('' by default): kept in each new session's file */
  readonly profile?: string;
  /**
   * The options a kept session of `profile` is restored with (the agent's preset, so a human's
   * answer decides a held call again as the agent's hook would); default `governor` for any.
   */
  readonly governorFor?: (profile: string) => GovernorOptions;
  /** the clock sessions are dated by, ms since the epoch */
  readonly now?: () => number;
  /** the digest of the approval credential, kept in each new session's notes (`SessionNotes.credential`); read only when a session is created */
  readonly credential?: () => string | undefined;
  /**
   * the key that authenticates session files, an owner-only file outside the workspace, made on
   * first use (`sessionKeyFile(env, cwd)` puts it beside the approval token); without it files
   * carry no MAC and any readable file is restored as it is
   */
  readonly keyFile?: string;
}

/** File sessions, which can also say whether a session is kept, and be used by a human. */
export interface FileSessions extends GovernorSessions {
  /** the sessions folder */
  readonly dir: string;
  /** true when a file of the session is kept */
  has(sessionId: string): boolean;
  /**
   * Runs `work` on a kept session as a human's answer uses it: the session is never created, and
   * one its agent ended stays ended. `{ found: false }` when no session of the id is kept.
   */
  withKept<T>(sessionId: string, work: (governor: Governor, notes: SessionNotes) => T | Promise<T>): Promise<Kept<T>>;
  /**
   * Runs `work` on a kept session as a reader sees it: no lock is taken and nothing the work
   * changes is kept; the file's MAC is checked as for any use. `{ found: false }` when no
   * session of the id is kept, or it is past its time (left for the next use to remove).
   */
  read<T>(sessionId: string, work: (governor: Governor, notes: SessionNotes) => T | Promise<T>): Promise<Kept<T>>;
}

/** The work's value on a kept session, or that none of the id is kept. */
export type Kept<T> = { readonly found: true; readonly value: T } | { readonly found: false };

/**
 * Governor sessions kept in files, one per agent session id, for hooks that run as a new
 * process per event. Each use takes the session's lock (concurrent hooks of one session run
 * in turn), restores the governor from its file (or creates it), runs the work and writes the
 * new state atomically. A file that cannot be read or restored fails closed: SessionStoreError,
 * never a fresh governor in its place. A session idle past `idleTtlMs` (one its agent ended,
 * past `endedTtlMs` after the end) is forgotten when next used, or by the sweep a new session
 * runs. Without the orchestration directory nothing is kept (the fail-safe refuses every call
 * anyway), and the folder is never created for it. With `keyFile`, every file carries a MAC
 * keyed by the session key (outside the workspace) and bound to this folder: a file that fails
 * it (forged, edited, copied from another store) refuses every call of its session; one written
 * without a MAC reads as no session kept.
 *
 * @example
 * const sessions = createFileSessions({ governor: { workspaceRoot: '/repo' } });
 * const decision = await sessions.withSession('agent-session-1', (governor) => governor.handleToolCall('read_file', { path: 'a.ts' }));
 */
export function createFileSessions(options: FileSessionsOptions): FileSessions {
  const config = parseGovernorOptions(options.governor, process.cwd());
  const dir =
    options.dir === undefined ? path.join(config.orchestrationDir, SESSIONS_DIR_NAME) : path.resolve(options.dir);
  const limits: SessionLimits = { ...DEFAULT_SESSION_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  const timing = { staleMs: limits.lockStaleMs, waitMs: limits.lockWaitMs };
  const base: GovernorOptions = { ...options.governor, restore: undefined };
  const profile = options.profile ?? '';
  const optionsFor = (kept: string): GovernorOptions =>
    options.governorFor === undefined ? base : { ...options.governorFor(kept), restore: undefined };
  // a workspace intentgate does not govern keeps nothing, wherever its sessions would be kept
  const keeps = (): boolean => isOrchestrationPresent(config.orchestrationDir);

  /** The session's governor and notes as kept, or undefined when none is (one past its time is removed, when `locked`). */
  const openKept = (file: string, sessionId: string, locked = true): Opened | undefined => {
    if (isSessionFileIdle(file, limits.idleTtlMs, now())) {
      if (locked) removeFile(file);
      return undefined;
    }
    const kept = readSessionFile(file, sessionId, limits.maxFileBytes, authenticityOf());
    if (!kept) return undefined;
    const governor = restoredGovernor(optionsFor(kept.profile), sessionId, kept.governor, `the session file ${file}`);
    restoreLabel(governor, kept.label, kept.profile);
    return { governor, notes: kept.notes, profile: kept.profile };
  };

  /** The session's governor and notes: restored from its file, or new (making room for it first). */
  const open = (file: string, sessionId: string): Opened => {
    const kept = openKept(file, sessionId);
    if (kept) return kept;
    sweepSessions(dir, {
      maxSessions: limits.maxSessions,
      idleTtlMs: limits.idleTtlMs,
      staleMs: limits.lockStaleMs,
      now: now(),
    });
    const credential = options.credential?.();
    return {
      governor: createGovernor({ ...base, sessionId }),
      notes: { ...freshNotes(), ...(credential !== undefined && { credential }) },
      profile,
    };
  };

  // read when a session is first used, so a store that keeps nothing never makes a key
  let authenticity: SessionAuthenticity | undefined;
  const authenticityOf = (): SessionAuthenticity | undefined => {
    if (options.keyFile === undefined) return undefined;
    authenticity ??= { key: loadSessionKey(options.keyFile, config.workspaceRoot), store: realpathSync(dir) };
    return authenticity;
  };

  const locked = async <T>(
    sessionId: string,
    work: (file: string, lock: SessionLock) => T | Promise<T>,
  ): Promise<T> => {
    // a folder given elsewhere (the user's state folder) is made with its parents, owner-only
    if (options.dir !== undefined) mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
    ensureSessionsDir(dir);
    authenticityOf();
    const paths = sessionPaths(dir, sessionId);
    const lock = await acquireSessionLock(paths.lock, timing);
    try {
      return await work(paths.file, lock);
    } finally {
      lock.release();
    }
  };

  /** Runs the work and keeps the new state, dated so the sweep keeps it as long as it is kept. */
  const workAndKeep = async <T>(
    session: { readonly file: string; readonly id: string; readonly lock: SessionLock },
    opened: Opened,
    work: (governor: Governor, notes: SessionNotes) => T | Promise<T>,
  ): Promise<T> => {
    const { governor, notes } = opened;
    try {
      const result = await work(governor, notes);
      const snapshot = persistedSnapshot(governor);
      // a lock broken as stale means another hook may have written since: this state is not kept
      if (!session.lock.holds())
        throw new SessionStoreError(
          `the session lock was taken over while this hook ran (it ran longer than ${limits.lockStaleMs} ms); nothing was kept`,
        );
      const at = now();
      const usedAt = keptUntil(at, notes.endedAt, limits) - limits.idleTtlMs;
      writeSessionFile(
        session.file,
        session.id,
        { profile: opened.profile, governor: snapshot, notes, label: keptLabel(governor) },
        {
          maxBytes: limits.maxFileBytes,
          usedAt,
          ...(authenticityOf() !== undefined && { authenticity: authenticityOf() }),
        },
      );
      return result;
    } finally {
      governor.stop();
    }
  };

  return {
    dir,
    has: (sessionId) => existsSync(sessionPaths(dir, checkSessionId(sessionId)).file),
    async withSession(sessionId, work) {
      const id = checkSessionId(sessionId);
      if (!keeps()) {
        const governor = createGovernor({ ...base, sessionId: id });
        try {
          return await work(governor, freshNotes());
        } finally {
          governor.stop();
        }
      }
      return locked(id, (file, lock) => {
        const opened = open(file, id);
        if (opened.profile !== profile) {
          opened.governor.stop();
          throw otherAgentError(id, opened.profile, profile);
        }
        // an event of the agent: a session it had ended is resumed
        opened.notes.endedAt = undefined;
        return workAndKeep({ file, id, lock }, opened, work);
      });
    },
    async withKept(sessionId, work) {
      const id = checkSessionId(sessionId);
      if (!keeps()) return { found: false };
      return locked(id, async (file, lock) => {
        const opened = openKept(file, id);
        if (!opened) return { found: false };
        return { found: true, value: await workAndKeep({ file, id, lock }, opened, work) };
      });
    },
    async read(sessionId, work) {
      const id = checkSessionId(sessionId);
      // a folder no hook has made yet keeps nothing, and is not made by a reader
      if (!keeps() || !existsSync(dir)) return { found: false };
      const opened = openKept(sessionPaths(dir, id).file, id, false);
      if (!opened) return { found: false };
      try {
        return { found: true, value: await work(opened.governor, opened.notes) };
      } finally {
        opened.governor.stop();
      }
    },
    async end(sessionId) {
      const id = checkSessionId(sessionId);
      if (!keeps()) return;
      await locked(id, async (file, lock) => {
        const opened = openKept(file, id);
        if (!opened) return;
        // another agent's end of a session is no end of it
        if (opened.profile !== profile) {
          opened.governor.stop();
          throw otherAgentError(id, opened.profile, profile);
        }
        // a session bound to a credential is ended only by a hook that holds it: anyone can post an end
        if (opened.notes.credential !== undefined && options.credential?.() !== opened.notes.credential) {
          opened.governor.stop();
          return;
        }
        await workAndKeep({ file, id, lock }, opened, (_governor, notes) => {
          notes.endedAt = now();
        });
      });
    },
  };
}
