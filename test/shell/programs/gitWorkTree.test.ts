import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../../src/index';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { PathRole } from '../../../src/shell/catalog/shellAnalysis';
import { makeWorkspace } from '../../support/workspace';
import { GIT_ENV, installed } from '../../support/realPrograms';

// git writes the line does not name as files (gitWorkTree.ts, gitAbbreviations.ts): a
// subcommand that rewrites the work tree by a ref counts it as a possible overwrite, index-only
// and no-op forms write none, and an abbreviated long option is read as the option it stands for.

/** [path, role, assumed] of each operand, in the order found. */
type Operand = readonly [string | undefined, PathRole, string | undefined];

interface OperandCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly Operand[];
}

function operandsOf(command: string): Operand[] {
  return analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.role, operand.assumed] as const);
}

const check = ({ command, expected }: OperandCase): void => {
  expect({ command, operands: operandsOf(command) }).toEqual({ command, operands: expected });
};

const switches = (subcommand: string, ref: string): string =>
  `'git ${subcommand}' changes the work tree to the files of '${ref}', which the line does not name`;
const overwrites = (line: string): string =>
  `'${line}' overwrites files of the work tree, which the line does not name`;
// the files a rewrite writes, named by no word: any file in a folder of the work tree
const ANY = '*/*';
const applies = (subcommand: string, what: string): string =>
  `'git ${subcommand}' writes into the work tree ${what}, which the line does not name`;

describe('a subcommand that rewrites the work tree by a ref counts any file of it as a possible overwrite', () => {
  it.each<OperandCase>([
    {
      name: 'git checkout BRANCH',
      command: 'git checkout main',
      expected: [[ANY, 'overwrite', switches('checkout', 'main')]],
    },
    {
      name: 'git checkout - (the last branch)',
      command: 'git checkout -',
      expected: [[ANY, 'overwrite', switches('checkout', '-')]],
    },
    {
      name: 'git checkout TAG',
      command: 'git checkout v1.2.3',
      expected: [[ANY, 'overwrite', switches('checkout', 'v1.2.3')]],
    },
    {
      name: 'git checkout -b NEW START',
      command: 'git checkout -b fix origin/main',
      expected: [[ANY, 'overwrite', switches('checkout', 'origin/main')]],
    },
    {
      name: 'git switch BRANCH',
      command: 'git switch main',
      expected: [[ANY, 'overwrite', switches('switch', 'main')]],
    },
    {
      name: 'git switch -c NEW START',
      command: 'git switch -c fix origin/main',
      expected: [[ANY, 'overwrite', switches('switch', 'origin/main')]],
    },
    {
      name: 'git switch --orphan',
      command: 'git switch --orphan fresh',
      expected: [[ANY, 'overwrite', "'git switch --orphan' removes the tracked files from the work tree"]],
    },
    {
      name: 'git merge',
      command: 'git merge --no-ff feature/x',
      expected: [[ANY, 'overwrite', applies('merge', 'the files of the commits it merges')]],
    },
    {
      name: 'git merge --abort',
      command: 'git merge --abort',
      expected: [[ANY, 'overwrite', "'git merge' puts back the files it had changed, which the line does not name"]],
    },
    {
      name: 'git cherry-pick',
      command: 'git cherry-pick abc1234',
      expected: [[ANY, 'overwrite', applies('cherry-pick', 'the changes of the commits it applies')]],
    },
    {
      name: 'git cherry-pick --continue, which applies the rest',
      command: 'git cherry-pick --continue',
      expected: [[ANY, 'overwrite', applies('cherry-pick', 'the changes of the commits it applies')]],
    },
    {
      name: 'git revert',
      command: 'git revert --no-edit HEAD',
      expected: [[ANY, 'overwrite', applies('revert', 'the changes that undo the commits it reverts')]],
    },
    {
      name: 'git rebase',
      command: 'git rebase origin/main',
      expected: [[ANY, 'overwrite', applies('rebase', 'the files of the commits it replays')]],
    },
    {
      name: 'git pull',
      command: 'git pull --rebase origin main',
      expected: [[ANY, 'overwrite', applies('pull', 'the files of the commits it fetches and merges')]],
    },
    {
      name: 'git sparse-checkout set',
      command: 'git sparse-checkout set src',
      expected: [
        [ANY, 'overwrite', "'git sparse-checkout set' adds and removes files of the work tree by its patterns"],
      ],
    },
    {
      name: 'git bisect good',
      command: 'git bisect good',
      expected: [[ANY, 'overwrite', "'git bisect good' checks out the commits it tests"]],
    },
    {
      name: 'git submodule update of a path',
      command: 'git submodule update --init lib/x',
      expected: [['lib/x', 'overwrite', undefined]],
    },
    {
      name: 'git stash pop',
      command: 'git stash pop',
      expected: [[ANY, 'overwrite', overwrites('git stash pop')]],
    },
    {
      name: 'git reset --hard REF',
      command: 'git reset --hard HEAD~1',
      expected: [[ANY, 'overwrite', overwrites('git reset --hard')]],
    },
    {
      name: 'git -C DIR checkout BRANCH, in that folder',
      command: 'git -C sub checkout main',
      expected: [
        ['sub', 'read', undefined],
        ['sub/*/*', 'overwrite', switches('checkout', 'main')],
      ],
    },
  ])('$name', check);
});

describe('index-only and no-op forms write no file', () => {
  it.each<OperandCase>([
    {
      name: 'git restore --staged reads the file into the index',
      command: 'git restore --staged x',
      expected: [['x', 'read', undefined]],
    },
    {
      name: 'git restore -S reads the file into the index',
      command: 'git restore -S x',
      expected: [['x', 'read', undefined]],
    },
    { name: 'git reset PATH changes the index', command: 'git reset x', expected: [] },
    { name: 'git reset --soft moves the branch', command: 'git reset --soft HEAD~1', expected: [] },
    { name: 'git checkout -b NEW starts at HEAD', command: 'git checkout -b feature', expected: [] },
    { name: 'git checkout --orphan NEW keeps the files', command: 'git checkout --orphan gh-pages', expected: [] },
    { name: 'git switch -c NEW starts at HEAD', command: 'git switch -c feature', expected: [] },
    { name: 'git merge --continue commits', command: 'git merge --continue', expected: [] },
    { name: 'git rebase --edit-todo edits the plan', command: 'git rebase --edit-todo', expected: [] },
    { name: 'git sparse-checkout list', command: 'git sparse-checkout list', expected: [] },
    { name: 'git bisect log', command: 'git bisect log', expected: [] },
    { name: 'git branch -d (refuses unmerged work)', command: 'git branch -d x', expected: [] },
    {
      name: "git -C . branch -d, whose -C is git's own and not branch's",
      command: 'git -C . branch -d x',
      expected: [['.', 'read', undefined]],
    },
  ])('$name', check);

  it('still overwrites the work tree for restore --staged --worktree', () => {
    expect(operandsOf('git restore --staged --worktree x')).toEqual([['x', 'overwrite', undefined]]);
  });
});

describe('an abbreviated long option is read as the option it stands for', () => {
  it.each<OperandCase>([
    {
      name: 'git reset --ha',
      command: 'git reset --ha',
      expected: [[ANY, 'overwrite', overwrites('git reset --hard')]],
    },
    { name: 'git clean --forc', command: 'git clean --forc', expected: [['.', 'delete', undefined]] },
    {
      name: 'git checkout --forc',
      command: 'git checkout --forc',
      expected: [[ANY, 'overwrite', overwrites('git checkout --force')]],
    },
    {
      name: 'git branch --del --forc',
      command: 'git branch --del --forc old',
      expected: [
        ['old', 'overwrite', "options '--del', '--forc' of 'git branch' are not in the command catalog"],
        ['.git/refs/heads/old', 'delete', undefined],
      ],
    },
    { name: 'an ambiguous prefix is read as no option', command: 'git push --ver', expected: [] },
  ])('$name', check);

  it('reads git push --force-w as --force-with-lease, listed as git runs it', () => {
    const analysis = analyzeShell('git push --force-w origin main');
    expect(analysis.commands).toEqual([
      ['git', 'push', '--force-w', 'origin', 'main'],
      ['git', 'push', '--force-with-lease', 'origin', 'main'],
    ]);
  });

  it('leaves git push --forc, which git refuses as ambiguous (--force, --force-with-lease, --force-if-includes)', () => {
    expect(analyzeShell('git push --forc origin main').commands).toEqual([['git', 'push', '--forc', 'origin', 'main']]);
  });

  it('reads the command an abbreviated --exec runs', () => {
    const analysis = analyzeShell("git rebase --exe 'sudo id' main");
    expect(analysis.commands).toContainEqual(['sudo', 'id']);
    expect(analysis.findings.map((finding) => finding.category)).toContain('SUDO');
  });
});

const INTENTS = 'active_intents:\n  - id: A\n    owned_scope: [src/a/**]\n';
const WHOLE_WORKSPACE = "active_intents:\n  - id: A\n    owned_scope: ['**']\n";

function governorInAction(root: string): Governor {
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('tidy up');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'A' }).code).toBe('intent_selected');
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

describe('a scope narrower than the work tree refuses a rewrite by ref', () => {
  it.each([
    { name: 'git checkout BRANCH', command: 'git checkout main', code: 'scope_violation' },
    { name: 'git merge', command: 'git merge feature', code: 'scope_violation' },
    { name: 'git pull', command: 'git pull', code: 'scope_violation' },
    { name: 'git stash pop', command: 'git stash pop', code: 'scope_violation' },
    { name: 'git stash', command: 'git stash', code: 'scope_violation' },
    { name: 'git reset --ha', command: 'git reset --ha', code: 'scope_violation' },
    { name: 'git checkout -b NEW', command: 'git checkout -b feature', code: 'destructive_in_scope' },
    { name: 'git restore --staged', command: 'git restore --staged src/b/x.ts', code: 'destructive_in_scope' },
    { name: 'git -C . branch -d', command: 'git -C . branch -d x', code: 'destructive_in_scope' },
    { name: 'git restore in the scope', command: 'git restore src/a/x.ts', code: 'destructive_in_scope' },
  ])('$name: $code', ({ command, code }) => {
    const decision = governorInAction(makeWorkspace({ intentsYaml: INTENTS })).handleToolCall('execute_command', {
      command,
    });
    expect(decision.code).toBe(code);
  });

  it('says why the work tree counts as written', () => {
    const decision = governorInAction(makeWorkspace({ intentsYaml: INTENTS })).handleToolCall('execute_command', {
      command: 'git switch main',
    });
    expect(decision.reason).toBe(
      `Scope Violation: '*/*' is outside the scope of intent 'A' (src/a/**). It counts as a possible write because ${switches('switch', 'main')}.`,
    );
  });
});

describe("a scope that holds the work tree holds a rewrite by ref for intentgate's control files", () => {
  it.each([
    { name: 'git checkout BRANCH', command: 'git checkout main', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git switch BRANCH', command: 'git switch main', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git merge', command: 'git merge feature', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git rebase', command: 'git rebase main', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git reset --hard', command: 'git reset --hard', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git stash pop', command: 'git stash pop', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git stash, which takes every change away', command: 'git stash', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git checkout -f', command: 'git checkout -f', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git -C DIR checkout BRANCH', command: 'git -C src checkout main', unapproved: ['FS_CONFIG_SECRETS'] },
    { name: 'git pull, which also fetches', command: 'git pull', unapproved: ['FS_CONFIG_SECRETS', 'NETWORK_RISK'] },
  ])('$name: held for $unapproved', ({ command, unapproved }) => {
    const decision = governorInAction(makeWorkspace({ intentsYaml: WHOLE_WORKSPACE })).handleToolCall(
      'execute_command',
      { command },
    );
    expect({ verdict: decision.verdict, code: decision.code, unapproved: decision.approval?.categories }).toEqual({
      verdict: 'ask',
      code: 'needs_approval',
      unapproved,
    });
  });

  it('says the fetched commits may write any file, the control files included', () => {
    const decision = governorInAction(makeWorkspace({ intentsYaml: WHOLE_WORKSPACE })).isToolAllowed(
      'execute_command',
      { command: 'git pull' },
    );
    expect(decision.evidence?.find((item) => item.category === 'FS_CONFIG_SECRETS')?.note).toBe(
      "the commits 'git pull' fetches may write any file of the work tree, intentgate's control files " +
        '(.intentignore, the orchestration folder) and those .intentignore names included',
    );
    expect(decision.approval?.prompt.changes).toContain(
      'overwrite .intentignore, the orchestration folder (config file)',
    );
  });

  it('is allowed once FS_CONFIG_SECRETS is approved for the session', () => {
    const governor = governorInAction(makeWorkspace({ intentsYaml: WHOLE_WORKSPACE }));
    governor.approveSession(['FS_CONFIG_SECRETS']);
    expect(governor.handleToolCall('execute_command', { command: 'git checkout main' }).code).toBe(
      'destructive_in_scope',
    );
  });

  it('still refuses git clean of the workspace as a whole on the same line', () => {
    const decision = governorInAction(makeWorkspace({ intentsYaml: WHOLE_WORKSPACE })).handleToolCall(
      'execute_command',
      { command: 'git checkout main && git clean -fdx' },
    );
    expect(decision.allowed).toBe(false);
  });
});

// a project under git: main holds docs/a.md, the branch `side` changes it
const SETUP = `
set -e
mkdir -p src/a docs
printf 'one\\n' > docs/a.md; printf 'x\\n' > src/a/x.ts
git init -q -b main . && git add -A && git commit -qm one
git checkout -q -b side && printf 'two\\n' > docs/a.md && git commit -qam two && git checkout -q main
`;

/** Each file outside src/a and .git, with a hash of its content. */
function filesOutsideScope(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const relative = path.relative(root, full);
      if (relative === '.git' || relative === path.join('src', 'a')) continue;
      if (entry.isDirectory()) walk(full);
      else files.set(relative, createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(root);
  return files;
}

describe.runIf(installed('git'))('run for real, a rewrite by ref changes files outside the scope', () => {
  it.each([
    { name: 'git checkout BRANCH', command: 'git checkout -q side' },
    { name: 'git merge', command: 'git merge -q side' },
    { name: 'git cherry-pick', command: 'git cherry-pick side' },
    { name: 'git sparse-checkout set', command: 'git sparse-checkout set src' },
    { name: 'git switch', command: 'git switch -q side' },
  ])('$name: refused, and git changes a file outside src/a', ({ command }) => {
    const root = makeWorkspace({ intentsYaml: INTENTS });
    execFileSync('bash', ['-c', SETUP], { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
    const before = filesOutsideScope(root);
    const decision = governorInAction(root).handleToolCall('execute_command', { command });
    spawnSync('bash', ['-c', command], { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
    expect(filesOutsideScope(root)).not.toEqual(before);
    expect(decision.allowed).toBe(false);
  });
});
