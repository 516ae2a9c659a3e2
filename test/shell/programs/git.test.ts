import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { RegularFileRead } from '../../../src/files/readRegularFile';
import type { WorkspaceFiles } from '../../../src/shell/catalog/workspaceFiles';
import { findRepository, repositoryConfig, type GitRepository } from '../../../src/shell/programs/git/gitRepository';
import { subcommandHooks } from '../../../src/shell/programs/git/gitSubcommandHooks';
import type { PathRole } from '../../../src/shell/catalog/shellAnalysis';
import { decideEveryday, everydayWorkspace, type EverydayDecision } from '../../support/everydaySession';

/** [path, role] of each operand, in the order found. */
type Operand = readonly [string | undefined, PathRole];

interface OperandCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly Operand[];
}

function check({ command, expected }: OperandCase): void {
  const operands = analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.role] as const);
  expect({ command, operands }).toEqual({ command, operands: expected });
}

describe('git commands that lose local history', () => {
  it.each<OperandCase>([
    {
      name: 'deletes the stash for git stash drop',
      command: 'git stash drop',
      expected: [['.git/refs/stash', 'delete']],
    },
    {
      name: 'deletes the stash for git stash drop of one entry',
      command: 'git stash drop stash@{1}',
      expected: [['.git/refs/stash', 'delete']],
    },
    {
      name: 'deletes the stash for git stash clear',
      command: 'git stash clear',
      expected: [['.git/refs/stash', 'delete']],
    },
    {
      name: 'deletes the branch of git branch -D',
      command: 'git branch -D feature/x',
      expected: [['.git/refs/heads/feature/x', 'delete']],
    },
    {
      name: 'deletes the branch of git branch --delete --force',
      command: 'git branch --delete --force old',
      expected: [['.git/refs/heads/old', 'delete']],
    },
    {
      name: 'deletes the branch of git branch -df',
      command: 'git branch -df old',
      expected: [['.git/refs/heads/old', 'delete']],
    },
    {
      name: 'overwrites the target of git branch -M',
      command: 'git branch -M main',
      expected: [['.git/refs/heads/main', 'overwrite']],
    },
    {
      name: 'overwrites the branch git branch -f moves',
      command: 'git branch -f feature',
      expected: [['.git/refs/heads/feature', 'overwrite']],
    },
    {
      name: 'overwrites the branch git branch --force moves to a start point',
      command: 'git branch --force feature main',
      expected: [['.git/refs/heads/feature', 'overwrite']],
    },
    {
      name: 'overwrites only the target of git branch -f -m',
      command: 'git branch -f -m old new',
      expected: [['.git/refs/heads/new', 'overwrite']],
    },
    {
      name: "overwrites any file below '.' for git restore .",
      command: 'git restore .',
      expected: [['*/*', 'overwrite']],
    },
    {
      name: "overwrites any file below '.' for git checkout -- .",
      command: 'git checkout -- .',
      expected: [['*/*', 'overwrite']],
    },
  ])('$name', check);

  it.each<OperandCase>([
    { name: 'names no path for git stash list', command: 'git stash list', expected: [] },
    {
      name: "overwrites any file of the work tree for git stash push, which takes the work tree's changes away",
      command: 'git stash push -m wip',
      expected: [['*/*', 'overwrite']],
    },
    { name: 'names no path for git branch -d (refuses unmerged work)', command: 'git branch -d old', expected: [] },
    { name: 'names no path for a new branch', command: 'git branch feature/y', expected: [] },
    { name: 'names no path for git tag -d', command: 'git tag -d v1', expected: [] },
  ])('$name', check);
});

describe('git config names the file it reads or writes', () => {
  it.each<OperandCase>([
    {
      name: 'writes ~/.gitconfig for --global',
      command: 'git config --global user.name dev',
      expected: [['~/.gitconfig', 'write']],
    },
    {
      name: 'writes /etc/gitconfig for --system',
      command: 'git config --system core.editor vim',
      expected: [['/etc/gitconfig', 'write']],
    },
    {
      name: 'writes .git/config without a scope',
      command: 'git config user.name dev',
      expected: [['.git/config', 'write']],
    },
    {
      name: 'writes the file of -f',
      command: 'git config -f .gitmodules submodule.x.url u',
      expected: [['.gitmodules', 'write']],
    },
    {
      name: 'writes ~/.gitconfig for --global --unset',
      command: 'git config --global --unset user.name',
      expected: [['~/.gitconfig', 'write']],
    },
    {
      name: 'writes ~/.gitconfig for --global --edit',
      command: 'git config --global -e',
      expected: [['~/.gitconfig', 'write']],
    },
    {
      name: 'writes ~/.gitconfig for git config set --global',
      command: 'git config set --global user.name dev',
      expected: [['~/.gitconfig', 'write']],
    },
    {
      name: 'reads ~/.gitconfig for --global --get',
      command: 'git config --global --get user.name',
      expected: [['~/.gitconfig', 'read']],
    },
    {
      name: 'reads ~/.gitconfig for a --global key alone',
      command: 'git config --global user.name',
      expected: [['~/.gitconfig', 'read']],
    },
    {
      name: 'reads ~/.gitconfig for git config list --global',
      command: 'git config list --global',
      expected: [['~/.gitconfig', 'read']],
    },
  ])('$name', check);

  it.each<OperandCase>([
    { name: 'names no file for a read without a scope', command: 'git config --get user.email', expected: [] },
    { name: 'names no file for a key alone', command: 'git config user.email', expected: [] },
    { name: 'names no file for --list', command: 'git config --list', expected: [] },
    { name: 'names no file for -c on another subcommand', command: 'git -c user.name=x commit -m y', expected: [] },
  ])('$name', check);
});

/** [category, trigger, details] of each finding but EXEC_ARBITRARY (a repository's hooks may run). */
type Finding = readonly [string, string, readonly [string, string, string]];

interface FindingCase {
  readonly name: string;
  readonly command: string;
  readonly expected: readonly Finding[];
}

describe("git's finding details", () => {
  it.each<FindingCase>([
    {
      name: 'names the refs, the flags and the remote of git push',
      command: 'git push origin main --tags',
      expected: [
        ['GIT_PUBLISH', 'git push', ['git push', 'main,--tags', 'origin']],
        ['NETWORK_RISK', 'git push', ['origin', 'git push', 'upload']],
      ],
    },
    {
      name: 'names no ref and no remote for a bare git push',
      command: 'git push',
      expected: [
        ['GIT_PUBLISH', 'git push', ['git push', '', '']],
        ['NETWORK_RISK', 'git push', ['', 'git push', 'upload']],
      ],
    },
    {
      name: 'names neither a ref nor a remote for git commit',
      command: 'git commit -m x',
      expected: [['GIT_PUBLISH', 'git commit', ['git commit', '', '']]],
    },
    {
      name: 'names the remote git fetch reaches',
      command: 'git fetch upstream',
      expected: [['NETWORK_RISK', 'git fetch', ['upstream', 'git fetch', 'fetch']]],
    },
    {
      name: 'names the URL git clone reaches',
      command: 'git clone https://github.com/a/b',
      expected: [['NETWORK_RISK', 'git clone', ['https://github.com/a/b', 'git clone', 'fetch']]],
    },
    {
      name: 'reads a URL in a commit message as prose, not a request',
      command: 'git commit -m "see https://x.io/a"',
      expected: [['GIT_PUBLISH', 'git commit', ['git commit', '', '']]],
    },
    {
      name: 'reads a URL in a --message= value as prose, not a request',
      command: 'git tag -a v1 --message=https://x.io',
      expected: [['GIT_PUBLISH', 'git tag', ['git tag', 'v1', '']]],
    },
    {
      name: "keeps the shared details for hub, which runs git's spec",
      command: 'hub push origin main',
      expected: [
        ['NETWORK_RISK', 'hub', ['', 'hub', 'API call']],
        ['GIT_PUBLISH', 'hub push', ['hub push', 'origin', '']],
        ['NETWORK_RISK', 'hub push', ['', 'hub push', 'upload']],
      ],
    },
  ])('$name', ({ command, expected }) => {
    const findings = analyzeShell(command)
      .findings.filter((finding) => finding.category !== 'EXEC_ARBITRARY')
      .map((finding) => [finding.category, finding.trigger, finding.details]);
    expect({ command, findings }).toEqual({ command, findings: expected });
  });
});

type Tree = Readonly<Record<string, 'folder' | { readonly text: string } | 'fifo'>>;

interface RepositoryCase {
  readonly name: string;
  readonly tree: Tree;
  readonly folder: string;
  readonly expected: GitRepository | undefined;
}

/** A tree given as data: a folder, or a file with its text; every path asked is kept. */
function filesOf(tree: Tree): WorkspaceFiles & { readonly asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    kindOf(file) {
      asked.push(file);
      const entry = tree[file];
      return entry === 'folder' ? 'folder' : entry === undefined || entry === 'fifo' ? undefined : 'file';
    },
    exists(file) {
      asked.push(file);
      return tree[file] !== undefined;
    },
    list(folder) {
      asked.push(folder);
      return Object.keys(tree)
        .filter((file) => file.startsWith(`${folder}/`) && !file.slice(folder.length + 1).includes('/'))
        .map((file) => file.slice(folder.length + 1));
    },
    readText(file, maxBytes): RegularFileRead {
      asked.push(file);
      const entry = tree[file];
      if (entry === undefined) return { kind: 'missing' };
      if (entry === 'folder' || entry === 'fifo') return { kind: 'not-a-file' };
      return entry.text.length > maxBytes
        ? { kind: 'too-large', size: entry.text.length }
        : { kind: 'text', text: entry.text };
    },
  };
}

describe("git's repository, read through the workspace's files", () => {
  it.each<RepositoryCase>([
    {
      name: 'finds the .git folder above the folder a command runs in',
      tree: { '/w/.git': 'folder' },
      folder: '/w/src/a',
      expected: { gitDir: '/w/.git', commonDir: '/w/.git', top: '/w' },
    },
    {
      name: "follows a linked worktree's .git file to its folder and the main repository's common folder",
      tree: {
        '/w/wt/.git': { text: 'gitdir: /w/.git/worktrees/wt\n' },
        '/w/.git/worktrees/wt/commondir': { text: '../..\n' },
      },
      folder: '/w/wt',
      expected: { gitDir: '/w/.git/worktrees/wt', commonDir: '/w/.git', top: '/w/wt' },
    },
    {
      name: 'finds a bare repository by its HEAD, objects and refs',
      tree: { '/b/HEAD': { text: 'ref: refs/heads/main\n' }, '/b/objects': 'folder', '/b/refs': 'folder' },
      folder: '/b',
      expected: { gitDir: '/b', commonDir: '/b', top: undefined },
    },
    {
      name: 'finds none where no folder up to / holds one',
      tree: {},
      folder: '/w/src',
      expected: undefined,
    },
    {
      name: 'finds none through a .git that is neither a file nor a folder',
      tree: { '/w/.git': 'fifo' },
      folder: '/w',
      expected: undefined,
    },
  ])('$name', ({ tree, folder, expected }) => {
    const files = filesOf(tree);
    expect(findRepository(folder, files)).toEqual(expected);
    expect(files.asked.length).toBeGreaterThan(0);
  });

  it('reads the config of the common folder, an empty list when it is missing and none when it is no file', () => {
    const repository = { gitDir: '/w/.git', commonDir: '/w/.git', top: '/w' };
    const config = filesOf({ '/w/.git/config': { text: '[core]\n\thooksPath = h\n' } });
    expect(repositoryConfig(repository, config)).toEqual([{ key: 'core.hookspath', value: 'h' }]);
    expect(config.asked).toEqual(['/w/.git/config']);
    expect(repositoryConfig(repository, filesOf({}))).toEqual([]);
    expect(repositoryConfig(repository, filesOf({ '/w/.git/config': 'folder' }))).toBeUndefined();
  });
});

describe("the hooks a subcommand runs, from git's own table", () => {
  it.each([
    { name: "a subcommand's own", path: ['git', 'sparse-checkout', 'set'], expected: ['post-index-change'] },
    {
      name: "its parent subcommand's",
      path: ['git', 'stash', 'pop'],
      expected: ['post-index-change', 'reference-transaction'],
    },
    {
      name: 'each hook once',
      path: ['git', 'pull'],
      expected: [
        'pre-merge-commit',
        'prepare-commit-msg',
        'commit-msg',
        'post-merge',
        'pre-rebase',
        'post-checkout',
        'post-commit',
        'post-rewrite',
        'post-index-change',
        'reference-transaction',
        'pre-auto-gc',
      ],
    },
    {
      name: "hub's, which runs git's subcommands",
      path: ['hub', 'push'],
      expected: ['pre-push', 'reference-transaction'],
    },
    { name: 'none for a subcommand that runs none', path: ['git', 'log'], expected: [] },
    { name: 'none without a subcommand', path: ['git'], expected: [] },
    { name: 'none for a name that is no subcommand', path: ['git', 'constructor'], expected: [] },
  ])('$name: $path', ({ path, expected }) => {
    expect(subcommandHooks(path)).toEqual(expected);
  });
});

describe("git's own move of a branch is no write of its configuration or hooks", () => {
  const workspace = everydayWorkspace({ repository: true });
  it.each<{ name: string; command: string; expected: EverydayDecision }>([
    {
      name: 'allows git branch -M on the everyday approvals',
      command: 'git branch -M main',
      expected: { verdict: 'allow', code: 'destructive_in_scope', unapproved: [] },
    },
    {
      name: 'allows git branch -f on the everyday approvals, as git branch -D',
      command: 'git branch -f feature',
      expected: { verdict: 'allow', code: 'destructive_in_scope', unapproved: [] },
    },
    {
      name: 'still fails closed on a ref another program writes before git runs',
      command: 'echo x > .git/refs/heads/x && git status',
      expected: {
        verdict: 'ask',
        code: 'needs_approval',
        unapproved: [
          'FS_OUTSIDE_WORKSPACE',
          'FS_CONFIG_SECRETS',
          'DEPS_INSTALL_UPDATE',
          'GIT_PUBLISH',
          'SYSTEM_IMPACT',
          'SUDO',
          'NETWORK_RISK',
        ],
      },
    },
  ])('$name', ({ command, expected }) => {
    const { verdict, code, unapproved } = decideEveryday(workspace, command);
    expect({ verdict, code, unapproved }).toEqual(expected);
  });
});
