import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/index';
import { makeWorkspace } from '../support/workspace';
import { GIT_ENV, installed } from '../support/realPrograms';

// apply_patch bodies as an attacker would write them: in ACTION with an intent that owns src/**
// and the categories every coding session approves early. Each file a header names meets the
// scope, .intentignore and the control files, as a path argument would.

const SCOPE_SRC = `active_intents:
  - id: INT-1
    name: Sources
    owned_scope: [src/**]
`;

function inAction(root: string): Governor {
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('work on the sources');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' }).allowed).toBe(true);
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

const workspace = (): string => makeWorkspace({ intentsYaml: SCOPE_SRC, intentIgnore: 'secrets/\n' });

interface PatchCase {
  readonly name: string;
  readonly patch: string;
  readonly code: 'scope_violation' | 'protected_path' | 'path_ignored' | 'destructive_in_scope';
}

const RENAME = (from: string, to: string): string =>
  `diff --git a/${from} b/${to}\nsimilarity index 100%\nrename from ${from}\nrename to ${to}\n`;

const CASES: readonly PatchCase[] = [
  { name: 'a rename from outside the scope into it', patch: RENAME('docs/a.md', 'src/a.md'), code: 'scope_violation' },
  { name: 'a rename from the scope out of it', patch: RENAME('src/a.ts', 'docs/a.ts'), code: 'scope_violation' },
  {
    name: 'a rename of .intentignore into the scope',
    patch: RENAME('.intentignore', 'src/ignore.txt'),
    code: 'protected_path',
  },
  {
    name: 'a rename over the intents file',
    patch: RENAME('src/i.yaml', '.orchestration/active_intents.yaml'),
    code: 'protected_path',
  },
  {
    name: 'a rename of an ignored file into the scope',
    patch: RENAME('secrets/key.txt', 'src/key.txt'),
    code: 'path_ignored',
  },
  {
    name: 'a copy of the intents file',
    patch:
      'diff --git a/.orchestration/active_intents.yaml b/src/i.yaml\ncopy from .orchestration/active_intents.yaml\ncopy to src/i.yaml\n',
    code: 'protected_path',
  },
  {
    name: 'a mode change of .intentignore',
    patch: 'diff --git a/.intentignore b/.intentignore\nold mode 100644\nnew mode 100755\n',
    code: 'protected_path',
  },
  {
    name: 'a mode change outside the scope',
    patch: 'diff --git a/docs/run.sh b/docs/run.sh\nold mode 100644\nnew mode 100755\n',
    code: 'scope_violation',
  },
  {
    name: 'a deleted file outside the scope',
    patch:
      'diff --git a/docs/a.md b/docs/a.md\ndeleted file mode 100644\nindex 4b5fa63..0000000\n--- a/docs/a.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-hello\n',
    code: 'scope_violation',
  },
  {
    name: 'a new file under the control folder',
    patch: 'diff --git a/.orchestration/x b/.orchestration/x\nnew file mode 100644\n',
    code: 'protected_path',
  },
  {
    name: 'quoted names outside the scope',
    patch: 'diff --git "a/docs/a b.md" "b/docs/a b.md"\nold mode 100644\nnew mode 100755\n',
    code: 'scope_violation',
  },
  {
    name: 'a diff whose first folders are not a/ and b/',
    patch: '--- x/.intentignore\n+++ y/.intentignore\n@@ -1 +1 @@\n-secrets/\n+nothing/\n',
    code: 'protected_path',
  },
  {
    name: 'an indented Codex header',
    patch: '*** Begin Patch\n  *** Update File: .intentignore\n@@\n-secrets/\n+nothing/\n*** End Patch',
    code: 'protected_path',
  },
  {
    name: "a context diff's headers",
    patch: '*** a/docs/a.md\n--- b/docs/a.md\n***************\n*** 1 ****\n! hello\n--- 1 ----\n! bye\n',
    code: 'scope_violation',
  },
  {
    name: 'a git patch inside the scope',
    patch: 'diff --git a/src/a.ts b/src/a.ts\nindex 1..2 100644\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-a\n+b\n',
    code: 'destructive_in_scope',
  },
  { name: 'a rename inside the scope', patch: RENAME('src/a.ts', 'src/b.ts'), code: 'destructive_in_scope' },
];

describe('apply_patch headers, in ACTION with scope src/** and EXEC_ARBITRARY and FS_DELETE_OVERWRITE approved', () => {
  it.each(CASES)('decides $name as $code', ({ patch, code }) => {
    const decision = inAction(workspace()).handleToolCall('apply_patch', { patch });
    expect(decision.code).toBe(code);
    expect(decision.verdict).toBe(code === 'destructive_in_scope' ? 'allow' : 'deny');
  });
});

/** A git repository with docs/a.md and docs/run.sh committed, and the patch in a file outside the workspace's scope checks. */
function repository(patch: string): { root: string; patchFile: string } {
  const root = workspace();
  execFileSync(
    'bash',
    [
      '-c',
      "set -e; mkdir -p src docs; printf 'hello\\n' > docs/a.md; printf 'echo hi\\n' > docs/run.sh; git init -q . && git add -A && git commit -qm init",
    ],
    { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' },
  );
  const patchFile = path.join(root, '.git', 'change.patch');
  writeFileSync(patchFile, patch);
  return { root, patchFile };
}

// what the headers claim git does, run for real: each patch changes a file outside src/
const REAL_RUNS: ReadonlyArray<{ name: string; patch: string; changed: (root: string) => boolean }> = [
  {
    name: 'the rename lines move a file from outside the scope',
    patch: RENAME('docs/a.md', 'src/a.md'),
    changed: (root) => !existsSync(path.join(root, 'docs/a.md')),
  },
  {
    name: "a mode change named only by the 'diff --git' header",
    patch: 'diff --git a/docs/run.sh b/docs/run.sh\nold mode 100644\nnew mode 100755\n',
    changed: (root) => (statSync(path.join(root, 'docs/run.sh')).mode & 0o111) !== 0,
  },
  {
    name: 'first folders other than a/ and b/, which git apply strips',
    patch: '--- x/docs/a.md\n+++ y/docs/a.md\n@@ -1 +1 @@\n-hello\n+bye\n',
    changed: (root) => readFileSync(path.join(root, 'docs/a.md'), 'utf8') === 'bye\n',
  },
];

describe('what git apply does with those headers', () => {
  it.each(REAL_RUNS.filter(() => installed('git')))(
    '$name: refused, and git apply does change the file',
    ({ patch, changed }) => {
      const { root, patchFile } = repository(patch);
      expect(inAction(root).handleToolCall('apply_patch', { patch }).code).toBe('scope_violation');
      execFileSync('git', ['apply', patchFile], { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
      expect(changed(root)).toBe(true);
    },
  );
});
