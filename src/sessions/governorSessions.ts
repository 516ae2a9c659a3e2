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
  /**
   * when a human cancelled the held call instead (ms since the epoch): the agent's identical
   * retry is refused, not held again, until the held-call TTL has passed since
   */
  readonly cancelledAt?: number;
  /** who continued it, when the route knew (the approval token's name): the retry's trace names them too */
  readonly approver?: string;
}

/** The passes a session keeps; past it, the oldest is forgotten (its call is asked about again). */
export const MAX_HELD_CALL_PASSES = 8;

/** The notices a session keeps for the model; past it, the oldest is dropped. */
export const MAX_MODEL_NOTICES = 8;

/** What a session keeps for its hooks besides its governor; the work may change it. */
export interface SessionNotes {
  passes: HeldCallPass[];
  /** what a human answered outside the agent that the model has not been told yet (a cancelled call) */
  notices: string[];
  /** when the agent ended the session (ms since the epoch); an event of the agent afterwards resumes it */
  endedAt?: number | undefined;
  /**
   * the SHA-256 of the approval token the hook that started the session found, read from the
   * agent's environment (which the model's commands cannot change): the credential a human
   * answers this session with from a terminal; absent when there was none
   */
  credential?: string | undefined;
}

/** The notes of a session new to the store. */
export const freshNotes = (): SessionNotes => ({ passes: [], notices: [] });

/**
 * Where the governors of agent sessions live between hook events: every agent hook is a new
 * process (or a new request), so the lifecycle, the active intent, held calls and approvals
 * are kept per agent session id and handed to one piece of work at a time.
 */
export interface GovernorSessions {
  /**
   * Runs `work` on the governor of `sessionId` (created on first use) and its notes, and keeps
   * what it changed: an event of the agent, so a session the agent had ended is resumed, with
   * its intent and approvals. Work on one session id runs one at a time. Rejects with
   * SessionStoreError when the session cannot be read, locked or kept; one that cannot be read
   * is never replaced by a fresh one.
   */
  withSession<T>(sessionId: string, work: (governor: Governor, notes: SessionNotes) => T | Promise<T>): Promise<T>;
  /**
   * Marks a session ended by its agent, now: it is kept as it is (intent, approvals, held calls)
   * for the store's retention time, so a human can still answer it and a resumed run continues
   * it, then forgotten. Nothing else changes; an unknown session stays unknown.
   */
  end(sessionId: string): Promise<void>;
}

/** An agent's session id as a store takes it: a non-empty string of at most MAX_SESSION_ID_LENGTH characters, else SessionStoreError. */
export function checkAgentSessionId(sessionId: unknown): string {
  if (typeof sessionId === 'string' && sessionId !== '' && sessionId.length <= MAX_SESSION_ID_LENGTH) return sessionId;
  throw new SessionStoreError(
    `the agent's session id must be a non-empty string of at most ${MAX_SESSION_ID_LENGTH} characters`,
  );
}

/** Why a session kept with the options of `kept` ('' the host's or service's own) is refused to the hooks of `profile`. */
export function otherAgentError(sessionId: string, kept: string, profile: string): SessionStoreError {
  const owner = kept === '' ? "the service's own routes" : `${kept.slice(0, 64)}'s hooks`;
  const user = profile === '' ? 'these hooks' : `${profile.slice(0, 64)}'s hooks`;
  return new SessionStoreError(
    `the session '${sessionId.slice(0, 128)}' was started by ${owner}; ${user} cannot use it, since its calls would be read with another agent's tools`,
  );
}
