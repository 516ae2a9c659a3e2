import { SessionStoreError } from '../errors/SessionStoreError';
import { checkAgentSessionId, otherAgentError, type GovernorSessions } from './governorSessions';
import type { RedisSessionStore } from './redisSessionStore';

/**
 * The sessions of a Redis store as agent hooks use them: created on first use with the options
 * of `profile` (an agent's preset), shared with every instance of the deployment. A session kept
 * with other options (another agent's, or the service's) is refused, its end too.
 */
export function redisGovernorSessions(store: RedisSessionStore, profile: string): GovernorSessions {
  return {
    async withSession(sessionId, work) {
      const used = await store.update(
        checkAgentSessionId(sessionId),
        { create: true, profile },
        (governor, notes, facts) => {
          if (facts.profile !== profile) throw otherAgentError(sessionId, facts.profile, profile);
          // an event of the agent: a session it had ended is resumed
          notes.endedAt = undefined;
          return work(governor, notes);
        },
      );
      // a use that may create always finds its session
      if (!used.found)
        throw new SessionStoreError(`the Redis session '${sessionId.slice(0, 128)}' could not be created`);
      return used.value;
    },
    end: (sessionId) => store.end(checkAgentSessionId(sessionId), profile),
  };
}
