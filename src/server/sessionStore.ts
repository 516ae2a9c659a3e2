import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import { freshNotes, type SessionNotes } from '../sessions/governorSessions';
import { DEFAULT_ENDED_SESSION_TTL_MS, keptUntil, type SessionRetention } from '../sessions/sessionRetention';
import { HttpError } from './httpError';
import { observeDecisions, type DecisionObserver } from './observeDecisions';

/** What the service shows of its sessions: one governor per session id. */
export interface SessionRegistry {
  /** how many sessions are held */
  readonly size: number;
  /** the session's governor, or undefined */
  get(id: string): Governor | undefined;
  has(id: string): boolean;
  /** the session ids, longest idle first */
  ids(): string[];
}

/** The store behind the routes: sessions are created on their first prompt. */
export interface SessionStore extends SessionRegistry {
  /** the governor of `id`, created with the base options (or `options`, given in their place) when it is new */
  getOrCreate(id: string, options?: GovernorOptions): { readonly governor: Governor; readonly created: boolean };
  /** the governor of `id`, marked as just used; undefined when the session is unknown */
  use(id: string): Governor | undefined;
  /**
   * The notes an agent's hooks keep on the session; undefined for an unknown session, and for
   * one no agent's hook used unless `claim` makes it an agent's from now on.
   */
  agentNotes(id: string, claim?: boolean): SessionNotes | undefined;
  /** marks the session ended by its agent, now: it is kept for `endedTtlMs` after; nothing for an unknown one */
  end(id: string): void;
  /** drops one session, stopping its governor */
  remove(id: string): void;
  /** drops every session */
  clear(): void;
}

/** How the store bounds its sessions, and who hears their decisions. */
export interface SessionLimits {
  /** at most this many live sessions; a new one beyond it is refused, never a live one dropped */
  readonly maxSessions: number;
  /** a session unused this long is gone: its approvals and intent with it */
  readonly idleTtlMs: number;
  /** a session its agent ended is kept this long after the end (default a day) */
  readonly endedTtlMs?: number;
  /** the clock, for tests */
  readonly now?: () => number;
  /** hears every decision the store's governors make (the service's metrics) */
  readonly onDecision?: DecisionObserver;
}

/** A new session refused because the store is full of live ones: 429 with when to try again. */
export function sessionsFull(maxSessions: number, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError({
    status: 429,
    code: 'too_many_sessions',
    message:
      `the service holds ${maxSessions} live sessions, its limit: a new one can start in ` +
      `${seconds} s, when the longest idle one expires (or raise maxSessions)`,
    headers: { 'Retry-After': String(seconds) },
    details: { retry_after_s: seconds },
  });
}

interface Held {
  readonly governor: Governor;
  readonly usedAt: number;
  readonly notes: SessionNotes;
  /** whether an agent's hook used it: only then are its notes an agent's */
  readonly agent: boolean;
}

/**
 * Holds up to `maxSessions` governors. A session unused for `idleTtlMs` expires: it is dropped
 * the next time the store is used, and its next call gets 404 until a prompt starts it again
 * in REQUEST. A session its agent ended is kept for `endedTtlMs` after the end (and at least
 * `idleTtlMs` after its last use). At capacity a new session is refused (429 with
 * Retry-After) rather than a live one dropped: a person answering a held call must not lose
 * it to someone else's traffic.
 */
export function createSessionStore(base: GovernorOptions, limits: SessionLimits): SessionStore {
  const { maxSessions, idleTtlMs } = limits;
  const retention: SessionRetention = { idleTtlMs, endedTtlMs: limits.endedTtlMs ?? DEFAULT_ENDED_SESSION_TTL_MS };
  const now = limits.now ?? Date.now;
  // a Map iterates in insertion order: re-inserting on use keeps the longest idle first
  const sessions = new Map<string, Held>();
  const expired = (session: Held, at: number): boolean =>
    keptUntil(session.usedAt, session.notes.endedAt, retention) <= at;

  const dropExpired = (): void => {
    const at = now();
    for (const [id, session] of sessions) {
      // every session lives at least the idle time after its last use, and the later ones were used later
      if (session.usedAt + idleTtlMs > at) return;
      // an ended session kept for its retention is passed over; there are at most maxSessions
      if (!expired(session, at)) continue;
      sessions.delete(id);
      session.governor.stop();
    }
  };

  const use = (id: string): Governor | undefined => {
    dropExpired();
    const session = sessions.get(id);
    if (!session) return undefined;
    if (expired(session, now())) {
      sessions.delete(id);
      session.governor.stop();
      return undefined;
    }
    sessions.delete(id);
    sessions.set(id, { ...session, usedAt: now() });
    return session.governor;
  };

  return {
    get size() {
      return sessions.size;
    },
    get: (id) => sessions.get(id)?.governor,
    has: (id) => sessions.has(id),
    ids: () => [...sessions.keys()],
    use,
    getOrCreate(id, options = base) {
      const existing = use(id);
      if (existing) return { governor: existing, created: false };
      if (sessions.size >= maxSessions) {
        const oldest = sessions.values().next().value;
        throw sessionsFull(maxSessions, oldest === undefined ? idleTtlMs : oldest.usedAt + idleTtlMs - now());
      }
      const made = createGovernor({ ...options, sessionId: id });
      const governor = limits.onDecision ? observeDecisions(made, limits.onDecision) : made;
      sessions.set(id, { governor, usedAt: now(), notes: freshNotes(), agent: false });
      return { governor, created: true };
    },
    agentNotes(id, claim = false) {
      const session = sessions.get(id);
      if (!session) return undefined;
      if (!session.agent && claim) sessions.set(id, { ...session, agent: true });
      return session.agent || claim ? session.notes : undefined;
    },
    end(id) {
      const session = sessions.get(id);
      if (session) session.notes.endedAt = now();
    },
    remove(id) {
      sessions.get(id)?.governor.stop();
      sessions.delete(id);
    },
    clear() {
      for (const session of sessions.values()) session.governor.stop();
      sessions.clear();
    },
  };
}
