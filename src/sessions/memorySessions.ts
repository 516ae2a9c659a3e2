import type { GovernorOptions } from '../governor/governorOptions';
import { SERVER_DEFAULTS } from '../server/serverOptions';
import { createSessionStore, type SessionLimits, type SessionStore } from '../server/sessionStore';
import { freshNotes, type GovernorSessions } from './governorSessions';
import { createKeyedQueue } from './keyedQueue';

/**
 * Governor sessions kept in memory, in a service's session store: the governors stay alive, so
 * nothing is serialized, and their notes are kept beside them in the store, where the service's
 * approval routes find them too. `options` are the ones a new session's governor is created
 * with (the store's base options otherwise). Work on one session runs one at a time.
 */
export function memorySessions(store: SessionStore, options?: GovernorOptions): GovernorSessions {
  const queue = createKeyedQueue();
  return {
    withSession: (sessionId, work) =>
      queue(sessionId, async () => {
        const { governor } = store.getOrCreate(sessionId, options);
        // a session just got or created is there: its notes are claimed for the agent
        const notes = store.agentNotes(sessionId, true) ?? freshNotes();
        notes.endedAt = undefined;
        return work(governor, notes);
      }),
    end: (sessionId) =>
      queue(sessionId, async () => {
        store.end(sessionId);
      }),
  };
}

/**
 * Governor sessions in memory, created with `options`, bounded as the service's are: a session
 * idle past the TTL is gone (one its agent ended, past `endedTtlMs`), and a new one past
 * `maxSessions` is refused (the work is not run).
 */
export function createMemorySessions(options: GovernorOptions, limits: Partial<SessionLimits> = {}): GovernorSessions {
  return memorySessions(createSessionStore(options, { maxSessions: SERVER_DEFAULTS.maxSessions, idleTtlMs: SERVER_DEFAULTS.sessionTtlMs, ...limits }));
}
