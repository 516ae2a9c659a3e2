import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import {
  failingHook,
  hooksInstall,
  hooksUninstall,
  installFailing,
  plainWorkspace,
  runInstalledClaude,
  writeIntents,
} from './installedAgents';

// The real Claude Code 2.1.197 in a workspace set up by `intentgate hooks install claude-code`
// alone: `claude -p` there is governed with no flag of intentgate's.

const cli = findAgentCli('claude-code');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const write = (file: string, content = 'x') => ({ tool: 'Write', input: { file_path: file, content } });
const select = { tool: 'mcp__intentgate__select_active_intent', input: { intent_id: 'INT-001' } };

describe.skipIf('skip' in cli)('hooks install claude-code, then the real Claude Code', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it(
    "governs `claude -p` with no flag of intentgate's: a Write before select_active_intent is " +
      'refused by intentgate, and the intents server is there',
    async () => {
      const { root, policy } = plainWorkspace();
      // claude on PATH: install reads its version (2.1.197) and keeps the timeout wrapper
      const installed = await hooksInstall(intentgate, 'claude-code', ['--workspace', root, '--policy', policy], {
        PATH: `${path.dirname(program)}:${process.env.PATH ?? ''}`,
      });
      expect(installed.stdout).toContain('Claude Code 2.1.197 is older than 2.1.295');
      expect(readFileSync(path.join(root, '.claude', 'settings.json'), 'utf8')).toContain(
        `timeout 25 node ${intentgate} hook claude-code --workspace ${root} --policy ${policy} || exit 2`,
      );
      writeIntents(root);
      const run = await runInstalledClaude(program, root, [write('src/auth/login.ts')]);
      expect(run.run.timedOut).toBe(false);
      // intentgate's own refusal, not Claude Code's permission prompt
      expect(run.results[0]).toBe(STATE_VIOLATION_MESSAGE);
      expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
      expect(run.result?.permission_denials.map((denial) => denial.tool_name)).toEqual(['Write']);
      expect(run.requests[0]?.tools).toEqual(
        expect.arrayContaining(['mcp__intentgate__select_active_intent', 'mcp__intentgate__attempt_completion']),
      );
    },
  );

  it('lets the selected intent write in scope and keeps a write out of scope from running; uninstall then takes the settings out', async () => {
    const { root, policy } = plainWorkspace();
    await hooksInstall(intentgate, 'claude-code', [
      '--workspace',
      root,
      '--policy',
      policy,
      '--agent-version',
      '2.1.197',
    ]);
    writeIntents(root);
    // Claude Code asks before a Write in its default mode; -p has nobody to ask, so the mode lets it run and only the hooks decide
    const run = await runInstalledClaude(
      program,
      root,
      [select, write('src/auth/login.ts', 'in scope'), write('src/billing/pay.ts')],
      ['--permission-mode', 'bypassPermissions'],
    );
    expect(run.results[0]).toContain('Intent INT-001 is active');
    expect(readFileSync(path.join(root, 'src', 'auth', 'login.ts'), 'utf8')).toBe('in scope');
    expect(existsSync(path.join(root, 'src', 'billing', 'pay.ts'))).toBe(false);
    // refused or held, as the governor's scope rules say; never run
    expect(run.results[2]).toContain('src/billing/pay.ts');
    expect(run.result?.permission_denials.map((denial) => denial.tool_name)).toEqual(['Write']);
    await hooksUninstall(intentgate, 'claude-code', ['--workspace', root, '--policy', policy]);
    expect(existsSync(path.join(root, '.claude'))).toBe(false);
    expect(existsSync(path.join(root, '.mcp.json'))).toBe(false);
    // the intents the human wrote and the sessions stay
    expect(readFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'utf8')).toContain('INT-001');
  });

  // a missing program fails every event: the prompt's hook blocks first, so the model is never asked
  it.each([
    { name: 'a hook that crashes', program: () => ['node', failingHook('crash')], timeoutSec: 25, blocks: 'the call' },
    {
      name: 'a hook that hangs past its timeout',
      program: () => ['node', failingHook('hang')],
      timeoutSec: 3,
      blocks: 'the call',
    },
    {
      name: 'a hook whose program is missing',
      program: () => ['/nonexistent/intentgate'],
      timeoutSec: 25,
      blocks: 'the prompt',
    },
  ])('blocks $blocks when $name (the timeout wrapper of 2.1.197)', async ({ program: hook, timeoutSec, blocks }) => {
    const { root } = plainWorkspace();
    installFailing(root, 'claude-code', intentgate, hook(), timeoutSec);
    const run = await runInstalledClaude(
      program,
      root,
      [write('src/auth/login.ts')],
      ['--permission-mode', 'bypassPermissions'],
    );
    expect(run.run.timedOut).toBe(false);
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
    if (blocks === 'the call') {
      expect(run.results).toEqual([expect.stringMatching(/^PreToolUse:Write hook error: /)]);
      expect(run.result?.permission_denials.map((denial) => denial.tool_name)).toEqual(['Write']);
    } else {
      expect(run.requests).toEqual([]);
      expect(run.run.stdout).toContain('UserPromptSubmit operation blocked by hook');
    }
  });
});
