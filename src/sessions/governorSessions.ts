import type { Governor } from '../governor/governorApi';

/**
 * Where the governors of agent sessions live between hook events: every agent hook is a new
 * process (or a new request), so the lifecycle, the active intent, held calls and approvals
 * are kept per agent session id and handed to one piece of work at a time.
 */
export interface GovernorSessions {
  /**
   * Runs `work` on the governor of `sessionId` (created on first use) and keeps what it changed.
   * Work on one session id runs one at a time. Rejects with SessionStoreError when the session
   * cannot be read, locked or kept; a session that cannot be read is never replaced by a fresh one.
   */
  withSession<T>(sessionId: string, work: (governor: Governor) => T | Promise<T>): Promise<T>;
  /** Forgets a session: its next use starts afresh, with no approvals. */
  drop(sessionId: string): Promise<void>;
}
