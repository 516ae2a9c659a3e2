import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { opencodePluginSource } from '../../../src/hooks/agents/opencodePlugin';
import { runAgent, tempDir, writeJson, type AgentRun } from './agentCli';
import type { AgentRunSpec } from './agentRunSpec';
import { startChatModel, type ChatRequest, type ChatTurn } from './chatCompletionsModel';

export interface OpencodeRun {
  readonly run: AgentRun;
  /** the model's main-loop requests: what the agent sent after each turn */
  readonly requests: readonly ChatRequest[];
}

/** The workspace's opencode.json: one model, the scripted one; MCP servers; every tool allowed, so only the plugin decides. */
function projectConfig(spec: AgentRunSpec<ChatTurn>, modelUrl: string): Record<string, unknown> {
  const provider = {
    npm: '@ai-sdk/openai-compatible',
    name: 'Scripted',
    options: { baseURL: modelUrl, apiKey: 'scripted-model' },
    models: { scripted: { name: 'Scripted', tool_call: true } },
  };
  const mcp = Object.fromEntries(
    Object.entries(spec.mcpServers ?? {}).map(([name, server]) => [
      name,
      {
        type: 'local',
        command: [server.command, ...server.args],
        enabled: true,
        ...(server.env && { environment: server.env }),
      },
    ]),
  );
  return {
    autoupdate: false,
    share: 'disabled',
    model: 'scripted/scripted',
    provider: { scripted: provider },
    mcp,
    permission: { edit: 'allow', bash: 'allow' },
  };
}

/**
 * Runs the real OpenCode headless (`opencode run`) in the workspace, against a scripted Chat
 * Completions model on 127.0.0.1 (an `@ai-sdk/openai-compatible` provider in opencode.json, no
 * login, no models.dev fetch), with a fresh HOME and intentgate's plugin in `.opencode/plugin/`
 * running `spec.hookCommand` for each tool call.
 */
export async function runOpencode(program: string, spec: AgentRunSpec<ChatTurn>): Promise<OpencodeRun> {
  const pluginDir = path.join(spec.workspace, '.opencode', 'plugin');
  mkdirSync(pluginDir, { recursive: true });
  writeFileSync(path.join(pluginDir, 'intentgate.js'), opencodePluginSource(spec.hookCommand));
  const model = await startChatModel(spec.script, 'bash');
  try {
    writeJson(path.join(spec.workspace, 'opencode.json'), projectConfig(spec, model.url));
    const run = await runAgent(program, ['run', spec.prompt ?? 'Do the task.', '--format', 'json'], {
      cwd: spec.workspace,
      // OpenCode takes 25-40 s for a short run on a loaded 2-core machine, most of it before its first request
      timeoutMs: spec.timeoutMs ?? 120_000,
      env: {
        PATH: process.env.PATH,
        HOME: tempDir('opencode-home-'),
        OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        ...spec.env,
      },
    });
    return { run, requests: [...model.requests] };
  } finally {
    await model.close();
  }
}

/** The result OpenCode sent back for each scripted tool call, in order. */
export const opencodeToolResults = (opencode: OpencodeRun): string[] =>
  opencode.requests[opencode.requests.length - 1]?.toolMessages.map((seen) => seen.content) ?? [];
