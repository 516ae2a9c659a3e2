import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * A sessions folder in the user's state folder, outside any workspace:
 * `$XDG_STATE_HOME/intentgate/sessions/<digest>`, else `~/.local/state/intentgate/sessions/<digest>`,
 * where the digest names the orchestration folder, so each workspace keeps its own sessions.
 * @example stateSessionsDir('/repo/.orchestration', { HOME: '/home/me' }) // '/home/me/.local/state/intentgate/sessions/3f0c…'
 */
export function stateSessionsDir(orchestrationDir: string, env: NodeJS.ProcessEnv): string {
  const state =
    env.XDG_STATE_HOME !== undefined && path.isAbsolute(env.XDG_STATE_HOME)
      ? env.XDG_STATE_HOME
      : path.join(env.HOME || homedir(), '.local', 'state');
  const digest = createHash('sha256').update(path.resolve(orchestrationDir), 'utf8').digest('hex').slice(0, 32);
  return path.join(state, 'intentgate', 'sessions', digest);
}
