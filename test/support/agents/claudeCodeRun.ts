import path from 'node:path';
import { z } from 'zod';
import { runAgent, tempDir, writeJson, type AgentRun } from './agentCli';
import { startAnthropicModel, type MainLoopRequest, type ModelTurn } from './anthropicModel';

/** The six events intentgate governs in Claude Code. */
export const CLAUDE_CODE_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionEnd',
] as const;

/** How Claude Code reaches the hook: a command it runs, or the service's HTTP route. */
export type ClaudeHook =
  { readonly type: 'command'; readonly command: string } | { readonly type: 'http'; readonly url: string };

export interface ClaudeRunSpec {
  /** the folder Claude Code runs in; it gets .claude/settings.json (and .mcp.json with `mcpServers`) */
  readonly workspace: string;
  readonly script: readonly ModelTurn[];
  readonly hook: ClaudeHook;
  /** bypassPermissions unless named, so only the hooks decide */
  readonly permissionMode?: 'default' | 'acceptEdits' | 'bypassPermissions';
  /** project MCP servers, each enabled by name */
  readonly mcpServers?: Readonly<Record<string, unknown>>;
  readonly env?: NodeJS.ProcessEnv;
  readonly prompt?: string;
  readonly timeoutMs?: number;
  /** the HOME Claude Code keeps its sessions in; a fresh one unless given (a resumed run needs its first run's) */
  readonly home?: string;
  /** `--resume <session id>`: continue that session */
  readonly resume?: string;
}

const resultSchema = z.looseObject({
  is_error: z.boolean(),
  result: z.string().optional(),
  session_id: z.string(),
  permission_denials: z.array(z.looseObject({ tool_name: z.string(), tool_input: z.record(z.string(), z.unknown()) })),
});

/** The JSON Claude Code prints with `--output-format json`. */
export type ClaudeResult = z.infer<typeof resultSchema>;

export interface ClaudeRun {
  readonly run: AgentRun;
  /** undefined when the output was not the JSON result (a crash, a timeout) */
  readonly result: ClaudeResult | undefined;
  /** the model's main-loop requests: what the agent sent back after each turn */
  readonly requests: readonly MainLoopRequest[];
}

function settingsFor(spec: ClaudeRunSpec): Record<string, unknown> {
  const handler =
    spec.hook.type === 'command'
      ? { type: 'command', command: spec.hook.command, timeout: 30 }
      : { type: 'http', url: spec.hook.url, timeout: 30 };
  const hooks = Object.fromEntries(
    CLAUDE_CODE_HOOK_EVENTS.map((event) => [
      event,
      [{ ...(event.includes('Tool') && { matcher: '*' }), hooks: [handler] }],
    ]),
  );
  return { hooks, ...(spec.mcpServers !== undefined && { enabledMcpjsonServers: Object.keys(spec.mcpServers) }) };
}

/**
 * Runs the real Claude Code headless (`claude -p ... --output-format json`) in the workspace,
 * against a scripted model on 127.0.0.1, with a fresh HOME and no traffic but the model's.
 */
export async function runClaudeCode(program: string, spec: ClaudeRunSpec): Promise<ClaudeRun> {
  writeJson(path.join(spec.workspace, '.claude', 'settings.json'), settingsFor(spec));
  if (spec.mcpServers !== undefined) writeJson(path.join(spec.workspace, '.mcp.json'), { mcpServers: spec.mcpServers });
  const model = await startAnthropicModel(spec.script);
  try {
    const run = await runAgent(
      program,
      [
        '-p',
        spec.prompt ?? 'Do the task.',
        '--output-format',
        'json',
        '--permission-mode',
        spec.permissionMode ?? 'bypassPermissions',
        ...(spec.resume === undefined ? [] : ['--resume', spec.resume]),
      ],
      {
        cwd: spec.workspace,
        timeoutMs: spec.timeoutMs ?? 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: spec.home ?? tempDir('claude-home-'),
          ANTHROPIC_BASE_URL: model.url,
          ANTHROPIC_API_KEY: 'scripted-model',
          DISABLE_TELEMETRY: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          // bypassPermissions as root needs it; the hooks still decide
          IS_SANDBOX: '1',
          ...spec.env,
        },
      },
    );
    const parsed = (() => {
      try {
        return resultSchema.safeParse(JSON.parse(run.stdout));
      } catch {
        return undefined;
      }
    })();
    return { run, result: parsed?.success === true ? parsed.data : undefined, requests: [...model.requests] };
  } finally {
    await model.close();
  }
}

/** The text the agent sent back for each scripted tool call, in order. */
export const toolResultTexts = (claude: ClaudeRun): string[] =>
  claude.requests.flatMap((request) => request.toolResults.map((result) => result.content));
