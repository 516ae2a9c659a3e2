import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HookEvent } from '../../../src/hooks/hookEvent';
import { tempDir } from './agentCli';
import { bundleEntry } from './bundleEntry';
import type { AnswerScript } from './scriptedClaudeHook';

/** One agent run's scripted hook: the environment that tells it what to answer, and the events it read. */
export interface ScriptedHookRun {
  readonly env: NodeJS.ProcessEnv;
  /** the neutral events the hook read, in order (none before the run) */
  events(): HookEvent[];
}

/** The scripted hook for one run of `agent`'s CLI, answering from `answers` and logging each event it reads. */
export function scriptedHookRun(agent: string, answers: AnswerScript): ScriptedHookRun {
  const log = path.join(tempDir('hook-log-'), 'events.jsonl');
  return {
    env: { SCRIPTED_HOOK_AGENT: agent, SCRIPTED_HOOK_ANSWERS: JSON.stringify(answers), SCRIPTED_HOOK_LOG: log },
    events: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as HookEvent)
        : [],
  };
}

/**
 * The command that runs the scripted hook. Codex and Gemini CLI run the call when a hook fails
 * without a reason on stderr, so a hook that cannot even start says why and exits 2.
 */
export async function scriptedHookCommand(): Promise<string> {
  return `node ${await bundleEntry('test/support/agents/scriptedClaudeHook.ts')} || { echo 'intentgate: the hook failed' >&2; exit 2; }`;
}
