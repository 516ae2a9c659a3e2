import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import type { ChatTurn } from '../../support/agents/chatCompletionsModel';
import {
  failingHook,
  hooksInstall,
  hooksUninstall,
  installFailing,
  plainWorkspace,
  runInstalledCopilot,
  writeIntents,
} from './installedAgents';

// The real GitHub Copilot CLI 1.0.102 in a workspace set up by `intentgate hooks install copilot` alone.

const cli = findAgentCli('copilot');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

// Copilot's create tool takes an absolute path
const write = (root: string, file: string): ChatTurn => ({
  tool: 'create',
  input: { path: path.join(root, file), file_text: 'export {};\n' },
});
const selectIntent: ChatTurn = { tool: 'intentgate-select_active_intent', input: { intent_id: 'INT-001' } };

describe.skipIf('skip' in cli)('hooks install copilot, then the real GitHub Copilot CLI', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it('governs copilot -p: a write before select_active_intent is refused, then scope decides; uninstall takes the settings out', async () => {
    const { root, policy } = plainWorkspace();
    await hooksInstall(intentgate, 'copilot', ['--workspace', root, '--policy', policy]);
    writeIntents(root);
    const run = await runInstalledCopilot(program, root, [
      write(root, 'src/auth/early.ts'),
      selectIntent,
      write(root, 'src/auth/login.ts'),
      write(root, 'src/billing/pay.ts'),
    ]);
    expect(run.run.timedOut).toBe(false);
    expect(run.requests[0]?.tools).toEqual(
      expect.arrayContaining(['intentgate-select_active_intent', 'intentgate-attempt_completion']),
    );
    expect(run.results[0]).toContain(STATE_VIOLATION_MESSAGE);
    expect(existsSync(path.join(root, 'src', 'auth', 'early.ts'))).toBe(false);
    expect(run.results[1]).toContain('Intent INT-001 is active');
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(true);
    expect(existsSync(path.join(root, 'src', 'billing', 'pay.ts'))).toBe(false);
    expect(run.results[3]).toContain('src/billing/pay.ts');
    await hooksUninstall(intentgate, 'copilot', ['--workspace', root, '--policy', policy]);
    expect(existsSync(path.join(root, '.github'))).toBe(false);
    expect(existsSync(path.join(root, '.mcp.json'))).toBe(false);
    expect(readFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'utf8')).toContain('INT-001');
  });

  // why hooks install refuses Copilot beside Claude Code (and Claude Code beside Copilot)
  it("runs the hooks of .claude/settings.json too: in a workspace with Claude Code's install alone, intentgate refuses Copilot's write", async () => {
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
    const run = await runInstalledCopilot(program, root, [write(root, 'src/auth/login.ts')]);
    expect(run.run.timedOut).toBe(false);
    // --allow-all-tools lets every call run: only a hook stops it, and the only hooks are Claude Code's
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
    expect(run.results).toEqual([expect.stringContaining('Denied by preToolUse hook')]);
  });

  // Copilot runs the call when a hook outlives its timeoutSec: the wrapper's shorter timeout blocks it first
  it.each([
    { name: 'a hook that crashes', program: () => ['node', failingHook('crash')], timeoutSec: 25 },
    { name: 'a hook that hangs past its timeout', program: () => ['node', failingHook('hang')], timeoutSec: 3 },
    { name: 'a hook whose program is missing', program: () => ['/nonexistent/intentgate'], timeoutSec: 25 },
  ])(
    'blocks the call when $name (the timeout wrapper, exit 2 with a reason)',
    async ({ program: hook, timeoutSec }) => {
      const { root } = plainWorkspace();
      installFailing(root, 'copilot', intentgate, hook(), timeoutSec);
      const run = await runInstalledCopilot(program, root, [write(root, 'src/auth/login.ts')]);
      expect(run.run.timedOut).toBe(false);
      expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
      expect(run.results).toEqual([expect.stringContaining('Denied by preToolUse hook')]);
    },
  );
});
