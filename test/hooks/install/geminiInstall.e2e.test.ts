import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import type { GeminiTurn } from '../../support/agents/geminiModel';
import {
  failingHook,
  hooksInstall,
  hooksUninstall,
  installFailing,
  plainWorkspace,
  runInstalledGemini,
  writeIntents,
} from './installedAgents';

// The real Gemini CLI 0.61 in a workspace set up by `intentgate hooks install gemini` alone.

const cli = findAgentCli('gemini');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const write = (file: string): GeminiTurn => ({
  tool: 'write_file',
  input: { file_path: file, content: 'export {};\n' },
});
const selectIntent: GeminiTurn = { tool: 'mcp_intentgate_select_active_intent', input: { intent_id: 'INT-001' } };

describe.skipIf('skip' in cli)('hooks install gemini, then the real Gemini CLI', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it('governs gemini -p: a write before select_active_intent is refused, then scope decides; uninstall takes the settings out', async () => {
    const { root, policy } = plainWorkspace();
    await hooksInstall(intentgate, 'gemini', ['--workspace', root, '--policy', policy]);
    writeIntents(root);
    const run = await runInstalledGemini(program, root, [
      write('src/auth/early.ts'),
      selectIntent,
      write('src/auth/login.ts'),
      write('src/billing/pay.ts'),
    ]);
    expect(run.run.timedOut).toBe(false);
    expect(run.responses[0]).toContain(STATE_VIOLATION_MESSAGE);
    expect(existsSync(path.join(root, 'src', 'auth', 'early.ts'))).toBe(false);
    expect(run.responses[1]).toContain('Intent INT-001 is active');
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(true);
    expect(existsSync(path.join(root, 'src', 'billing', 'pay.ts'))).toBe(false);
    expect(run.responses[3]).toContain('src/billing/pay.ts');
    await hooksUninstall(intentgate, 'gemini', ['--workspace', root, '--policy', policy]);
    expect(existsSync(path.join(root, '.gemini'))).toBe(false);
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
  ])(
    'blocks $blocks when $name (the timeout wrapper, exit 2 with a reason)',
    async ({ program: hook, timeoutSec, blocks }) => {
      const { root } = plainWorkspace();
      installFailing(root, 'gemini', intentgate, hook(), timeoutSec);
      const run = await runInstalledGemini(program, root, [write('src/auth/login.ts')]);
      expect(run.run.timedOut).toBe(false);
      expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
      if (blocks === 'the call')
        expect(run.responses).toEqual([expect.stringContaining('intentgate: the hook failed')]);
      else expect(run.requests).toEqual([]);
    },
  );
});
