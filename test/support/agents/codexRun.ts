import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { runAgent, tempDir, writeJson, type AgentRun } from './agentCli';
import type { AgentRunSpec } from './agentRunSpec';
import { startOpenAiModel, type OpenAiRequest, type OpenAiTurn } from './openaiModel';

/** The events intentgate governs in Codex CLI (PermissionRequest is its own approval prompt, answered from the decision). */
export const CODEX_HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'Stop',
] as const;

/** A run of Codex: its hooks in the workspace's .codex/hooks.json. */
export interface CodexRunSpec extends AgentRunSpec<OpenAiTurn> {
  /** the sandbox flags or `-c` overrides of the run; default `--sandbox danger-full-access`, so only the hooks decide */
  readonly sandbox?: readonly string[];
}

export interface CodexRun {
  readonly run: AgentRun;
  /** the model's main-loop requests: what the agent sent back after each turn */
  readonly requests: readonly OpenAiRequest[];
}

const catalogEntry = z.looseObject({ slug: z.string(), apply_patch_tool_type: z.string().nullable().optional() });
const catalogs = new Map<string, Promise<string>>();

/**
 * A model catalog with one model, `scripted`: Codex's own gpt-5.5 entry (exec_command and a
 * freeform apply_patch) with MCP tools offered up front instead of behind tool_search.
 */
function scriptedCatalog(program: string): Promise<string> {
  const known = catalogs.get(program);
  if (known !== undefined) return known;
  const made = runAgent(program, ['debug', 'models'], {
    cwd: tempDir('codex-catalog-'),
    env: { PATH: process.env.PATH, HOME: tempDir('codex-home-') },
    timeoutMs: 30_000,
  }).then((run) => {
    const models = z.object({ models: z.array(catalogEntry) }).parse(JSON.parse(run.stdout)).models;
    const model =
      models.find((entry) => entry.slug === 'gpt-5.5') ??
      models.find((entry) => entry.apply_patch_tool_type === 'freeform');
    if (model === undefined)
      throw new Error(`codex debug models lists no model with a freeform apply_patch: ${run.stdout.slice(0, 200)}`);
    const file = path.join(tempDir('codex-catalog-'), 'models.json');
    writeJson(file, { models: [{ ...model, slug: 'scripted', supports_search_tool: false }] });
    return file;
  });
  catalogs.set(program, made);
  return made;
}

/** How long Codex waits for an MCP server to start and list its tools. */
const MCP_STARTUP_TIMEOUT_SEC = 60;

// TOML basic strings read JSON's escapes
const toml = (value: string): string => JSON.stringify(value);

function configToml(spec: CodexRunSpec, modelUrl: string, catalog: string): string {
  const servers = Object.entries(spec.mcpServers ?? {}).flatMap(([name, server]) => [
    `[mcp_servers.${toml(name)}]`,
    `command = ${toml(server.command)}`,
    `args = [${server.args.map(toml).join(', ')}]`,
    'default_tools_approval_mode = "approve"',
    // without it Codex asks the model while the server is still starting and leaves its tools
    // out of the run; a loaded CI machine started intents-mcp after Codex's first request
    'required = true',
    // how long a required server may take before Codex stops with an error
    `startup_timeout_sec = ${MCP_STARTUP_TIMEOUT_SEC}`,
    ...(server.env === undefined
      ? []
      : [
          `env = { ${Object.entries(server.env)
            .map(([key, value]) => `${toml(key)} = ${toml(value)}`)
            .join(', ')} }`,
        ]),
  ]);
  return [
    'model = "scripted"',
    'model_provider = "scripted"',
    `model_catalog_json = ${toml(catalog)}`,
    '[model_providers.scripted]',
    'name = "scripted"',
    `base_url = ${toml(modelUrl)}`,
    'wire_api = "responses"',
    'env_key = "SCRIPTED_MODEL_KEY"',
    `[projects.${toml(spec.workspace)}]`,
    'trust_level = "trusted"',
    ...servers,
    '',
  ].join('\n');
}

/**
 * A folder holding `codex-linux-sandbox`, the name Codex runs its own binary under to sandbox
 * a command. Codex puts it on the commands' PATH itself only when its home is outside the
 * system's temporary folder, and the tests' homes are inside it.
 */
function sandboxHelperDir(program: string): string {
  const vendor = path.join(path.dirname(realpathSync(program)), '..', '..');
  const platform = readdirSync(vendor).find((name) => name.startsWith('codex-linux-'));
  const binaries =
    platform === undefined
      ? []
      : readdirSync(path.join(vendor, platform, 'vendor')).map((target) =>
          path.join(vendor, platform, 'vendor', target, 'bin', 'codex'),
        );
  const binary = binaries.find((file) => existsSync(file));
  if (binary === undefined) throw new Error(`no Linux binary of Codex under ${vendor}`);
  const dir = tempDir('codex-helper-');
  symlinkSync(binary, path.join(dir, 'codex-linux-sandbox'));
  return dir;
}

/**
 * Ends the filesystem helpers Codex's own sandbox leaves behind: Codex 0.169 starts them in a
 * bwrap session of their own (`--codex-run-as-fs-helper`) and they outlive `codex exec`
 * (measured: still running minutes later), beyond the reach of the run's process group. Only
 * helpers whose command line names this run's workspace are ended, by their ids.
 */
function endSandboxHelpers(workspace: string): void {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let words: string[];
    try {
      words = readFileSync(path.join('/proc', pid, 'cmdline'), 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!words.includes('--codex-run-as-fs-helper') || !words.some((word) => word.includes(workspace))) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // it ended on its own meanwhile
    }
  }
}

/**
 * Runs the real Codex headless (`codex exec`) in the workspace, against a scripted model on
 * 127.0.0.1, with a fresh HOME, the hooks trusted for the run and no sandbox, so only the hooks decide.
 */
export async function runCodex(program: string, spec: CodexRunSpec): Promise<CodexRun> {
  const handler = { type: 'command', command: spec.hookCommand, timeout: Number(process.env.HOOK_TIMEOUT ?? 30) };
  writeJson(path.join(spec.workspace, '.codex', 'hooks.json'), {
    hooks: Object.fromEntries(CODEX_HOOK_EVENTS.map((event) => [event, [{ hooks: [handler] }]])),
  });
  const catalog = await scriptedCatalog(program);
  const model = await startOpenAiModel(spec.script);
  try {
    const home = tempDir('codex-home-');
    mkdirSync(path.join(home, '.codex'), { recursive: true });
    writeFileSync(path.join(home, '.codex', 'config.toml'), configToml(spec, model.url, catalog));
    const sandbox = spec.sandbox ?? ['--sandbox', 'danger-full-access'];
    const args = [
      'exec',
      '--dangerously-bypass-hook-trust',
      '--skip-git-repo-check',
      ...sandbox,
      spec.prompt ?? 'Do the task.',
    ];
    const searchPath =
      spec.sandbox === undefined ? process.env.PATH : `${sandboxHelperDir(program)}:${process.env.PATH ?? ''}`;
    const run = await runAgent(program, args, {
      cwd: spec.workspace,
      timeoutMs: spec.timeoutMs ?? 60_000,
      env: { PATH: searchPath, HOME: home, SCRIPTED_MODEL_KEY: 'scripted-model', ...spec.env },
    });
    return { run, requests: [...model.requests] };
  } finally {
    if (spec.sandbox !== undefined) endSandboxHelpers(spec.workspace);
    await model.close();
  }
}

/** The output Codex sent back for each scripted tool call, by call id. */
export const toolOutputs = (codex: CodexRun): ReadonlyMap<string, string> =>
  new Map(codex.requests.flatMap((request) => request.toolOutputs).map((seen) => [seen.callId, seen.output]));
