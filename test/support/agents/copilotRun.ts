import path from 'node:path';
import { runAgent, tempDir, writeJson, type AgentRun } from './agentCli';
import type { AgentRunSpec } from './agentRunSpec';
import { startChatModel, type ChatRequest, type ChatTurn } from './chatCompletionsModel';

/** The events intentgate governs in GitHub Copilot CLI, under the names that select its snake_case payloads. */
export const COPILOT_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionEnd',
] as const;

export interface CopilotRun {
  readonly run: AgentRun;
  /** the model's main-loop requests: what the agent sent after each turn */
  readonly requests: readonly ChatRequest[];
}

/** How long Copilot gives a hook; longer than the wrapper's own `timeout 25`, since a hook Copilot times out lets the call run. */
const HOOK_TIMEOUT_SEC = 30;

/**
 * Runs the real GitHub Copilot CLI headless (`copilot -p ... --allow-all-tools --trust-folder`)
 * in the workspace, offline (`COPILOT_OFFLINE`, no GitHub login) against a scripted Chat
 * Completions model on 127.0.0.1 (`COPILOT_PROVIDER_BASE_URL`), with a fresh HOME: every tool
 * is allowed, so only the hooks in `.github/hooks/` decide; MCP servers go in `.mcp.json`.
 */
export async function runCopilot(program: string, spec: AgentRunSpec<ChatTurn>): Promise<CopilotRun> {
  const handler = { type: 'command', bash: spec.hookCommand, timeoutSec: HOOK_TIMEOUT_SEC };
  writeJson(path.join(spec.workspace, '.github', 'hooks', 'intentgate.json'), {
    version: 1,
    hooks: Object.fromEntries(COPILOT_HOOK_EVENTS.map((event) => [event, [handler]])),
  });
  if (spec.mcpServers !== undefined) {
    const servers = Object.fromEntries(
      Object.entries(spec.mcpServers).map(([name, server]) => [name, { type: 'local', ...server, tools: ['*'] }]),
    );
    writeJson(path.join(spec.workspace, '.mcp.json'), { mcpServers: servers });
  }
  const model = await startChatModel(spec.script, 'bash');
  try {
    const run = await runAgent(
      program,
      ['-p', spec.prompt ?? 'Do the task.', '--allow-all-tools', '--trust-folder', '--output-format', 'json'],
      {
        cwd: spec.workspace,
        timeoutMs: spec.timeoutMs ?? 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: tempDir('copilot-home-'),
          COPILOT_OFFLINE: 'true',
          COPILOT_AUTO_UPDATE: 'false',
          COPILOT_PROVIDER_BASE_URL: model.url,
          COPILOT_PROVIDER_API_KEY: 'scripted-model',
          COPILOT_MODEL: 'gpt-4.1',
          ...spec.env,
        },
      },
    );
    return { run, requests: [...model.requests] };
  } finally {
    await model.close();
  }
}

/** The result Copilot sent back for each scripted tool call, in order. */
export const toolMessages = (copilot: CopilotRun): string[] => {
  const last = copilot.requests[copilot.requests.length - 1];
  return last === undefined ? [] : last.toolMessages.map((seen) => seen.content);
};
