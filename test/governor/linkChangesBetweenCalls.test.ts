import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/governor/createGovernor';
import { makeWorkspace } from '../support/workspace';

// A folder's place on disk is read anew for every decision: between two calls the agent may turn
// a folder in its scope into a link to one outside it, and a later command run in that folder
// (an agent CLI reports the shell's folder with each call) must not be judged by the old place.

const INTENTS = 'active_intents:\n  - id: INT-1\n    owned_scope: ["src/**"]\n';

function inAction(root: string) {
  const governor = createGovernor({
    workspaceRoot: root,
    trace: () => undefined,
    classification: { bash: 'DESTRUCTIVE' },
    toolKinds: { bash: { kind: 'shell', command: 'command', cwd: 'cwd' } },
  });
  governor.userPrompt('go');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

describe('a folder turned into a link between two calls', () => {
  it('refuses a command run in it once it leads outside the scope, and the technique works for real', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS });
    const folder = path.join(root, 'src', 'd');
    mkdirSync(folder, { recursive: true });
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'a.md'), 'docs\n');
    const governor = inAction(root);
    const call = { command: 'echo x > a.md', cwd: folder };
    expect(governor.handleToolCall('bash', call).code).toBe('destructive_in_scope');
    rmSync(folder, { recursive: true });
    symlinkSync('../docs', folder);
    expect(governor.handleToolCall('bash', call)).toMatchObject({ verdict: 'deny', code: 'scope_violation' });
    expect(inAction(root).handleToolCall('bash', call)).toMatchObject({ verdict: 'deny', code: 'scope_violation' });
    spawnSync('bash', ['-c', call.command], { cwd: folder });
    expect(readFileSync(path.join(root, 'docs', 'a.md'), 'utf8')).toBe('x\n');
  });
});
