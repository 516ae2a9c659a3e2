import path from 'node:path';
import { runAgent, tempDir, writeJson, type AgentRun } from './agentCli';
import type { AgentRunSpec } from './agentRunSpec';
import { startGeminiModel, type GeminiRequest, type GeminiTurn } from './geminiModel';

/** The events intentgate governs in Gemini CLI. */
export const GEMINI_HOOK_EVENTS = [
  'SessionStart',
  'BeforeAgent',
  'BeforeToolSelection',
  'BeforeTool',
  'AfterTool',
  'AfterAgent',
  'SessionEnd',
] as const;

/** A run of Gemini CLI: its hooks and MCP servers in the workspace's .gemini/settings.json. */
export interface GeminiRunSpec extends AgentRunSpec<GeminiTurn> {
  /** the hook's timeout in milliseconds; default 30 s */
  readonly hookTimeoutMs?: number;
}

export interface GeminiRun {
  readonly run: AgentRun;
  /** the model's main-loop requests: what the agent sent after each turn */
  readonly requests: readonly GeminiRequest[];
}

function projectSettings(spec: GeminiRunSpec): Record<string, unknown> {
  const handler = { type: 'command', command: spec.hookCommand, timeout: spec.hookTimeoutMs ?? 30_000 };
  const hooks = Object.fromEntries(
    GEMINI_HOOK_EVENTS.map((event) => [
      event,
      [{ ...(event.endsWith('Tool') && { matcher: '.*' }), hooks: [handler] }],
    ]),
  );
  const servers = Object.fromEntries(
    Object.entries(spec.mcpServers ?? {}).map(([name, server]) => [name, { ...server, trust: true }]),
  );
  return { hooks, ...(spec.mcpServers !== undefined && { mcpServers: servers }) };
}

// the user's settings: no folder-trust prompt, no telemetry, no update check
const USER_SETTINGS = {
  security: { folderTrust: { enabled: false }, auth: { selectedType: 'gemini-api-key' } },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
};

/**
 * Runs the real Gemini CLI headless (`gemini -p ... --yolo`) in the workspace, against a
 * scripted model on 127.0.0.1, with a fresh HOME: YOLO approves every call, so only the hooks decide.
 */
export async function runGemini(program: string, spec: GeminiRunSpec): Promise<GeminiRun> {
  writeJson(path.join(spec.workspace, '.gemini', 'settings.json'), projectSettings(spec));
  const home = tempDir('gemini-home-');
  writeJson(path.join(home, '.gemini', 'settings.json'), USER_SETTINGS);
  const model = await startGeminiModel(spec.script);
  try {
    const run = await runAgent(program, ['-p', spec.prompt ?? 'Do the task.', '--yolo', '--output-format', 'json'], {
      cwd: spec.workspace,
      timeoutMs: spec.timeoutMs ?? 60_000,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        GEMINI_API_KEY: 'scripted-model',
        GOOGLE_GEMINI_BASE_URL: model.url,
        ...spec.env,
      },
    });
    return { run, requests: [...model.requests] };
  } finally {
    await model.close();
  }
}

/** The response Gemini sent back for each scripted function call, in order. */
export const functionResponses = (gemini: GeminiRun): string[] =>
  gemini.requests.flatMap((request) => request.functionResponses.map((seen) => seen.response));
