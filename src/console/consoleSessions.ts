import { randomBytes } from 'node:crypto';
import { DEFAULT_TOKEN_NAME } from '../server/approvalTokens';
import { secretDigest } from './secretDigest';

/** A browser signed in to the console. */
export interface ConsoleSession {
  /** a stable key for the session that is not its secret id (the id's hash) */
  readonly key: string;
  /** the token the page sends in a header with every change of state */
  readonly csrf: string;
  /** who signed in: the name of the approval token used, or the sign-in link's */
  readonly approver: string;
}

/** The signed-in browsers: created at sign-in, found by the cookie's id, ended at sign-out or when idle. */
export interface ConsoleSessions {
  /** Starts a session of `approver` (default 'default'); the id goes in the cookie and is kept only as a hash. */
  create(approver?: string): { readonly id: string; readonly session: ConsoleSession };
  /** The live session of a cookie's id, marked as used; undefined when unknown or expired. */
  find(id: string | undefined): ConsoleSession | undefined;
  /** Whether the session of `key` is still live, without marking it used. */
  isLive(key: string): boolean;
  /** Ends a session; true when there was one. */
  end(key: string): boolean;
  /** Ends every session. */
  clear(): void;
  readonly size: number;
}

/** How long and how many. */
export interface ConsoleSessionLimits {
  /** a session unused this long is over */
  readonly idleTtlMs: number;
  /** beyond it the longest idle session ends to make room */
  readonly maxSessions: number;
  readonly now?: () => number;
}

/** Creates the store; ids and CSRF tokens are 256 random bits. */
export function createConsoleSessions(limits: ConsoleSessionLimits): ConsoleSessions {
  const now = limits.now ?? Date.now;
  // by the id's hash, in order of last use: the longest idle first
  const sessions = new Map<string, { session: ConsoleSession; usedAt: number }>();

  const dropExpired = (): void => {
    const oldestAllowed = now() - limits.idleTtlMs;
    for (const [key, entry] of sessions) {
      if (entry.usedAt > oldestAllowed) return;
      sessions.delete(key);
    }
  };

  return {
    create(approver = DEFAULT_TOKEN_NAME) {
      dropExpired();
      while (sessions.size >= limits.maxSessions) {
        const oldest = sessions.keys().next().value;
        if (oldest === undefined) break;
        sessions.delete(oldest);
      }
      const id = randomBytes(32).toString('base64url');
      const session: ConsoleSession = { key: secretDigest(id), csrf: randomBytes(32).toString('base64url'), approver };
      sessions.set(session.key, { session, usedAt: now() });
      return { id, session };
    },
    find(id) {
      if (id === undefined || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
      dropExpired();
      const key = secretDigest(id);
      const entry = sessions.get(key);
      if (!entry) return undefined;
      sessions.delete(key);
      sessions.set(key, { session: entry.session, usedAt: now() });
      return entry.session;
    },
    isLive(key) {
      dropExpired();
      return sessions.has(key);
    },
    end: (key) => sessions.delete(key),
    clear: () => sessions.clear(),
    get size() {
      return sessions.size;
    },
  };
}
