import type { Governor } from '../governor/governorApi';
import { MAX_SESSION_ID_LENGTH } from '../governor/governorOptions';
import { SessionStoreError } from '../errors/SessionStoreError';

/** A held call a human continued outside the agent: the agent's next call of it runs once. */
export interface HeldCallPass {
  /** the approval id of the hold the human answered */
  readonly approvalId: string;
  readonly tool: string;
  /** a digest of the call's arguments (`callDigest`): only the very call the human saw passes */
  readonly argsDigest: string;
}

/** The passes a session keeps; past it, the oldest is forgotten (its call is asked about again). */
export const MAX_HELD_CALL_PASSES = 8;

/** What a session keeps for its hooks besides its governor; the work may change it. */
export interface SessionNotes {
  passes: HeldCallPass[];
}

/**
 * Where the governors of agent sessions live between hook events: every agent hook is a new
 * process (or a new request), so the lifecycle, the active intent, held calls and approvals
 * are kept per agent session id and handed to one piece of work at a time.
 */
export interface GovernorSessions {
  /**
   * Runs `work` on the governor of `sessionId` (created on first use) and its notes, and keeps
   * what it changed. Work on one session id runs one at a time. Rejects with SessionStoreError
   * when the session cannot be read, locked or kept; one that cannot be read is never replaced
   * by a fresh one.
   */
  withSession<T>(sessionId: string, work: (governor: Governor, notes: SessionNotes) => T | Promise<T>): Promise<T>;
  /** Forgets a session: its next use starts afresh, with no approvals. */
  drop(sessionId: string): Promise<void>;
}

/** An agent's session id as a store takes it: a non-empty string of at most MAX_SESSION_ID_LENGTH characters, else SessionStoreError. */
export function checkAgentSessionId(sessionId: unknown): string {
  if (typeof sessionId === 'string' && sessionId !== '' && sessionId.length <= MAX_SESSION_ID_LENGTH) return sessionId;
  throw new SessionStoreError(`the agent's session id must be a non-empty string of at most ${MAX_SESSION_ID_LENGTH} characters`);
}
