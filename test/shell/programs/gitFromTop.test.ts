import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../../src/index';
import type { RegularFileRead } from '../../../src/files/readRegularFile';
import { createPathAnalyzer } from '../../../src/paths/pathAnalyzer';
import { shellRisk } from '../../../src/risk/shellRisk';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { ShellScriptRun } from '../../../src/shell/catalog/shellAnalysis';
import type { WorkspaceFiles } from '../../../src/shell/catalog/workspaceFiles';
import { BUILTIN_CATALOG } from '../../../src/shell/programs/builtinCatalog';
import { GIT_FROM_TOP_FILES } from '../../../src/shell/programs/git/gitFromTopFiles';
import { shebangShells } from '../../../src/shell/programs/shells/shebangShells';
import { newScriptReading, type ScriptFile } from '../../../src/shell/runFiles/codeFiles';
import { makeWorkspace } from '../../support/workspace';
import { GIT_ENV, installed } from '../../support/realPrograms';

// git uses files from the repository's top wherever in it it runs (gitFromTop.ts,
// gitFromTopFiles.ts): the whole work tree a checkout rewrites, a `:/` pathspec, an object
// name's path. What the line does in the folder git runs in is read again from the top the
// repository on disk names, so an intent owning one folder does not let a checkout run there
// change the others.

const fromTopRuns = (command: string): ShellScriptRun[] =>
  analyzeShell(command).scriptRuns.filter((run) => run.how === 'gitFromTop');

// the whole work tree as a line writes it: any file of it ('*/*'), or '.' where a patch names the files
const WHOLE_TREE = ['*/*', '.'];

/** [role, assumed] of the write of the whole work tree a line makes. */
function wholeTreeWrites(command: string): (readonly [string, string | undefined])[] {
  return analyzeShell(command)
    .pathOperands.filter((operand) => WHOLE_TREE.includes(operand.source) && operand.role !== 'read')
    .map((operand) => [operand.role, operand.assumed] as const);
}

describe('a rewrite of the whole work tree is restated as the git line that makes it', () => {
  it.each([
    { name: 'git checkout BRANCH', command: 'git checkout main' },
    { name: 'git checkout - (the last branch)', command: 'git checkout -' },
    { name: 'git checkout -b NEW START', command: 'git checkout -b fix origin/main' },
    { name: 'git checkout -b NEW START that looks like a file', command: 'git checkout -b fix notes.md' },
    { name: 'git checkout -f BRANCH', command: 'git checkout -f main' },
    { name: 'git checkout -- with no path', command: 'git checkout --' },
    { name: 'git checkout -p', command: 'git checkout -p' },
    { name: 'git switch BRANCH', command: 'git switch main' },
    { name: 'git switch -c NEW START', command: 'git switch -c fix origin/main' },
    { name: 'git switch --orphan NEW', command: 'git switch --orphan fresh' },
    { name: 'git switch --discard-changes', command: 'git switch --discard-changes main' },
    { name: 'git merge', command: 'git merge --no-ff -m "x y" feature/x' },
    { name: 'git merge --abort', command: 'git merge --abort' },
    { name: 'git cherry-pick --continue', command: 'git cherry-pick --continue' },
    { name: 'git revert', command: 'git revert --no-edit HEAD' },
    { name: 'git rebase --exec', command: "git rebase --exec 'make test' origin/main" },
    { name: 'git pull', command: 'git pull --rebase origin main' },
    { name: 'git sparse-checkout set', command: 'git sparse-checkout set src' },
    { name: 'git bisect good', command: 'git bisect good' },
    { name: 'git submodule update', command: 'git submodule update --init' },
    { name: 'git stash (a push of every change)', command: 'git stash -q' },
    { name: 'git stash pop', command: 'git stash pop --index' },
    { name: 'git stash branch', command: 'git stash branch fix' },
    { name: 'git reset --hard REF', command: 'git reset --hard HEAD~1' },
    { name: 'git reset --keep', command: 'git reset --keep' },
    { name: 'git am', command: 'git am -3 fix.patch' },
    { name: 'git -C DIR checkout BRANCH', command: 'git -C sub checkout main' },
  ])('$name', ({ command }) => {
    const runs = fromTopRuns(command);
    expect(runs).toHaveLength(1);
    const restated = runs[0]?.script ?? '';
    expect(restated).toMatch(/^git /);
    expect({ restated, writes: wholeTreeWrites(restated) }).toEqual({ restated, writes: wholeTreeWrites(command) });
    expect(wholeTreeWrites(command)).toHaveLength(1);
  });

  it('places the run in the folder git runs in', () => {
    expect(fromTopRuns('cd src/a && git checkout main').map((run) => run.path)).toEqual(['src/a/.']);
    expect(fromTopRuns('git -C src/a checkout main').map((run) => run.path)).toEqual(['src/a/.']);
  });

  it.each([
    { name: 'git status', command: 'git status' },
    { name: 'git diff', command: 'git diff' },
    { name: 'git log', command: 'git log --oneline' },
    { name: 'git checkout -- PATH', command: 'git checkout -- x.ts' },
    { name: 'git checkout -b NEW (from HEAD)', command: 'git checkout -b feature' },
    { name: 'git restore PATH', command: 'git restore x.ts' },
    { name: 'git clean -f, which cleans the folder it runs in', command: 'git clean -f' },
    { name: 'git apply, which leaves the files outside its folder alone', command: 'git apply fix.patch' },
    { name: 'git stash push PATH', command: 'git stash push x.ts' },
    { name: 'git merge --continue', command: 'git merge --continue' },
  ])('notes no rewrite from the top for $name', ({ command }) => {
    expect(fromTopRuns(command)).toEqual([]);
  });

  it('fails closed on git -c core.worktree, which moves the work tree elsewhere', () => {
    expect(analyzeShell('git -c core.worktree=/ checkout main').unknowable).toContain('core.worktree=/');
  });
});

describe('a pathspec or an object name below the top is read again from there', () => {
  it.each([
    {
      name: 'a :/ pathspec git checks out',
      command: 'git checkout main -- :/src/b',
      restated: ['git checkout -- :/src/b'],
    },
    {
      name: 'a :(top) pathspec git checks out',
      command: "git checkout main -- ':(top)src/b'",
      restated: ["git checkout -- ':(top)src/b'"],
    },
    {
      name: 'an excluding pathspec, which names the rest of the whole tree',
      command: "git checkout main -- ':!x.ts'",
      restated: ["git checkout -- ':!x.ts'"],
    },
    { name: 'a :/ pathspec git removes', command: "git rm -q ':/src/b/y.ts'", restated: ['git rm -- :/src/b/y.ts'] },
    { name: 'a :/ pathspec git reads', command: 'git log -- :/src/b', restated: ['git log -- :/src/b'] },
    { name: 'an object name git shows', command: 'git show HEAD:secrets/key', restated: ['git show HEAD:secrets/key'] },
    {
      name: 'an object name cat-file prints',
      command: 'git cat-file -p HEAD:secrets/key',
      restated: ['git show HEAD:secrets/key'],
    },
    {
      name: 'the paths a file lists',
      command: 'git add --pathspec-from-file=list.txt',
      restated: ["git add '--pathspec-from-file=-'"],
    },
  ])('$name', ({ command, restated }) => {
    expect(fromTopRuns(command).map((run) => run.script)).toEqual(restated);
  });

  it.each([
    { name: 'a plain pathspec, below the folder git runs in', command: 'git checkout main -- src/b' },
    { name: 'a glob pathspec without top', command: "git log -- ':(glob)src/*.ts'" },
    { name: 'an object name whose path starts with ./', command: 'git show HEAD:./x.ts' },
    { name: 'a commit named by its message', command: 'git show :/fix' },
  ])('reads nothing again for $name', ({ command }) => {
    expect(fromTopRuns(command)).toEqual([]);
  });

  it.each([
    { name: 'a :/ pathspec', command: 'git checkout main -- :/src/b', role: 'overwrite', path: 'src/b' },
    { name: 'an excluding pathspec', command: "git checkout main -- ':!x.ts'", role: 'overwrite', path: '*/*' },
    { name: 'a :/ pathspec git removes', command: "git rm -q ':/src/b/y.ts'", role: 'delete', path: 'src/b/y.ts' },
    { name: 'an object name', command: 'git show HEAD:secrets/key', role: 'read', path: 'secrets/key' },
  ])('uses the same files read again: $name', ({ command, role, path: expected }) => {
    const restated = fromTopRuns(command)[0]?.script ?? '';
    const used = analyzeShell(restated).pathOperands.map((operand) => [operand.path, operand.role]);
    expect({ restated, used }).toEqual({ restated, used: [[expected, role]] });
  });
});

type Tree = Readonly<Record<string, 'folder' | 'fifo' | { readonly text: string }>>;

/** A tree given as data: a folder, a FIFO, or a file with its text. */
function filesOf(tree: Tree): WorkspaceFiles {
  return {
    kindOf: (file) => (tree[file] === 'folder' ? 'folder' : typeof tree[file] === 'object' ? 'file' : undefined),
    exists: (file) => tree[file] !== undefined,
    list: (folder) =>
      Object.keys(tree)
        .filter((file) => file.startsWith(`${folder}/`) && !file.slice(folder.length + 1).includes('/'))
        .map((file) => file.slice(folder.length + 1)),
    readText(file, maxBytes): RegularFileRead {
      const entry = tree[file];
      if (entry === undefined) return { kind: 'missing' };
      if (typeof entry !== 'object') return { kind: 'not-a-file' };
      return entry.text.length > maxBytes
        ? { kind: 'too-large', size: entry.text.length }
        : { kind: 'text', text: entry.text };
    },
  };
}

interface ReaderCase {
  readonly name: string;
  /** the tree, its paths below the workspace root */
  readonly tree: Tree;
  readonly command: string;
  /** a write the same line makes, below the workspace root */
  readonly writes?: string;
  /** what the reader gives: the text read again and the folder below the root it is read from, or the unseen code's reason */
  readonly expected: readonly ({ readonly text: string; readonly base: string } | { readonly unseen: RegExp })[];
}

const REPOSITORY: Tree = { '.git': 'folder', '.git/HEAD': { text: 'ref: refs/heads/main\n' }, src: 'folder' };

function readWorkTree(root: string, { tree, command, writes }: ReaderCase): ScriptFile[] {
  const rooted = Object.fromEntries(Object.entries(tree).map(([file, entry]) => [path.join(root, file), entry]));
  const context = { workspaceRoot: root, base: root, analyze: createPathAnalyzer(root) };
  const reading = newScriptReading();
  if (writes !== undefined) reading.writes.absolute.push({ path: path.join(root, writes), command: 'cp -r x y' });
  const site = {
    context,
    reading,
    files: filesOf(rooted),
    shebangShells,
    environment: BUILTIN_CATALOG.code.environment,
  };
  return fromTopRuns(command).flatMap((run) => GIT_FROM_TOP_FILES.read(run, site));
}

describe("git's reader of the work tree, over a tree given as data", () => {
  it.each<ReaderCase>([
    {
      name: 'reads nothing again where git runs at the top',
      tree: REPOSITORY,
      command: 'git checkout main',
      expected: [],
    },
    {
      name: 'reads the line again from the top where git runs below it',
      tree: REPOSITORY,
      command: 'cd src/a && git checkout main',
      expected: [{ text: 'git checkout main', base: '' }],
    },
    {
      name: 'reads it from a nested repository, not the workspace',
      tree: { ...REPOSITORY, 'lib/r/.git': { text: 'gitdir: ../../.git/modules/r\n' }, '.git/modules/r': 'folder' },
      command: 'git -C lib/r/docs reset --hard',
      expected: [{ text: 'git reset --hard', base: 'lib/r' }],
    },
    {
      name: "reads it from core.worktree, the repository config's work tree",
      tree: { ...REPOSITORY, '.git/config': { text: '[core]\n\tworktree = ../src\n' } },
      command: 'git merge feature',
      expected: [{ text: 'git merge', base: 'src' }],
    },
    {
      name: 'reads nothing outside any repository',
      tree: { src: 'folder' },
      command: 'cd src && git checkout main',
      expected: [],
    },
    {
      name: 'reads nothing in a bare repository, which has no work tree',
      tree: { 'r.git/HEAD': { text: 'x' }, 'r.git/objects': 'folder', 'r.git/refs': 'folder' },
      command: 'git -C r.git checkout main',
      expected: [],
    },
    {
      name: 'reads nothing where the folder is known only at run time, which the scope already refuses',
      tree: REPOSITORY,
      command: 'cd "$d" && git checkout main',
      expected: [],
    },
    {
      name: 'fails closed on a config it cannot read',
      tree: { ...REPOSITORY, '.git/config': 'fifo' },
      command: 'cd src && git checkout main',
      expected: [{ unseen: /configuration cannot be read/ }],
    },
    {
      name: 'fails closed on a line that writes into a .git',
      tree: REPOSITORY,
      command: 'cd src && git checkout main',
      writes: 'src/.git',
      expected: [{ unseen: /writes '.*src\/\.git', which may change that repository/ }],
    },
  ])('$name', (item) => {
    const root = makeWorkspace({ orchestration: false });
    const found = readWorkTree(root, item).map((file) =>
      file.kind === 'read' ? { text: file.text, base: path.relative(root, file.base ?? '') } : file,
    );
    expect(found).toHaveLength(item.expected.length);
    item.expected.forEach((expected, index) => {
      const file = found[index];
      if ('unseen' in expected)
        expect(file).toMatchObject({ kind: 'unseen', reason: expect.stringMatching(expected.unseen) });
      else expect(file).toEqual(expected);
    });
  });
});

const git = (script: string, cwd: string): void => {
  execFileSync('bash', ['-c', `set -e\n${script}`], { cwd, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
};

// a project under git: src/a and src/b on main, the branch `other` changes a file in each
const SETUP = `
mkdir -p src/a src/b
printf 'a\\n' > src/a/x.ts; printf 'b\\n' > src/b/y.ts
git init -q -b main . && git add -A && git commit -qm one
git checkout -q -b other && printf 'a2\\n' > src/a/x.ts && printf 'b2\\n' > src/b/y.ts && git commit -qam two
git checkout -q main
`;

const INTENTS = 'active_intents:\n  - id: A\n    owned_scope: [src/a/**]\n';
const WHOLE_WORKSPACE = 'active_intents:\n  - id: A\n    owned_scope: ["**"]\n';

function governorInAction(root: string): Governor {
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('tidy up');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'A' }).code).toBe('intent_selected');
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

/** Each file below `folder` outside .git, with a hash of its content. */
function contents(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.name === '.git') continue;
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(folder, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(folder);
  return files;
}

/** Runs the command for real with bash, from `cwd`. */
const run = (command: string, cwd: string): void => {
  spawnSync('bash', ['-c', command], { cwd, env: { ...process.env, ...GIT_ENV }, stdio: 'pipe' });
};

describe.runIf(installed('git'))('run for real: git in a subfolder rewrites files outside it', () => {
  it.each([
    { name: 'cd src/a && git checkout BRANCH', command: 'cd src/a && git checkout -q other' },
    { name: 'cd src/a && git switch BRANCH', command: 'cd src/a && git switch -q other' },
    { name: 'cd src/a && git merge', command: 'cd src/a && git merge -q other' },
    { name: 'cd src/a && git reset --hard REF', command: 'cd src/a && git reset -q --hard other' },
    { name: 'cd src/a && git stash', command: 'cd src/a && git stash -q', prepare: "printf 'c\\n' > src/b/y.ts" },
  ])('$name: refused as a scope violation, and git changes src/b', ({ command, prepare }) => {
    const root = makeWorkspace({ intentsYaml: INTENTS });
    git(SETUP + (prepare ?? ''), root);
    const before = contents(path.join(root, 'src', 'b'));
    const decision = governorInAction(root).handleToolCall('execute_command', { command });
    run(command, root);
    expect(contents(path.join(root, 'src', 'b'))).not.toEqual(before);
    expect(decision.code).toBe('scope_violation');
  });

  it.each([
    { name: 'a :/ pathspec', command: 'cd src/a && git checkout -q other -- :/src/b' },
    { name: 'an excluding pathspec', command: "cd src/a && git checkout -q other -- ':!x.ts'" },
  ])('checks out $name from the top: refused, and git changes src/b', ({ command }) => {
    const root = makeWorkspace({ intentsYaml: INTENTS });
    git(SETUP, root);
    const before = contents(path.join(root, 'src', 'b'));
    const decision = governorInAction(root).handleToolCall('execute_command', { command });
    run(command, root);
    expect(contents(path.join(root, 'src', 'b'))).not.toEqual(before);
    expect(decision.code).toBe('scope_violation');
  });

  it('denies git show of an ignored file named from the top', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS, intentIgnore: 'src/b/\n' });
    git(SETUP, root);
    const command = 'cd src/a && git show HEAD:src/b/y.ts';
    const shown = spawnSync('bash', ['-c', command], { cwd: root, env: { ...process.env, ...GIT_ENV } });
    const decision = governorInAction(root).handleToolCall('execute_command', { command });
    expect(shown.stdout.toString()).toBe('b\n');
    expect(decision.code).toBe('path_ignored');
  });

  it('says which write the scope refuses, and that git makes it from the top', () => {
    const root = makeWorkspace({ intentsYaml: INTENTS });
    git(SETUP, root);
    const decision = governorInAction(root).handleToolCall('execute_command', {
      command: 'cd src/a && git checkout -q other',
    });
    expect(decision.reason).toBe(
      "Scope Violation: '*/*' is outside the scope of intent 'A' (src/a/**). It counts as a possible " +
        "write because 'git checkout' changes the work tree to the files of 'other', which the line does not name.",
    );
    const context = { workspaceRoot: root, base: root, analyze: createPathAnalyzer(root) };
    const risk = shellRisk('cd src/a && git checkout -q other', context);
    expect(risk.paths.map(({ relative, role }) => [relative, role])).toEqual([
      ['src/a/*/*', 'overwrite'],
      ['*/*', 'overwrite'],
    ]);
    expect(risk.evidence.map((item) => item.note)).toContain(
      "in git from the repository's top, '.': possible overwrite (files matching a pattern): 'git checkout' changes the " +
        "work tree to the files of 'other', which the line does not name",
    );
  });

  it.each([
    { name: 'cd src/a && git status', command: 'cd src/a && git status' },
    { name: 'cd src/a && git diff', command: 'cd src/a && git diff other' },
    { name: 'cd src/a && git log', command: 'cd src/a && git log --oneline' },
    { name: 'cd src/a && git checkout -- FILE', command: 'cd src/a && git checkout -q other -- x.ts' },
    { name: 'git -C src/a restore FILE', command: 'git -C src/a restore --source other x.ts' },
  ])('$name: allowed, and src/b stays as it was', ({ command }) => {
    const root = makeWorkspace({ intentsYaml: INTENTS });
    git(SETUP, root);
    const before = contents(path.join(root, 'src', 'b'));
    const decision = governorInAction(root).handleToolCall('execute_command', { command });
    run(command, root);
    expect(contents(path.join(root, 'src', 'b'))).toEqual(before);
    expect({ allowed: decision.allowed, code: decision.code }).toEqual({ allowed: true, code: 'destructive_in_scope' });
  });
});

describe.runIf(installed('git'))('run for real: a repository whose top is above the workspace', () => {
  /** A repository at a temporary folder, with the workspace in its subfolder `ws`; `other` changes docs/f.md. */
  function workspaceInRepository(): { readonly top: string; readonly root: string } {
    const top = makeWorkspace({ orchestration: false });
    const root = path.join(top, 'ws');
    mkdirSync(path.join(root, '.orchestration'), { recursive: true });
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), WHOLE_WORKSPACE);
    git(
      `mkdir -p docs && printf '1\\n' > docs/f.md && printf 'w\\n' > ws/w.md
git init -q -b main . && git add -A && git commit -qm one
git checkout -q -b other && printf '2\\n' > docs/f.md && git commit -qam two && git checkout -q main`,
      top,
    );
    return { top, root };
  }

  it('refuses git checkout BRANCH in the workspace, which rewrites the files above it', () => {
    const { top, root } = workspaceInRepository();
    const before = contents(path.join(top, 'docs'));
    const decision = governorInAction(root).handleToolCall('execute_command', { command: 'git checkout -q other' });
    run('git checkout -q other', root);
    expect(contents(path.join(top, 'docs'))).not.toEqual(before);
    // any file of the work tree, read from its top, lies outside the workspace: no scope covers it
    expect({ allowed: decision.allowed, code: decision.code, reason: decision.reason }).toEqual({
      allowed: false,
      code: 'scope_violation',
      reason: "Scope Violation: '*/*' resolves outside the workspace root; no intent scope covers it.",
    });
  });

  it('allows git status there', () => {
    const { root } = workspaceInRepository();
    const decision = governorInAction(root).handleToolCall('execute_command', { command: 'git status' });
    expect({ allowed: decision.allowed, code: decision.code }).toEqual({ allowed: true, code: 'destructive_in_scope' });
  });

  it("refuses a checkout where the repository's core.worktree puts the work tree above the workspace", () => {
    const top = makeWorkspace({ orchestration: false });
    const root = path.join(top, 'ws');
    mkdirSync(path.join(root, '.orchestration'), { recursive: true });
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), WHOLE_WORKSPACE);
    git(
      `mkdir -p docs && printf '1\\n' > docs/f.md
git -C ws init -q -b main && git -C ws config core.worktree ../..
git -C ws add -A && git -C ws commit -qm one
git -C ws checkout -q -b other && printf '2\\n' > docs/f.md && git -C ws commit -qam two && git -C ws checkout -q main`,
      top,
    );
    const before = contents(path.join(top, 'docs'));
    const decision = governorInAction(root).handleToolCall('execute_command', { command: 'git checkout -q other' });
    run('git checkout -q other', root);
    expect(contents(path.join(top, 'docs'))).not.toEqual(before);
    expect({ allowed: decision.allowed, code: decision.code }).toEqual({ allowed: false, code: 'scope_violation' });
  });
});
