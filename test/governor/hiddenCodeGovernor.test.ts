import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/index';
import { RISK_CATEGORIES } from '../../src/categories/riskCategories';
import { makeWorkspace } from '../support/workspace';

// Code the agent controls but the analysis cannot see, in ACTION with scope src/** and the
// everyday categories approved: every category is raised, so the call waits for a human.
// Code it can see (a literal process call, a sqlite3 dot command) is checked like the line.

const INTENTS = "active_intents:\n  - id: INT-1\n    name: Sources\n    owned_scope: ['src/**']\n";

function setup(): { readonly root: string; readonly governor: Governor } {
  const root = makeWorkspace({ intentsYaml: INTENTS, intentIgnore: 'secret/\n' });
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'docs'));
  writeFileSync(path.join(root, 'docs', 'a.md'), 'docs\n');
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('work on the sources');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return { root, governor };
}

describe('hidden code fails closed', () => {
  it.each([
    { name: 'a script the same call writes and runs', command: "echo 'touch docs/marker' > src/x.sh; bash src/x.sh" },
    { name: 'a script piped to bash that is not there to read', command: 'cat src/run | bash' },
    { name: 'a shell reading its script from a file on stdin', command: 'bash < src/run' },
    { name: 'a start-up file', command: 'BASH_ENV=./src/x.sh bash -c :' },
    { name: 'a PATH entry the agent controls', command: 'PATH=./bin:$PATH ls' },
  ])('holds $name with every category', ({ command }) => {
    const decision = setup().governor.handleToolCall('execute_command', { command });
    expect(decision).toMatchObject({ verdict: 'ask', code: 'needs_approval' });
    expect([...(decision.approval?.categories ?? [])].sort()).toEqual(
      RISK_CATEGORIES.filter((category) => category !== 'EXEC_ARBITRARY' && category !== 'FS_DELETE_OVERWRITE').sort(),
    );
  });

  it('a script the same call writes does run what it wrote, when run for real', () => {
    const { root } = setup();
    execFileSync('bash', ['-c', "echo 'touch docs/marker' > src/x.sh; bash src/x.sh"], { cwd: root });
    expect(existsSync(path.join(root, 'docs', 'marker'))).toBe(true);
  });

  it.each([
    { name: 'perl system without parentheses', command: `perl -e 'system "rm -rf docs"'` },
    { name: 'python os.execvp', command: `python3 -c 'import os; os.execvp("rm", ["rm", "-rf", "docs"])'` },
    { name: 'a sqlite3 .shell command', command: "sqlite3 src/db '.shell rm -rf docs'" },
  ])('checks the command in $name against the scope', ({ command }) => {
    expect(setup().governor.handleToolCall('execute_command', { command })).toMatchObject({
      verdict: 'deny',
      code: 'scope_violation',
    });
  });
});
