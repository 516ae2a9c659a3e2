import type { GovernorOptions } from '../governor/governorOptions';
import { createSessionStore, type SessionStore } from '../server/sessionStore';
import type { GovernorSessions, SessionNotes } from './governorSessions';
import { createKeyedQueue } from './keyedQueue';

/** The sessions an in-memory store holds when no limit is given. */
export const DEFAULT_MEMORY_SESSIONS = 1000;

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

/** Governor sessions in memory, created with `options`, the least recently used evicted past `maxSessions`. */
export function createMemorySessions(options: GovernorOptions, maxSessions = DEFAULT_MEMORY_SESSIONS): GovernorSessions {
  return memorySessions(createSessionStore(options, maxSessions));
}
