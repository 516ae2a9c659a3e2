import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RISK_CATEGORIES } from '../../../src/index';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { makeWorkspace } from '../../support/workspace';
import { GIT_ENV, installed } from '../../support/realPrograms';
import { attacker, SCOPE_SRC } from '../hiddenCodeSupport';

// Every hook a git subcommand runs, checked for real: in a repository whose hook writes a
// marker, each subcommand is run once and the marker must appear; and the decision, in the
// attacker's setting, must read that hook (its `touch marker` is outside src/, so the call is
// refused, and the evidence names the hook).

// a project under git: two commits on main, a branch `side` that diverged, a bare remote in src/
const SETUP = `
set -e
mkdir -p src docs
printf 'a\\n' > src/a.txt; printf 'b\\n' > src/b.txt
git init -q -b main . && git add -A && git commit -qm one
printf 'a2\\n' >> src/a.txt && git commit -qam two
git branch other HEAD~1
git checkout -q -b side other && printf 's\\n' > src/s.txt && git add src/s.txt && git commit -qm side && git checkout -q main
git init -q --bare src/origin.git && git remote add origin src/origin.git
git push -q origin main side && git fetch -q origin
git -C src/origin.git update-ref refs/heads/extra refs/heads/side
git format-patch -q -1 side --stdout > src/p.patch
`;

interface HookCase {
  readonly command: string;
  readonly hook: string;
  /** run before the hook is put in place */
  readonly prepare?: string;
  /** the hooks folder, below the workspace root */
  readonly hooks?: string;
  /** where the hook's marker lands, from the hook's own folder */
  readonly touch?: string;
  /** where the marker appears, below the workspace root */
  readonly marker?: string;
}

const HOOK_CASES: readonly HookCase[] = [
  { command: 'git status', hook: 'post-index-change', prepare: 'touch -m -d @946684800 src/a.txt' },
  { command: 'git add src/a.txt', hook: 'post-index-change', prepare: 'printf x >> src/a.txt' },
  { command: 'git rm -q src/b.txt', hook: 'post-index-change' },
  { command: 'git mv src/b.txt src/c.txt', hook: 'post-index-change' },
  { command: 'git reset -q HEAD~1', hook: 'reference-transaction' },
  { command: 'git reset -q src/a.txt', hook: 'post-index-change' },
  { command: 'git commit -q --allow-empty -m x', hook: 'pre-commit' },
  { command: 'git commit -q --allow-empty -m x', hook: 'prepare-commit-msg' },
  { command: 'git commit -q --allow-empty -m x', hook: 'commit-msg' },
  { command: 'git commit -q --allow-empty -m x', hook: 'post-commit' },
  { command: 'git commit -q --allow-empty -m x', hook: 'reference-transaction' },
  { command: 'git commit -q --amend -m y', hook: 'post-rewrite' },
  { command: 'git branch feature', hook: 'reference-transaction' },
  { command: 'git branch -D other', hook: 'reference-transaction' },
  { command: 'git tag v9', hook: 'reference-transaction' },
  { command: 'git checkout -q other', hook: 'post-checkout' },
  { command: 'git checkout -q -b fresh', hook: 'reference-transaction' },
  { command: 'git switch -q other', hook: 'post-checkout' },
  { command: 'git switch -q -c fresh', hook: 'reference-transaction' },
  { command: 'git restore src/a.txt', hook: 'post-checkout' },
  { command: 'git stash -q', hook: 'reference-transaction', prepare: 'printf x >> src/a.txt' },
  { command: 'git stash pop -q', hook: 'post-index-change', prepare: 'printf x >> src/a.txt && git stash -q' },
  { command: 'git update-ref refs/heads/y HEAD', hook: 'reference-transaction' },
  { command: 'git merge -q --no-edit side', hook: 'pre-merge-commit' },
  { command: 'git merge -q --no-edit side', hook: 'post-merge' },
  { command: 'git rebase -q side', hook: 'pre-rebase' },
  { command: 'git rebase -q side', hook: 'post-rewrite' },
  { command: 'git cherry-pick side', hook: 'post-commit' },
  { command: 'git revert --no-edit HEAD', hook: 'prepare-commit-msg' },
  { command: 'git am -q src/p.patch', hook: 'applypatch-msg' },
  { command: 'git fetch -q origin', hook: 'reference-transaction' },
  { command: 'git pull -q --no-rebase --no-edit origin side', hook: 'post-merge' },
  { command: 'git push -q origin main:refs/heads/pushed', hook: 'pre-push' },
  { command: 'git push -q origin main:refs/heads/pushed', hook: 'reference-transaction' },
  {
    command: 'git push -q src/origin.git main:refs/heads/received',
    hook: 'pre-receive',
    hooks: 'src/origin.git/hooks',
    touch: '../../marker',
  },
  {
    command: 'git push -q src/origin.git main:refs/heads/received',
    hook: 'post-receive',
    hooks: 'src/origin.git/hooks',
    touch: '../../marker',
  },
  { command: 'git gc -q', hook: 'reference-transaction' },
  { command: 'git notes add -m note', hook: 'reference-transaction' },
  { command: 'git worktree add -q src/wt', hook: 'post-checkout', marker: 'src/wt/marker' },
  { command: 'git bisect start HEAD HEAD~1', hook: 'reference-transaction' },
  { command: 'git remote rename origin upstream', hook: 'reference-transaction' },
];

function repository(): string {
  const root = makeWorkspace({ intentsYaml: SCOPE_SRC });
  execFileSync('bash', ['-c', SETUP], { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
  return root;
}

function putHook(root: string, hookCase: HookCase, text?: string): void {
  const folder = path.join(root, hookCase.hooks ?? '.git/hooks');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, hookCase.hook);
  writeFileSync(file, text ?? `#!/bin/sh\ntouch ${hookCase.touch ?? 'marker'}\n`);
  chmodSync(file, 0o755);
}

function prepared(hookCase: HookCase): string {
  const root = repository();
  if (hookCase.prepare !== undefined)
    execFileSync('bash', ['-c', hookCase.prepare], { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
  putHook(root, hookCase);
  return root;
}

const label = (hookCase: HookCase): string => `${hookCase.command} (${hookCase.hook})`;

describe.runIf(installed('git'))('the hooks git subcommands run', () => {
  it.each(HOOK_CASES.map((hookCase) => [label(hookCase), hookCase] as const))(
    '%s: the decision reads the hook',
    (_label, hookCase) => {
      const root = prepared(hookCase);
      const decision = attacker(root).handleToolCall('execute_command', { command: hookCase.command });
      expect(decision.allowed).toBe(false);
      const where = `in ${hookCase.hooks ?? '.git/hooks'}/${hookCase.hook}:`;
      expect(
        decision.evidence.some((item) => item.note.startsWith(where)),
        `${where} in ${JSON.stringify(decision.evidence.map((item) => item.note))}`,
      ).toBe(true);
    },
  );

  it.each(HOOK_CASES.map((hookCase) => [label(hookCase), hookCase] as const))(
    '%s: git runs the hook',
    (_label, hookCase) => {
      const root = prepared(hookCase);
      spawnSync('bash', ['-c', hookCase.command], {
        cwd: root,
        env: { ...process.env, ...GIT_ENV },
        stdio: 'pipe',
        timeout: 30_000,
      });
      expect(existsSync(path.join(root, hookCase.marker ?? 'marker'))).toBe(true);
    },
  );

  it('fails closed on a hook in another language', () => {
    const root = repository();
    putHook(root, { command: 'git commit', hook: 'pre-commit' }, "#!/usr/bin/env python3\nopen('marker', 'w')\n");
    expect(
      attacker(root).handleToolCall('execute_command', { command: 'git commit -q --allow-empty -m x' }).categories,
    ).toEqual(RISK_CATEGORIES);
  });

  it('reads hooks from the core.hooksPath of the repository config', () => {
    const root = repository();
    execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { cwd: root, env: { ...process.env, ...GIT_ENV } });
    putHook(root, { command: 'git commit', hook: 'pre-commit', hooks: '.githooks' });
    const decision = attacker(root).handleToolCall('execute_command', { command: 'git commit -q --allow-empty -m x' });
    expect(decision).toMatchObject({ verdict: 'deny', code: 'scope_violation' });
    expect(decision.evidence.some((item) => item.note.startsWith('in .githooks/pre-commit:'))).toBe(true);
  });

  it('finds the repository from a folder below its top', () => {
    const root = prepared({ command: 'git commit', hook: 'pre-commit' });
    const decision = attacker(root).handleToolCall('execute_command', {
      command: 'cd src && git commit -q --allow-empty -m x',
    });
    expect(decision.evidence.some((item) => item.note.startsWith('in .git/hooks/pre-commit:'))).toBe(true);
  });

  it("reads the main repository's hooks for a commit in a linked worktree", () => {
    const root = prepared({ command: 'git commit', hook: 'pre-commit' });
    execFileSync('git', ['worktree', 'add', '-q', 'src/wt'], { cwd: root, env: { ...process.env, ...GIT_ENV } });
    // the hook's `touch marker` lands in src/wt, inside the scope: the evidence names the hook read
    const decision = attacker(root).handleToolCall('execute_command', {
      command: 'cd src/wt && git commit -q --allow-empty -m x',
    });
    expect(decision.evidence.some((item) => item.note.startsWith('in .git/hooks/pre-commit:'))).toBe(true);
    // git runs it there: the worktree's .git is a file naming its folder, whose commondir names the main one
    spawnSync('bash', ['-c', 'git commit -q --allow-empty -m x'], {
      cwd: path.join(root, 'src/wt'),
      env: { ...process.env, ...GIT_ENV },
      stdio: 'pipe',
    });
    expect(existsSync(path.join(root, 'src/wt/marker'))).toBe(true);
  });

  it('reads no hook for a subcommand that runs none, and reads the one a hooking subcommand runs', () => {
    const root = prepared({ command: 'git commit', hook: 'pre-commit' });
    expect(
      attacker(root)
        .handleToolCall('execute_command', { command: 'git log --oneline -1' })
        .evidence.some((item) => item.note.includes('.git/hooks')),
    ).toBe(false);
    expect(
      attacker(root)
        .handleToolCall('execute_command', { command: 'git commit -q --allow-empty -m x' })
        .evidence.some((item) => item.note.startsWith('in .git/hooks/pre-commit:')),
    ).toBe(true);
  });

  it('reads the hooks of each repository a line runs git in', () => {
    const root = prepared({ command: 'git commit', hook: 'pre-commit' });
    execFileSync('git', ['init', '-q', 'src/r'], { cwd: root, env: { ...process.env, ...GIT_ENV } });
    putHook(root, { command: 'git commit', hook: 'pre-commit', hooks: 'src/r/.git/hooks' });
    const notes = attacker(root)
      .handleToolCall('execute_command', {
        command: 'git commit -q --allow-empty -m x && git -C src/r commit -q --allow-empty -m y',
      })
      .evidence.map((item) => item.note);
    expect(notes.some((note) => note.startsWith('in .git/hooks/pre-commit:'))).toBe(true);
    expect(notes.some((note) => note.startsWith('in src/r/.git/hooks/pre-commit:'))).toBe(true);
  });

  it('reads the commands the config of a repository nested in the workspace gives git', () => {
    const root = repository();
    execFileSync(
      'bash',
      ['-c', "git init -q src/r && printf '[alias]\\n\\tx = !touch ../../marker\\n' >> src/r/.git/config"],
      { cwd: root, env: { ...process.env, ...GIT_ENV } },
    );
    const decision = attacker(root).handleToolCall('execute_command', { command: 'git -C src/r x' });
    expect(decision).toMatchObject({ verdict: 'deny', code: 'scope_violation' });
    spawnSync('bash', ['-c', 'git -C src/r x'], { cwd: root, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
    expect(existsSync(path.join(root, 'marker'))).toBe(true);
  });

  it('fails closed on a nested repository whose config includes another file', () => {
    const root = repository();
    execFileSync('bash', ['-c', "git init -q src/r && printf '[include]\\n\\tpath = ../cfg\\n' >> src/r/.git/config"], {
      cwd: root,
      env: { ...process.env, ...GIT_ENV },
    });
    expect(attacker(root).handleToolCall('execute_command', { command: 'git -C src/r log' }).categories).toEqual(
      RISK_CATEGORIES,
    );
  });
});

describe('the hooks each subcommand lists', () => {
  it.each([
    { command: 'git status', hooks: ['post-index-change'] },
    {
      command: 'git commit -m x',
      hooks: [
        'pre-commit',
        'prepare-commit-msg',
        'commit-msg',
        'post-commit',
        'post-index-change',
        'reference-transaction',
        'post-rewrite',
        'pre-auto-gc',
      ],
    },
    { command: 'git stash pop', hooks: ['post-index-change', 'reference-transaction'] },
    { command: 'git -C src/r tag v1', hooks: ['reference-transaction'] },
    { command: 'git log', hooks: [] },
  ])('$command', ({ command, hooks }) => {
    const runs = analyzeShell(command).scriptRuns.filter((run) => run.how === 'git');
    expect(runs.map((run) => (run.script ?? '').split(' ').filter((hook) => hook !== ''))).toEqual([hooks]);
  });

  it('lists the receive hooks of a repository pushed into by its path', () => {
    const runs = analyzeShell('git push ../other main').scriptRuns.filter((run) => run.how === 'git');
    expect(runs.map((run) => run.path)).toEqual(['.', '../other']);
  });
});
