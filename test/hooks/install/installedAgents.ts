import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { HookInvocation, InstallAgent } from '../../../src/hooks/install/agentConfigs';
import { planInstall } from '../../../src/hooks/install/installHooks';
import { quoteArgv } from '../../../src/text/quoteArgv';
import { runAgent, tempDir, writeJson, type AgentRun } from '../../support/agents/agentCli';
import { startAnthropicModel, type MainLoopRequest, type ModelTurn } from '../../support/agents/anthropicModel';
import { startChatModel, type ChatRequest, type ChatTurn } from '../../support/agents/chatCompletionsModel';
import { startGeminiModel, type GeminiRequest, type GeminiTurn } from '../../support/agents/geminiModel';
import { startOpenAiModel, type OpenAiRequest, type OpenAiTurn } from '../../support/agents/openaiModel';
import { INTENTS_YAML } from '../../support/workspace';

// The agents run in a workspace whose settings `intentgate hooks install` wrote, and nothing
// else: unlike test/support/agents/*Run.ts, these runners write no project settings.

/** A workspace with a policy that turns safe mode off, so only the lifecycle and the scopes decide, and src/auth and src/billing in it. */
export function plainWorkspace(): { readonly root: string; readonly policy: string } {
  const root = tempDir('installed-');
  mkdirSync(path.join(root, 'src', 'auth'), { recursive: true });
  mkdirSync(path.join(root, 'src', 'billing'), { recursive: true });
  const policy = path.join(root, 'intentgate.policy.yaml');
  writeFileSync(policy, 'version: 1\nworkspaceRoot: .\nsafeMode: false\n');
  return { root, policy };
}

/** Writes the intents a human would after install: INT-001 owns src/auth/** and tests/auth/. */
export const writeIntents = (root: string): void =>
  writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), INTENTS_YAML);

/** `intentgate hooks install <agent>` run by the bundled CLI in a shell, as a person runs it; its output. */
export const hooksInstall = (
  intentgate: string,
  agent: InstallAgent,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<AgentRun> => hooks(intentgate, ['install', agent, ...args], env);

/** `intentgate hooks uninstall <agent>`, as hooksInstall runs install. */
export const hooksUninstall = (intentgate: string, agent: InstallAgent, args: readonly string[]): Promise<AgentRun> =>
  hooks(intentgate, ['uninstall', agent, ...args], {});

async function hooks(intentgate: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<AgentRun> {
  const argv = ['node', intentgate, 'hooks', ...args];
  const run = await runAgent('bash', ['-c', quoteArgv(argv)], {
    cwd: tempDir('install-cwd-'),
    env: { ...process.env, ...env },
    timeoutMs: 60_000,
  });
  if (run.exitCode !== 0) throw new Error(`${argv.join(' ')} failed: ${run.stderr}`);
  return run;
}

/**
 * A hook program that fails on the pre-tool event only, the others answered with nothing: it
 * crashes (an uncaught error, exit 1) or hangs. Every other event passes, so the call reaches it.
 */
export function failingHook(mode: 'crash' | 'hang'): string {
  const file = path.join(tempDir('failing-hook-'), `${mode}.cjs`);
  writeFileSync(
    file,
    `let input = '';
process.stdin.on('data', (chunk) => (input += chunk)).on('end', () => {
  const event = JSON.parse(input).hook_event_name;
  if (event !== 'PreToolUse' && event !== 'BeforeTool' && event !== 'tool.execute.before') process.exit(0);
  ${mode === 'crash' ? "throw new Error('the hook crashed');" : 'setInterval(() => undefined, 1000);'}
});
`,
  );
  return file;
}

/**
 * Installs the agent's settings as `hooks install` writes them, then makes its hook command run
 * `failing` (a failing program) with the wrapper's timeout `timeoutSec`; the intents server stays
 * this checkout's, so the run reaches the model as an installed one does.
 */
export function installFailing(
  root: string,
  agent: InstallAgent,
  intentgate: string,
  failing: readonly string[],
  timeoutSec: number,
): void {
  const invocation: HookInvocation = {
    program: ['node', intentgate],
    flags: ['--workspace', root],
    timeoutSec: 25,
    timeoutProgram: 'timeout',
    onFailureBlock: false,
  };
  const changes = planInstall(
    { workspace: root, orchestrationDir: path.join(root, '.orchestration') },
    agent,
    invocation,
  ).draft.apply();
  const installed = `timeout 25 ${quoteArgv(['node', intentgate])} hook `;
  const replaced = `timeout ${timeoutSec} ${quoteArgv(failing)} hook `;
  for (const { file, after } of changes.files)
    if (after?.includes(installed)) writeFileSync(file, after.replaceAll(installed, replaced));
}

const claudeResult = z.looseObject({
  is_error: z.boolean(),
  session_id: z.string(),
  permission_denials: z.array(z.looseObject({ tool_name: z.string() })),
});

/** `claude -p` in the workspace against a scripted model, with a fresh HOME: only `extraArgs` are added. */
export async function runInstalledClaude(
  program: string,
  root: string,
  script: readonly ModelTurn[],
  extraArgs: readonly string[] = [],
  home: string = tempDir('claude-home-'),
) {
  const model = await startAnthropicModel(script);
  try {
    const run = await runAgent(program, ['-p', 'Do the task.', '--output-format', 'json', ...extraArgs], {
      cwd: root,
      timeoutMs: 120_000,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        ANTHROPIC_BASE_URL: model.url,
        ANTHROPIC_API_KEY: 'scripted-model',
        DISABLE_TELEMETRY: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        // bypassPermissions as root needs it
        IS_SANDBOX: '1',
      },
    });
    const parsed = (() => {
      try {
        return claudeResult.safeParse(JSON.parse(run.stdout));
      } catch {
        return undefined;
      }
    })();
    const requests: readonly MainLoopRequest[] = [...model.requests];
    return {
      run,
      result: parsed?.success === true ? parsed.data : undefined,
      requests,
      results: requests.flatMap((request) => request.toolResults.map((seen) => seen.content)),
    };
  } finally {
    await model.close();
  }
}

const catalogEntry = z.looseObject({ slug: z.string(), apply_patch_tool_type: z.string().nullable().optional() });

/** Codex's own gpt-5.5 entry as the one model `scripted`, with MCP tools offered up front (as codexRun.ts does). */
async function scriptedCatalog(program: string): Promise<string> {
  const run = await runAgent(program, ['debug', 'models'], {
    cwd: tempDir('codex-catalog-'),
    env: { PATH: process.env.PATH, HOME: tempDir('codex-home-') },
    timeoutMs: 30_000,
  });
  const models = z.object({ models: z.array(catalogEntry) }).parse(JSON.parse(run.stdout)).models;
  const model =
    models.find((entry) => entry.slug === 'gpt-5.5') ??
    models.find((entry) => entry.apply_patch_tool_type === 'freeform');
  if (model === undefined) throw new Error('codex debug models lists no model with a freeform apply_patch');
  const file = path.join(tempDir('codex-catalog-'), 'models.json');
  writeJson(file, { models: [{ ...model, slug: 'scripted', supports_search_tool: false }] });
  return file;
}

/**
 * `codex exec` in the workspace against a scripted model. The user's ~/.codex/config.toml holds
 * the model provider and the project's trust only (Codex reads a project's .codex/ only when it
 * is trusted); `--dangerously-bypass-hook-trust` stands in for the human's /hooks review.
 */
export async function runInstalledCodex(
  program: string,
  root: string,
  script: readonly OpenAiTurn[],
  // by default the run says --sandbox danger-full-access itself; 'settings' leaves it to the workspace's config.toml
  sandbox: 'flag' | 'settings' = 'flag',
) {
  const catalog = await scriptedCatalog(program);
  const model = await startOpenAiModel(script);
  try {
    const home = tempDir('codex-home-');
    mkdirSync(path.join(home, '.codex'), { recursive: true });
    const toml = (value: string): string => JSON.stringify(value);
    writeFileSync(
      path.join(home, '.codex', 'config.toml'),
      [
        'model = "scripted"',
        'model_provider = "scripted"',
        `model_catalog_json = ${toml(catalog)}`,
        '[model_providers.scripted]',
        'name = "scripted"',
        `base_url = ${toml(model.url)}`,
        'wire_api = "responses"',
        'env_key = "SCRIPTED_MODEL_KEY"',
        `[projects.${toml(root)}]`,
        'trust_level = "trusted"',
        '',
      ].join('\n'),
    );
    const run = await runAgent(
      program,
      [
        'exec',
        '--dangerously-bypass-hook-trust',
        '--skip-git-repo-check',
        ...(sandbox === 'flag' ? ['--sandbox', 'danger-full-access'] : []),
        'Do the task.',
      ],
      {
        cwd: root,
        timeoutMs: 120_000,
        env: { PATH: process.env.PATH, HOME: home, SCRIPTED_MODEL_KEY: 'scripted-model' },
      },
    );
    const requests: readonly OpenAiRequest[] = [...model.requests];
    const outputs = new Map(
      requests.flatMap((request) => request.toolOutputs).map((seen) => [seen.callId, seen.output]),
    );
    return { run, requests, outputs: [...outputs.values()] };
  } finally {
    await model.close();
  }
}

// the user's settings: no folder-trust prompt, no telemetry, no update check (as geminiRun.ts)
const GEMINI_USER_SETTINGS = {
  security: { folderTrust: { enabled: false }, auth: { selectedType: 'gemini-api-key' } },
  general: { disableAutoUpdate: true, disableUpdateNag: true },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
};

/** `gemini -p … --yolo` in the workspace against a scripted model: YOLO approves every call, so only the hooks decide. */
export async function runInstalledGemini(program: string, root: string, script: readonly GeminiTurn[]) {
  const home = tempDir('gemini-home-');
  writeJson(path.join(home, '.gemini', 'settings.json'), GEMINI_USER_SETTINGS);
  const model = await startGeminiModel(script);
  try {
    const run = await runAgent(program, ['-p', 'Do the task.', '--yolo', '--output-format', 'json'], {
      cwd: root,
      timeoutMs: 120_000,
      env: { PATH: process.env.PATH, HOME: home, GEMINI_API_KEY: 'scripted-model', GOOGLE_GEMINI_BASE_URL: model.url },
    });
    const requests: readonly GeminiRequest[] = [...model.requests];
    return {
      run,
      requests,
      responses: requests.flatMap((request) => request.functionResponses.map((seen) => seen.response)),
    };
  } finally {
    await model.close();
  }
}

/** The result the agent sent back for each scripted tool call, in order, as the model's last request holds them. */
const chatToolResults = (requests: readonly ChatRequest[]): string[] =>
  requests.at(-1)?.toolMessages.map((seen) => seen.content) ?? [];

/**
 * `copilot -p … --allow-all-tools --trust-folder` in the workspace, offline against a scripted
 * model, with a fresh HOME (as copilotRun.ts, without writing the project's hooks or servers):
 * every tool is allowed, so only the installed hooks decide.
 */
export async function runInstalledCopilot(program: string, root: string, script: readonly ChatTurn[]) {
  const model = await startChatModel(script, 'bash');
  try {
    const run = await runAgent(
      program,
      ['-p', 'Do the task.', '--allow-all-tools', '--trust-folder', '--output-format', 'json'],
      {
        cwd: root,
        timeoutMs: 120_000,
        env: {
          PATH: process.env.PATH,
          HOME: tempDir('copilot-home-'),
          COPILOT_OFFLINE: 'true',
          COPILOT_AUTO_UPDATE: 'false',
          COPILOT_PROVIDER_BASE_URL: model.url,
          COPILOT_PROVIDER_API_KEY: 'scripted-model',
          COPILOT_MODEL: 'gpt-4.1',
        },
      },
    );
    const requests: readonly ChatRequest[] = [...model.requests];
    return { run, requests, results: chatToolResults(requests) };
  } finally {
    await model.close();
  }
}

/**
 * `opencode run` in the workspace against a scripted model. The provider, the model and the
 * permissions that leave every call to the plugin are the user's own settings, in
 * ~/.config/opencode/opencode.json of a fresh HOME; the project's opencode.json is what the
 * human and `hooks install` wrote.
 */
export async function runInstalledOpencode(program: string, root: string, script: readonly ChatTurn[]) {
  const model = await startChatModel(script, 'bash');
  try {
    const home = tempDir('opencode-home-');
    const provider = {
      npm: '@ai-sdk/openai-compatible',
      name: 'Scripted',
      options: { baseURL: model.url, apiKey: 'scripted-model' },
      models: { scripted: { name: 'Scripted', tool_call: true } },
    };
    writeJson(path.join(home, '.config', 'opencode', 'opencode.json'), {
      autoupdate: false,
      share: 'disabled',
      model: 'scripted/scripted',
      provider: { scripted: provider },
      permission: { edit: 'allow', bash: 'allow' },
    });
    const run = await runAgent(program, ['run', 'Do the task.', '--format', 'json'], {
      cwd: root,
      // OpenCode takes 25-50 s for a short run on a loaded 2-core machine, most of it before its first request
      timeoutMs: 150_000,
      env: { PATH: process.env.PATH, HOME: home, OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1' },
    });
    const requests: readonly ChatRequest[] = [...model.requests];
    return { run, requests, results: chatToolResults(requests) };
  } finally {
    await model.close();
  }
}
