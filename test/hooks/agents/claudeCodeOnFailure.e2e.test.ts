import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { quoteArgv } from '../../../src/text/quoteArgv';
import { CLAUDE_CODE_ON_FAILURE, NODE_22 } from '../../../scripts/installAgentClis';
import { findClaudeCodeOnFailure, runAgent, tempDir } from '../../support/agents/agentCli';
import { startAnthropicModel, type MainLoopRequest, type ModelTurn } from '../../support/agents/anthropicModel';
import { bundleEntry } from '../../support/agents/bundleEntry';
import { failingHook, hooksInstall, plainWorkspace, writeIntents } from '../install/installedAgents';

// The real Claude Code 2.1.332, on the Node 22 it declares, in a workspace set up by
// `intentgate hooks install claude-code`: install reads its version from `claude --version` and
// writes `onFailure: "block"` with the plain hook command; then a hook that fails blocks the call.

const cli = findClaudeCodeOnFailure();
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
// `claude` is 2.1.332 and `node` is Node 22 on it, for install, for Claude Code and for its hooks
const PATH = 'path' in cli ? cli.path : '';
let intentgate = '';

const MARKER = 'src/auth/login.ts';
const write = (file: string, content = 'x'): ModelTurn => ({ tool: 'Write', input: { file_path: file, content } });
const select: ModelTurn = { tool: 'mcp__intentgate__select_active_intent', input: { intent_id: 'INT-001' } };

const handlerSchema = z.looseObject({
  type: z.string(),
  command: z.string(),
  timeout: z.number().optional(),
  onFailure: z.string().optional(),
});
const settingsSchema = z.looseObject({
  hooks: z.record(z.string(), z.array(z.looseObject({ hooks: z.array(handlerSchema) }))),
});
type ClaudeSettings = z.infer<typeof settingsSchema>;
type Handler = z.infer<typeof handlerSchema>;

const settingsFile = (root: string): string => path.join(root, '.claude', 'settings.json');
const readSettings = (root: string): ClaudeSettings =>
  settingsSchema.parse(JSON.parse(readFileSync(settingsFile(root), 'utf8')));

/** `intentgate hooks install claude-code` as a person runs it, with 2.1.332 the `claude` on PATH; its output. */
async function installHooks(root: string, policy: string): Promise<string> {
  const installed = await hooksInstall(intentgate, 'claude-code', ['--workspace', root, '--policy', policy], { PATH });
  return installed.stdout;
}

/** What a variant runs in place of intentgate's hook: on PreToolUse, and on every other event (`true` lets the call reach it). */
interface HookStandIn {
  readonly preToolUse: string;
  readonly others: string;
  /** the `timeout` of every hook, in seconds, instead of the installed one */
  readonly timeoutSec?: number;
  /** takes install's `onFailure: "block"` out, to see what Claude Code does without it */
  readonly withoutOnFailure?: boolean;
}

/** Keeps the installed settings (`onFailure: "block"` included, unless told) and swaps each hook's command for the stand-in's. */
function replaceHooks(root: string, standIn: HookStandIn): void {
  const settings = readSettings(root);
  const replaced = (event: string, { onFailure, ...handler }: Handler): Handler => ({
    ...handler,
    ...(standIn.withoutOnFailure !== true && onFailure !== undefined && { onFailure }),
    command: event === 'PreToolUse' ? standIn.preToolUse : standIn.others,
    ...(standIn.timeoutSec !== undefined && { timeout: standIn.timeoutSec }),
  });
  const hooks = Object.fromEntries(
    Object.entries(settings.hooks).map(([event, groups]) => [
      event,
      groups.map((group) => ({ ...group, hooks: group.hooks.map((handler) => replaced(event, handler)) })),
    ]),
  );
  writeFileSync(settingsFile(root), `${JSON.stringify({ ...settings, hooks }, null, 2)}\n`);
}

/** The text of the result `claude -p --output-format json` printed: the answer, or why the prompt was blocked. */
const resultText = (stdout: string): string => z.looseObject({ result: z.string() }).parse(JSON.parse(stdout)).result;

/** `claude -p` in the workspace against a scripted model, with a fresh HOME and PATH as the locator gives it. */
async function runClaude(root: string, script: readonly ModelTurn[]) {
  const model = await startAnthropicModel(script);
  try {
    const argv = ['-p', 'Do the task.', '--output-format', 'json', '--permission-mode', 'bypassPermissions'];
    const run = await runAgent(program, argv, {
      cwd: root,
      // a backstop for one run: the slowest variant waits out one hook timeout of 3 s
      timeoutMs: 120_000,
      env: {
        PATH,
        HOME: tempDir('claude-home-'),
        ANTHROPIC_BASE_URL: model.url,
        ANTHROPIC_API_KEY: 'scripted-model',
        DISABLE_TELEMETRY: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        // bypassPermissions as root needs it; the hooks still decide
        IS_SANDBOX: '1',
      },
    });
    const requests: readonly MainLoopRequest[] = [...model.requests];
    return { run, requests, results: requests.flatMap((request) => request.toolResults) };
  } finally {
    await model.close();
  }
}

describe.skipIf('skip' in cli)(
  `hooks install claude-code, then the real Claude Code ${CLAUDE_CODE_ON_FAILURE.version}`,
  () => {
    beforeAll(async () => {
      intentgate = await bundleEntry('src/cli/main.ts');
    });

    it('runs Claude Code and its hooks on Node 22', async () => {
      const versions = await runAgent('bash', ['-c', 'claude --version; node --version'], {
        cwd: tempDir('versions-'),
        env: { PATH },
        timeoutMs: 30_000,
      });
      expect(versions.stdout).toBe(`${CLAUDE_CODE_ON_FAILURE.version} (Claude Code)\nv${NODE_22.version}\n`);
    });

    it('writes onFailure: "block" and the plain command for the claude on PATH, and the installed hook governs the run', async () => {
      const { root, policy } = plainWorkspace();
      const said = await installHooks(root, policy);
      expect(said).toContain(
        `Claude Code ${CLAUDE_CODE_ON_FAILURE.version}: its hooks block on failure (onFailure: "block").`,
      );
      const handlers = Object.values(readSettings(root).hooks).flatMap((groups) =>
        groups.flatMap((group) => group.hooks),
      );
      expect(handlers.length).toBeGreaterThan(0);
      for (const handler of handlers)
        expect(handler).toEqual({
          type: 'command',
          command: quoteArgv(['node', intentgate, 'hook', 'claude-code', '--workspace', root, '--policy', policy]),
          timeout: 30,
          onFailure: 'block',
        });
      writeIntents(root);
      const run = await runClaude(root, [write(MARKER, 'too early'), select, write(MARKER, 'in scope')]);
      expect(run.run.timedOut).toBe(false);
      // intentgate's refusal before an intent is selected, then the selected intent's write
      expect(run.results.map((result) => result.content)).toEqual([
        STATE_VIOLATION_MESSAGE,
        expect.stringContaining('Intent INT-001 is active'),
        expect.any(String),
      ]);
      expect(readFileSync(path.join(root, MARKER), 'utf8')).toBe('in scope');
    });

    const crashing = (): string => quoteArgv(['node', failingHook('crash')]);
    const hanging = (): string => quoteArgv(['node', failingHook('hang')]);
    // what the model reads: Claude Code's own refusal, naming the hook and its failure
    const refusal = (command: string, failure: 'failed' | 'timed out', detail = ''): string =>
      `PreToolUse:Write hook error: [${command}]: ${failure}; blocking because onFailure is "block"\n${detail}`;
    it.each([
      {
        name: 'a hook that exits 1 with no output',
        standIn: (): HookStandIn => ({ preToolUse: 'false', others: 'true' }),
        refused: () => refusal('false', 'failed', 'No stderr output'),
      },
      {
        name: 'a hook that throws',
        standIn: (): HookStandIn => ({ preToolUse: crashing(), others: 'true' }),
        // the hook ran on Node 22 and its stack trace reaches the model
        refused: () =>
          expect.stringMatching(
            /: failed; blocking because onFailure is "block"\n[^]*Error: the hook crashed[^]*Node\.js v22\./,
          ),
      },
      {
        name: 'a hook that hangs past its timeout',
        standIn: (): HookStandIn => ({ preToolUse: hanging(), others: 'true', timeoutSec: 3 }),
        refused: () => expect.stringMatching(/hang\.cjs\]: timed out; blocking because onFailure is "block"/),
      },
      {
        name: 'a hook whose program is missing',
        standIn: (): HookStandIn => ({ preToolUse: '/nonexistent/intentgate hook claude-code', others: 'true' }),
        refused: () =>
          expect.stringMatching(
            /^PreToolUse:Write hook error: \[\/nonexistent\/intentgate hook claude-code\]: failed; blocking because onFailure is "block"\n.*not found/,
          ),
      },
    ])('blocks the call when $name', async ({ standIn, refused }) => {
      const { root, policy } = plainWorkspace();
      await installHooks(root, policy);
      replaceHooks(root, standIn());
      const run = await runClaude(root, [write(MARKER)]);
      expect(run.run.timedOut).toBe(false);
      expect(existsSync(path.join(root, MARKER))).toBe(false);
      expect(run.results).toEqual([{ toolUseId: expect.any(String), isError: true, content: refused() }]);
    });

    it('blocks the prompt when the program is missing on every event, so the model is never asked', async () => {
      const { root, policy } = plainWorkspace();
      await installHooks(root, policy);
      const missing = '/nonexistent/intentgate hook claude-code';
      replaceHooks(root, { preToolUse: missing, others: missing });
      const run = await runClaude(root, [write(MARKER)]);
      expect(run.run.timedOut).toBe(false);
      expect(existsSync(path.join(root, MARKER))).toBe(false);
      expect(run.requests).toEqual([]);
      expect(resultText(run.run.stdout)).toMatch(
        /^UserPromptSubmit operation blocked by hook:\n\[\/nonexistent\/intentgate hook claude-code\]: failed; blocking because onFailure is "block"/,
      );
    });

    it('lets the call run when the failing hook has no onFailure: the setting is what blocks', async () => {
      const { root, policy } = plainWorkspace();
      await installHooks(root, policy);
      replaceHooks(root, { preToolUse: 'false', others: 'true', withoutOnFailure: true });
      expect(readFileSync(settingsFile(root), 'utf8')).not.toContain('onFailure');
      const run = await runClaude(root, [write(MARKER, 'written')]);
      expect(run.run.timedOut).toBe(false);
      expect(readFileSync(path.join(root, MARKER), 'utf8')).toBe('written');
      expect(run.results.map((result) => result.isError)).toEqual([false]);
    });

    it('lets the call run when the stand-in hook passes, so the blocks above are the failures', async () => {
      const { root, policy } = plainWorkspace();
      await installHooks(root, policy);
      replaceHooks(root, { preToolUse: 'true', others: 'true' });
      const run = await runClaude(root, [write(MARKER, 'written')]);
      expect(run.run.timedOut).toBe(false);
      expect(readFileSync(path.join(root, MARKER), 'utf8')).toBe('written');
      expect(run.results.map((result) => result.isError)).toEqual([false]);
    });
  },
);
