import type { GovernorOptions } from '../governor/governorOptions';
import { SessionStoreError } from '../errors/SessionStoreError';
import { SERVER_DEFAULTS } from '../server/serverOptions';
import { createSessionStore, type SessionLimits, type SessionStore } from '../server/sessionStore';
import { freshNotes, type GovernorSessions } from './governorSessions';
import { createKeyedQueue } from './keyedQueue';

/** The options' stand-in when a store's base options made the session. */
const BASE: GovernorOptions = Object.freeze({});

// per store, which options (an agent's preset, by identity) made each session its hooks use
const makers = new WeakMap<SessionStore, Map<string, GovernorOptions>>();

function makersOf(store: SessionStore): Map<string, GovernorOptions> {
  let found = makers.get(store);
  if (!found) {
    found = new Map();
    makers.set(store, found);
  }
  return found;
}

/**
 * Governor sessions kept in memory, in a service's session store: the governors stay alive, so
 * nothing is serialized, and their notes are kept beside them in the store, where the service's
 * approval routes find them too. `options` are the ones a new session's governor is created
 * with (the store's base options otherwise). Work on one session runs one at a time. A session
 * belongs to the options that made it: the hooks of another agent (other options), or of any
 * agent on a session the service's own routes made, are refused, since that agent's tools would
 * be read by a preset that does not know them.
 */
export function memorySessions(store: SessionStore, options?: GovernorOptions): GovernorSessions {
  const queue = createKeyedQueue();
  const own = options ?? BASE;
  const made = makersOf(store);
  const refuseOther = (sessionId: string): void => {
    if (made.get(sessionId) === own) return;
    throw new SessionStoreError(
      `the session '${sessionId.slice(0, 128)}' was started by another agent's hooks, or by the ` +
        `service's own routes: it is refused here, where it would be read with another agent's tools`,
    );
  };
  return {
    withSession: (sessionId, work) =>
      queue(sessionId, async () => {
        const { governor, created } = store.getOrCreate(sessionId, options);
        if (created) made.set(sessionId, own);
        // a store's entry outlives an expired session only until the id is made again
        else refuseOther(sessionId);
        // a session just got or created is there: its notes are claimed for the agent
        const notes = store.agentNotes(sessionId, true) ?? freshNotes();
        notes.endedAt = undefined;
        return work(governor, notes);
      }),
    end: (sessionId) =>
      queue(sessionId, async () => {
        // another agent's end of a session is no end of it
        if (store.has(sessionId)) refuseOther(sessionId);
        // a session bound to a credential is not ended by a route that shows none
        if (store.agentNotes(sessionId)?.credential !== undefined) return;
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
  return memorySessions(
    createSessionStore(options, {
      maxSessions: SERVER_DEFAULTS.maxSessions,
      idleTtlMs: SERVER_DEFAULTS.sessionTtlMs,
      ...limits,
    }),
  );
}
