import type { GovernorOptions } from '../governor/governorOptions';
import { SERVER_DEFAULTS } from '../server/serverOptions';
import { createSessionStore, type SessionLimits, type SessionStore } from '../server/sessionStore';
import type { GovernorSessions, SessionNotes } from './governorSessions';
import { createKeyedQueue } from './keyedQueue';


/**
 * Governor sessions kept in memory, in a service's session store: the governors stay alive, so
 * nothing is serialized. `options` are the ones a new session's governor is created with (the
 * store's base options otherwise). Work on one session runs one at a time.
 */
export function memorySessions(store: SessionStore, options?: GovernorOptions): GovernorSessions {
  const queue = createKeyedQueue();
  // a session the store evicted (or never had) starts with no notes
  const notes = new Map<string, SessionNotes>();
  return {
    withSession: (sessionId, work) =>
      queue(sessionId, async () => {
        const { governor, created } = store.getOrCreate(sessionId, options);
        if (created) notes.set(sessionId, { passes: [] });
        return work(governor, notes.get(sessionId) ?? { passes: [] });
      }),
    drop: (sessionId) =>
      queue(sessionId, async () => {
        store.remove(sessionId);
        notes.delete(sessionId);
      }),
  };
}

/**
 * Governor sessions in memory, created with `options`, bounded as the service's are: a session
 * idle past the TTL is gone, and a new one past `maxSessions` is refused (the work is not run).
 */
export function createMemorySessions(options: GovernorOptions, limits: Partial<SessionLimits> = {}): GovernorSessions {
  return memorySessions(createSessionStore(options, { maxSessions: SERVER_DEFAULTS.maxSessions, idleTtlMs: SERVER_DEFAULTS.sessionTtlMs, ...limits }));
}
