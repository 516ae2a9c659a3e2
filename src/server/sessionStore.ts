import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';

/** What the service shows of its sessions: one governor per session id. */
export interface SessionRegistry {
  /** how many sessions are held */
  readonly size: number;
  /** the session's governor, or undefined */
  get(id: string): Governor | undefined;
  has(id: string): boolean;
  /** the session ids, least recently used first */
  ids(): string[];
}

/** The store behind the routes: sessions are created on their first prompt. */
export interface SessionStore extends SessionRegistry {
  /** the governor of `id`, created with the base options (or `options`, given in their place) when it is new */
  getOrCreate(id: string, options?: GovernorOptions): { readonly governor: Governor; readonly created: boolean };
  /** the governor of `id`, marked as just used; undefined when the session is unknown */
  use(id: string): Governor | undefined;
  /** drops one session, stopping its governor */
  remove(id: string): void;
  /** drops every session */
  clear(): void;
}


/**
 * Holds up to `maxSessions` governors, evicting the least recently used one when a new session
 * needs room. Eviction is fail-safe: the dropped session's approvals and intent are gone, and its
 * next call gets 404 until a prompt starts it again in REQUEST.
 */
export function createSessionStore(base: GovernorOptions, maxSessions: number): SessionStore {
  // a Map iterates in insertion order: re-inserting on use keeps the oldest first
  const sessions = new Map<string, Governor>();

  const use = (id: string): Governor | undefined => {
    const governor = sessions.get(id);
    if (governor) {
      sessions.delete(id);
      sessions.set(id, governor);
    }
    return governor;
  };

  const evictOldest = (): void => {
    const oldest = sessions.keys().next();
    if (oldest.done) return;
    const governor = sessions.get(oldest.value);
    sessions.delete(oldest.value);
    governor?.stop();
  };

  return {
    get size() {
      return sessions.size;
    },
    get: (id) => sessions.get(id),
    has: (id) => sessions.has(id),
    ids: () => [...sessions.keys()],
    use,
    getOrCreate(id, options = base) {
      const existing = use(id);
      if (existing) return { governor: existing, created: false };
      // created before evicting, so a governor that fails to start costs no other session
      const governor = createGovernor({ ...options, sessionId: id });
      while (sessions.size >= maxSessions) evictOldest();
      sessions.set(id, governor);
      return { governor, created: true };
    },
    remove(id) {
      sessions.get(id)?.stop();
      sessions.delete(id);
    },
    clear() {
      for (const governor of sessions.values()) governor.stop();
      sessions.clear();
    },
  };
}
