import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_VIOLATION_MESSAGE } from '../../../src/decision/reasons';
import { findAgentCli } from '../../support/agents/agentCli';
import { bundleEntry } from '../../support/agents/bundleEntry';
import type { OpenAiTurn } from '../../support/agents/openaiModel';
import {
  failingHook,
  hooksInstall,
  hooksUninstall,
  installFailing,
  plainWorkspace,
  runInstalledCodex,
  writeIntents,
} from './installedAgents';

// The real Codex CLI 0.169 in a workspace set up by `intentgate hooks install codex`: its hooks
// in .codex/hooks.json and the intents server in .codex/config.toml, read for a trusted project.

const cli = findAgentCli('codex');
// the suite is skipped when the program is missing
const program = 'program' in cli ? cli.program : '';
let intentgate = '';

const addFile = (file: string): OpenAiTurn => ({
  patch: `*** Begin Patch\n*** Add File: ${file}\n+export {};\n*** End Patch\n`,
});
const selectIntent: OpenAiTurn = {
  tool: 'select_active_intent',
  namespace: 'mcp__intentgate',
  input: { intent_id: 'INT-001' },
};

describe.skipIf('skip' in cli)('hooks install codex, then the real Codex CLI', () => {
  beforeAll(async () => {
    intentgate = await bundleEntry('src/cli/main.ts');
  });

  it('governs codex exec: a write before select_active_intent is refused, then scope decides; uninstall takes the settings out', async () => {
    const { root, policy } = plainWorkspace();
    await hooksInstall(intentgate, 'codex', ['--workspace', root, '--policy', policy]);
    writeIntents(root);
    const refused = await runInstalledCodex(program, root, [
      addFile('src/auth/login.ts'),
      { tool: 'exec_command', input: { cmd: 'touch src/auth/shell.ts' } },
    ]);
    expect(refused.run.timedOut).toBe(false);
    expect(refused.outputs).toEqual([
      expect.stringContaining(STATE_VIOLATION_MESSAGE),
      expect.stringContaining(STATE_VIOLATION_MESSAGE),
    ]);
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
    expect(existsSync(path.join(root, 'src', 'auth', 'shell.ts'))).toBe(false);
    expect(refused.requests[0]?.tools).toEqual(
      expect.arrayContaining(['mcp__intentgate/select_active_intent', 'mcp__intentgate/attempt_completion']),
    );
    const governed = await runInstalledCodex(program, root, [
      selectIntent,
      addFile('src/auth/login.ts'),
      addFile('src/billing/pay.ts'),
    ]);
    expect(governed.outputs[0]).toContain('Intent INT-001 is active');
    expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(true);
    expect(existsSync(path.join(root, 'src', 'billing', 'pay.ts'))).toBe(false);
    expect(governed.outputs[2]).toContain('src/billing/pay.ts');
    await hooksUninstall(intentgate, 'codex', ['--workspace', root, '--policy', policy]);
    expect(existsSync(path.join(root, '.codex'))).toBe(false);
    expect(readFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), 'utf8')).toContain('INT-001');
  });

  it('runs the contained line under the sandbox_mode install wrote, with no --sandbox flag: the write in scope lands, the one outside it fails', async () => {
    const { root, policy } = plainWorkspace();
    writeFileSync(path.join(root, 'src', 'billing', 'keep.ts'), 'export {};\n');
    await hooksInstall(intentgate, 'codex', ['--workspace', root, '--policy', policy]);
    writeIntents(root);
    const both = `node -e "const fs = require('fs'); fs.writeFileSync('src/auth/made.ts', 'made'); fs.writeFileSync('src/billing/keep.ts', 'changed')"`;
    const run = await runInstalledCodex(
      program,
      root,
      [selectIntent, { tool: 'exec_command', input: { cmd: both } }],
      'settings',
    );
    expect(run.run.timedOut).toBe(false);
    expect(readFileSync(path.join(root, 'src', 'auth', 'made.ts'), 'utf8')).toBe('made');
    expect(readFileSync(path.join(root, 'src', 'billing', 'keep.ts'), 'utf8')).toBe('export {};\n');
    expect(run.outputs[1]).toContain('EROFS');
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
      installFailing(root, 'codex', intentgate, hook(), timeoutSec);
      const run = await runInstalledCodex(program, root, [addFile('src/auth/login.ts')]);
      expect(run.run.timedOut).toBe(false);
      expect(existsSync(path.join(root, 'src', 'auth', 'login.ts'))).toBe(false);
      if (blocks === 'the call') expect(run.outputs).toEqual([expect.stringContaining('intentgate: the hook failed')]);
      else expect(run.requests).toEqual([]);
    },
  );
});
