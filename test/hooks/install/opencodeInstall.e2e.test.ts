import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
  runInstalledOpencode,
  writeIntents,
} from './installedAgents';

// The real OpenCode 1.18.33 in a workspace set up by `intentgate hooks install opencode` alone:
// the plugin it writes runs the hook for each tool call, and the intents server is in opencode.json.

const cli = findAgentCli('opencode');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const write = (root: string, file: string): ChatTurn => ({
  tool: 'write',
  input: { filePath: path.join(root, file), content: 'export {};\n' },
});
const selectIntent: ChatTurn = { tool: 'intentgate_select_active_intent', input: { intent_id: 'INT-001' } };

// the project's own settings, with a comment, which install keeps and uninstall leaves byte for byte
const PROJECT_CONFIG =
  '{\n  // the project\'s settings\n  "$schema": "https://opencode.ai/config.json",\n  "share": "disabled"\n}\n';

describe.skipIf('skip' in cli)('hooks install opencode, then the real OpenCode', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it('governs opencode run: a write before select_active_intent is refused, then scope decides; uninstall leaves opencode.json as it was', async () => {
    const { root, policy } = plainWorkspace();
    writeFileSync(path.join(root, 'opencode.json'), PROJECT_CONFIG);
    await hooksInstall(intentgate, 'opencode', ['--workspace', root, '--policy', policy]);
    writeIntents(root);
    const run = await runInstalledOpencode(program, root, [
      write(root, 'src/auth/early.ts'),
      selectIntent,
      write(root, 'src/auth/login.ts'),
      write(root, 'src/billing/pay.ts'),
    ]);
    expect(run.run.timedOut).toBe(false);
    expect(run.requests[0]?.tools).toEqual(
      expect.arrayContaining(['intentgate_select_active_intent', 'intentgate_attempt_completion']),
    );
    expect(run.results[0]).toContain(STATE_VIOLATION_MESSAGE);
    expect(existsSync(path.join(root, 'src', 'auth', 'early.ts'))).toBe(false);
    expect(run.results[1]).toContain('Intent INT-001 is active');
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(true);
    expect(existsSync(path.join(root, 'src', 'billing', 'pay.ts'))).toBe(false);
    expect(run.results[3]).toContain('src/billing/pay.ts');
    await hooksUninstall(intentgate, 'opencode', ['--workspace', root, '--policy', policy]);
    expect(existsSync(path.join(root, '.opencode', 'plugin', 'intentgate.js'))).toBe(false);
    expect(readFileSync(path.join(root, 'opencode.json'), 'utf8')).toBe(PROJECT_CONFIG);
    expect(readFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'utf8')).toContain('INT-001');
  });

  it.each([
    { name: 'a hook that crashes', program: () => ['node', failingHook('crash')], timeoutSec: 25 },
    { name: 'a hook that hangs past its timeout', program: () => ['node', failingHook('hang')], timeoutSec: 3 },
    { name: 'a hook whose program is missing', program: () => ['/nonexistent/intentgate'], timeoutSec: 25 },
  ])('blocks the call when $name (the plugin refuses a hook that fails)', async ({ program: hook, timeoutSec }) => {
    const { root } = plainWorkspace();
    installFailing(root, 'opencode', intentgate, hook(), timeoutSec);
    const run = await runInstalledOpencode(program, root, [write(root, 'src/auth/login.ts')]);
    expect(run.run.timedOut).toBe(false);
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
    expect(run.results).toEqual([expect.stringContaining('intentgate: the hook failed')]);
  });
});
