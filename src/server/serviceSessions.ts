import type { Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import type { AgentHookAdapter } from '../hooks/agentHookAdapter';
import { withAgentPreset } from '../hooks/agentGovernorOptions';
import { SessionStoreError } from '../errors/SessionStoreError';
import type { GovernorSessions, SessionNotes } from '../sessions/governorSessions';
import { memorySessions } from '../sessions/memorySessions';
import { unknownSession } from './unknownSession';
import type { SessionStore } from './sessionStore';

/** Where the service keeps its sessions: in this process, or in Redis for every instance of a deployment. */
export type SessionStoreKind = 'memory' | 'redis';

/** 'read' keeps nothing the work changes (and, in Redis, takes no lock); 'write' keeps it. */
export type SessionAccess = 'read' | 'write';

/**
 * How every session route reaches its session, whatever the store: one code path for the
 * in-memory default and Redis. Each may reject with SessionStoreError when the store cannot
 * be used; a route then answers a deny (a decision) or a 503, never a decision from memory.
 */
export interface ServiceSessions {
  readonly kind: SessionStoreKind;
  /**
   * Runs `work` on the governor of an existing session, with the notes of an agent's hooks when
   * an agent's hook made it (a human's answer given here reaches the agent through them), as a
   * human's use: an ended session stays ended. 404 `unknown_session` when there is none.
   */
  withExisting<T>(
    id: string,
    access: SessionAccess,
    work: (governor: Governor, agentNotes: SessionNotes | undefined) => T | Promise<T>,
  ): Promise<T>;
  /**
   * Runs `work` on the governor of the session, created (in REQUEST) when it is new. A session
   * an agent's hooks made is refused (`hookSessionRefusal`): its calls are read with that
   * agent's tools, so only its hook route drives it.
   */
  withCreated<T>(id: string, work: (governor: Governor, created: boolean) => T | Promise<T>): Promise<T>;
  /**
   * Runs `work` on an existing session the service's own routes made, as the agent's gateway
   * (`/sessions/:id/tool-calls`) uses it; one an agent's hooks made is refused as withCreated
   * refuses it, an unknown one is 404 `unknown_session`.
   */
  withOwn<T>(id: string, work: (governor: Governor) => T | Promise<T>): Promise<T>;
  /** the sessions as an agent's hooks use them, its governors created with the agent's preset */
  hookSessions(adapter: AgentHookAdapter): GovernorSessions;
  /** `view` of every live session (with the notes of an agent's hooks, as withExisting), the most recently used first; reading them does not keep them alive */
  list<T>(view: (governor: Governor, agentNotes: SessionNotes | undefined) => T): Promise<T[]>;
  /** how many live sessions there are */
  count(): Promise<number>;
  /** true when the store can be used now */
  healthy(): Promise<boolean>;
  /** Drops every session this process holds and lets go of the store. */
  close(): Promise<void>;
}

// the refusals made here, so a route tells them from a store that cannot be used
const refusals = new WeakSet<Error>();

/** Why the service's own session routes refuse a session an agent's hooks made. */
export function hookSessionRefusal(id: string): SessionStoreError {
  const refusal = new SessionStoreError(
    `the session '${id.slice(0, 128)}' was started by an agent's hooks: only its hook route ` +
      `(/hooks/<agent>) drives it, since its calls are read with that agent's tools; use another session id for /sessions/:id/prompt and /tool-calls`,
  );
  refusals.add(refusal);
  return refusal;
}

/** True for the refusal of a session an agent's hooks made (`hookSessionRefusal`). */
export const isHookSessionRefusal = (error: unknown): boolean => error instanceof Error && refusals.has(error);

/** The service's sessions in its in-memory store: the governors stay alive, nothing is serialized. */
export function memoryServiceSessions(store: SessionStore, governor: GovernorOptions, prefix: string): ServiceSessions {
  // one per agent, so a session's notes outlive a request
  const hooks = new Map<string, GovernorSessions>();
  return {
    kind: 'memory',
    async withExisting(id, _access, work) {
      const found = store.use(id);
      if (!found) throw unknownSession(id, prefix);
      return work(found, store.agentNotes(id));
    },
    async withCreated(id, work) {
      if (store.agentNotes(id) !== undefined) throw hookSessionRefusal(id);
      const { governor: found, created } = store.getOrCreate(id);
      return work(found, created);
    },
    async withOwn(id, work) {
      const found = store.use(id);
      if (!found) throw unknownSession(id, prefix);
      if (store.agentNotes(id) !== undefined) throw hookSessionRefusal(id);
      return work(found);
    },
    hookSessions(adapter) {
      let found = hooks.get(adapter.name);
      if (!found) {
        found = memorySessions(store, withAgentPreset(governor, adapter));
        hooks.set(adapter.name, found);
      }
      return found;
    },
    list: async (view) =>
      store
        .ids()
        .reverse()
        .flatMap((id) => {
          const found = store.get(id);
          return found ? [view(found, store.agentNotes(id))] : [];
        }),
    count: async () => store.size,
    healthy: async () => true,
    async close() {
      store.clear();
    },
  };
}
