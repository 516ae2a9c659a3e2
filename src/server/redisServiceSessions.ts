import { createHmac } from 'node:crypto';
import { createGovernor, type Governor } from '../governor/createGovernor';
import type { GovernorOptions } from '../governor/governorOptions';
import { SessionStoreError } from '../errors/SessionStoreError';
import { SessionTamperedError } from '../errors/SessionTamperedError';
import { withAgentPreset } from '../hooks/agentGovernorOptions';
import type { AgentHookAdapter } from '../hooks/agentHookAdapter';
import { findHookAdapter } from '../hooks/hookAdapters';
import { createRedisSessionStore, type Found, type SessionWork } from '../sessions/redisSessionStore';
import { redisGovernorSessions } from '../sessions/redisGovernorSessions';
import type { GovernorSessions, SessionNotes } from '../sessions/governorSessions';
import { markRefused } from './refusedSessions';
import { unknownSession } from './unknownSession';
import type { DecisionObserver } from './observeDecisions';
import { observeDecisions } from './observeDecisions';
import { hookSessionRefusal, type ServiceSessions, type SessionAccess } from './serviceSessions';
import { sessionsFull } from './sessionStore';

/** What the Redis sessions of a service are made with. */
export interface RedisServiceOptions {
  /** `redis://HOST:PORT` */
  readonly url: string;
  /** the deployment's name; a new name starts with no sessions and no approvals */
  readonly deployment: string;
  /** every session's governor is created with these (and an agent's preset for hook sessions) */
  readonly governor: GovernorOptions;
  readonly prefix: string;
  readonly maxSessions: number;
  readonly idleTtlMs: number;
  /** a session its agent ended is kept this long after the end */
  readonly endedTtlMs: number;
  /** hears every decision made (the service's metrics) */
  readonly onDecision: DecisionObserver;
  /** a Redis command unanswered this long fails, and the call it serves is denied (default 1 s) */
  readonly timeoutMs?: number;
  /** the service's approval token: every record's MAC is keyed by a key derived from it, so only a holder of the token can write a session Redis restores */
  readonly approvalToken: string;
}

/** The key of the Redis records' MACs, derived from the approval token: every instance of a deployment shares it, and only with the token. */
export function redisSessionMacKey(approvalToken: string): Buffer {
  return createHmac('sha256', approvalToken).update('intentgate redis session records').digest();
}

/** The console reads at most this many sessions from Redis per listing. */
const MAX_LISTED = 200;

/**
 * The service's sessions in Redis, shared by every instance of the deployment: each use
 * restores the governor from Redis under the session's lock, and keeps what changed. A
 * session created by an agent's hook keeps that agent's preset (its profile) for every use.
 */
export function redisServiceSessions(options: RedisServiceOptions): ServiceSessions {
  // the adapters the hook routes used, with the service's plan for shell commands in their presets
  const hookAdapters = new Map<string, AgentHookAdapter>();
  const governorOptions = (profile: string): GovernorOptions => {
    if (profile === '') return options.governor;
    const adapter = hookAdapters.get(profile) ?? findHookAdapter(profile);
    // a profile this build does not know cannot be restored faithfully: refuse rather than guess
    if (!adapter)
      throw new SessionStoreError(
        `the Redis session was created by agent '${profile.slice(0, 64)}', which this service does not know`,
      );
    return withAgentPreset(options.governor, adapter);
  };
  const store = createRedisSessionStore({
    url: options.url,
    deployment: options.deployment,
    governorOptions,
    idleTtlMs: options.idleTtlMs,
    endedTtlMs: options.endedTtlMs,
    maxSessions: options.maxSessions,
    full: (maxSessions) => sessionsFull(maxSessions, options.idleTtlMs),
    wrap: (governor) => observeDecisions(governor, options.onDecision),
    ...(options.timeoutMs !== undefined && { commandTimeoutMs: options.timeoutMs }),
    macKey: redisSessionMacKey(options.approvalToken),
  });
  const hooks = new Map<string, GovernorSessions>();
  const found = <T>(id: string, used: Found<T>): T => {
    if (!used.found) throw unknownSession(id, options.prefix);
    return used.value;
  };
  return {
    kind: 'redis',
    async withExisting<T>(
      id: string,
      access: SessionAccess,
      work: (governor: Governor, agentNotes: SessionNotes | undefined) => T | Promise<T>,
    ): Promise<T> {
      // only a session an agent's hook made has notes an agent reads
      const human: SessionWork<T> = (governor, notes, { profile }) =>
        work(governor, profile === '' ? undefined : notes);
      return found(
        id,
        access === 'read' ? await store.read(id, human) : await store.update(id, { create: false }, human),
      );
    },
    withCreated: async (id, work) =>
      found(
        id,
        await store.update(id, { create: true, profile: '' }, (governor, _notes, { created, profile }) => {
          if (profile !== '') throw hookSessionRefusal(id);
          return work(governor, created);
        }),
      ),
    withOwn: async (id, work) =>
      found(
        id,
        await store.update(id, { create: false }, (governor, _notes, { profile }) => {
          if (profile !== '') throw hookSessionRefusal(id);
          return work(governor);
        }),
      ),
    hookSessions(adapter) {
      hookAdapters.set(adapter.name, adapter);
      let sessions = hooks.get(adapter.name);
      if (!sessions) {
        sessions = redisGovernorSessions(store, adapter.name);
        hooks.set(adapter.name, sessions);
      }
      return sessions;
    },
    async list<T>(view: (governor: Governor, agentNotes: SessionNotes | undefined) => T): Promise<T[]> {
      const ids = (await store.ids()).reverse().slice(0, MAX_LISTED);
      const views = await Promise.all(
        ids.map(async (id) => {
          try {
            return await store.read(id, (governor, notes, { profile }) =>
              view(governor, profile === '' ? undefined : notes),
            );
          } catch (error) {
            // a record that fails its MAC is listed, marked, so a human sees it and removes it
            if (!(error instanceof SessionTamperedError)) throw error;
            const standIn = markRefused(createGovernor({ ...options.governor, sessionId: id }), error.message);
            try {
              return { found: true as const, value: view(standIn, undefined) };
            } finally {
              standIn.stop();
            }
          }
        }),
      );
      return views.flatMap((each) => (each.found ? [each.value] : []));
    },
    count: () => store.count(),
    healthy: () => store.healthy(),
    close: () => store.close(),
  };
}
