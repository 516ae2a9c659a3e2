import { describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../../src/index';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { PathRole } from '../../../src/shell/catalog/shellAnalysis';
import { objectNamePath } from '../../../src/shell/programs/git/gitObjectNames';
import { pathspecPlace, type PathspecPlace } from '../../../src/shell/programs/git/gitPathspecs';
import { makeWorkspace } from '../../support/workspace';

// git's paths that are not written as plain file names: pathspec magic (gitPathspecs.ts),
// object names such as HEAD:secrets/key (gitObjectNames.ts), --pathspec-from-file, and the
// paths after `--` of the commands that show history; read as git reads them
// (gitArguments.ts), so the scope and .intentignore checks see the files they use.

interface PlaceCase {
  readonly name: string;
  readonly pathspec: string;
  readonly expected: PathspecPlace | undefined;
}

describe('where the files of a pathspec with magic are', () => {
  it.each<PlaceCase>([
    { name: 'a plain pathspec has no magic', pathspec: 'src/a.ts', expected: undefined },
    { name: ':/ is the whole work tree from its top', pathspec: ':/', expected: { path: '.', fromTop: true } },
    { name: ':/x is x from the top', pathspec: ':/secrets/key', expected: { path: 'secrets/key', fromTop: true } },
    {
      name: ':(top)x is x from the top',
      pathspec: ':(top)secrets/key',
      expected: { path: 'secrets/key', fromTop: true },
    },
    { name: 'a colon ends the short magic', pathspec: ':/:x', expected: { path: 'x', fromTop: true } },
    { name: ':(literal)x names x, wildcards and all', pathspec: ':(literal)a*b', expected: { path: 'a*b' } },
    { name: ':(icase)x names x in any case', pathspec: ':(icase)Secrets/key', expected: { path: 'Secrets/key' } },
    {
      name: ':(glob) names the files below the folder before its first wildcard',
      pathspec: ':(glob)src/a/**/*.ts',
      expected: {
        path: 'src/a',
        assumed: "the pathspec ':(glob)src/a/**/*.ts' names the files its pattern matches below 'src/a'",
      },
    },
    {
      name: ':(glob) with a wildcard first names the whole work tree',
      pathspec: ':(top,glob)*.key',
      expected: {
        path: '.',
        assumed: "the pathspec ':(top,glob)*.key' names the files its pattern matches below '.'",
        fromTop: true,
      },
    },
    {
      name: ':!x names every other file',
      pathspec: ':!vendor',
      expected: {
        path: '.',
        assumed: "the pathspec ':!vendor' leaves files out, so it names every other file",
        fromTop: true,
      },
    },
    {
      name: ':^x names every other file',
      pathspec: ':^vendor',
      expected: {
        path: '.',
        assumed: "the pathspec ':^vendor' leaves files out, so it names every other file",
        fromTop: true,
      },
    },
    {
      name: ':(exclude)x names every other file',
      pathspec: ':(exclude)vendor',
      expected: {
        path: '.',
        assumed: "the pathspec ':(exclude)vendor' leaves files out, so it names every other file",
        fromTop: true,
      },
    },
    {
      name: ':(attr:...) names files by their attributes',
      pathspec: ':(attr:secret)',
      expected: {
        path: '.',
        assumed: "the pathspec ':(attr:secret)' names files by their attributes, anywhere in the work tree",
        fromTop: true,
      },
    },
  ])('$name', ({ pathspec, expected }) => {
    expect(pathspecPlace(pathspec, false)).toEqual(expected);
  });

  it('reads no magic when git reads every pathspec as written', () => {
    expect({ exclude: pathspecPlace(':!x', true), top: pathspecPlace(':/x', true) }).toEqual({
      exclude: undefined,
      top: undefined,
    });
  });
});

describe('the file an object name reads', () => {
  it.each([
    { name: 'a file of a commit', text: 'HEAD:secrets/key', expected: 'secrets/key' },
    { name: 'a folder of a branch', text: 'main:secrets/', expected: 'secrets/' },
    { name: 'the root tree', text: 'HEAD~2:', expected: '.' },
    { name: 'a file of the index', text: ':secrets/key', expected: 'secrets/key' },
    { name: 'a file at a merge stage', text: ':2:secrets/key', expected: 'secrets/key' },
    { name: 'a path relative to the folder git runs in', text: 'HEAD:./key', expected: './key' },
    { name: 'a colon inside a reflog date', text: 'HEAD@{2024-01-01 10:00:00}:key', expected: 'key' },
    { name: 'a colon inside a message search', text: 'HEAD^{/fix: x}:key', expected: 'key' },
    { name: 'no file for a commit', text: 'HEAD~1', expected: undefined },
    { name: 'no file for a commit found by its message', text: ':/fix the build', expected: undefined },
    { name: 'no file for a URL', text: 'https://example.com/x', expected: undefined },
  ])('$name: $text', ({ text, expected }) => {
    expect(objectNamePath(text)).toEqual(expected);
  });
});

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

describe('object names are reads of the files they name', () => {
  it.each<OperandCase>([
    { name: 'git show REV:PATH', command: 'git show HEAD:secrets/x', expected: [['secrets/x', 'read', undefined]] },
    {
      name: 'git cat-file -p REV:PATH',
      command: 'git cat-file -p HEAD:secrets/key',
      expected: [['secrets/key', 'read', undefined]],
    },
    {
      name: 'git cat-file TYPE REV:PATH',
      command: 'git cat-file blob main:secrets/key',
      expected: [
        ['blob', 'read', undefined],
        ['secrets/key', 'read', undefined],
      ],
    },
    {
      name: 'git diff of two blobs',
      command: 'git diff HEAD:secrets/a HEAD~1:secrets/a',
      expected: [
        ['secrets/a', 'read', undefined],
        ['secrets/a', 'read', undefined],
      ],
    },
    {
      name: 'git ls-tree of a folder',
      command: 'git ls-tree -r HEAD:secrets',
      expected: [['secrets', 'read', undefined]],
    },
    {
      name: 'git ls-tree of paths in a tree',
      command: 'git ls-tree HEAD secrets/',
      expected: [
        ['HEAD', 'read', undefined],
        ['secrets/', 'read', undefined],
      ],
    },
    {
      name: 'git archive of paths in a tree',
      command: 'git archive -o out.tar HEAD secrets/',
      expected: [
        ['out.tar', 'overwrite', undefined],
        ['HEAD', 'read', undefined],
        ['secrets/', 'read', undefined],
      ],
    },
    { name: 'git grep in a tree', command: 'git grep -n key HEAD:secrets', expected: [['secrets', 'read', undefined]] },
    {
      name: 'git rev-parse of a blob, which names its content',
      command: 'git rev-parse HEAD:secrets/key',
      expected: [['secrets/key', 'read', undefined]],
    },
    {
      name: 'git show of a file in the index',
      command: 'git show :0:secrets/key',
      expected: [['secrets/key', 'read', undefined]],
    },
    {
      name: 'git -C DIR show, from that folder',
      command: 'git -C sub show HEAD:key',
      expected: [
        ['sub', 'read', undefined],
        ['sub/key', 'read', undefined],
      ],
    },
    {
      name: "git -C DIR with the subcommand's own -C, from that folder",
      command: 'git -C sub log -C -p -- key',
      expected: [
        ['sub', 'read', undefined],
        ['sub/key', 'read', undefined],
      ],
    },
    { name: 'git show of a commit by its message names no file', command: 'git show :/fix', expected: [] },
    {
      name: 'a grep pattern with a colon is no object name',
      command: "git grep 'TODO: x'",
      expected: [],
    },
  ])('$name', check);
});

describe('the paths of the commands that show history are reads', () => {
  it.each<OperandCase>([
    { name: 'git log -p -- PATH', command: 'git log -p -- secrets/x', expected: [['secrets/x', 'read', undefined]] },
    {
      name: 'git show REV -- PATH',
      command: 'git show HEAD -- secrets/x',
      expected: [
        ['HEAD', 'read', undefined],
        ['secrets/x', 'read', undefined],
      ],
    },
    {
      name: 'git diff REV -- PATH',
      command: 'git diff HEAD -- secrets/',
      expected: [
        ['HEAD', 'read', undefined],
        ['secrets/', 'read', undefined],
      ],
    },
    {
      name: 'git grep PATTERN REV -- PATH',
      command: 'git grep x HEAD -- secrets',
      expected: [
        ['HEAD', 'read', undefined],
        ['secrets', 'read', undefined],
      ],
    },
    {
      name: 'a file that gives options or patterns',
      command: 'git grep -f secrets/patterns HEAD',
      expected: [
        ['secrets/patterns', 'read', undefined],
        ['HEAD', 'read', undefined],
      ],
    },
  ])('$name', check);
});

describe('pathspecs with magic name the files they stand for', () => {
  it.each<OperandCase>([
    { name: 'git add :/', command: 'git add :/', expected: [['.', 'read', undefined]] },
    {
      name: 'git add :(top)PATH',
      command: "git add ':(top)secrets/key'",
      expected: [['secrets/key', 'read', undefined]],
    },
    {
      name: 'git rm of a :(glob) pattern deletes below its folder',
      command: "git rm ':(glob)src/a/**/*.ts'",
      expected: [
        ['src/a', 'delete', "the pathspec ':(glob)src/a/**/*.ts' names the files its pattern matches below 'src/a'"],
      ],
    },
    {
      name: 'git checkout -- of an excluding pathspec overwrites every other file',
      command: "git checkout -- ':!vendor'",
      expected: [['*/*', 'overwrite', "the pathspec ':!vendor' leaves files out, so it names every other file"]],
    },
    {
      name: 'git restore of an excluding pathspec',
      command: "git restore ':(exclude)vendor'",
      expected: [
        ['*/*', 'overwrite', "the pathspec ':(exclude)vendor' leaves files out, so it names every other file"],
      ],
    },
    {
      name: 'git diff -- of an excluding pathspec reads every other file',
      command: "git diff -- ':!package-lock.json'",
      expected: [['.', 'read', "the pathspec ':!package-lock.json' leaves files out, so it names every other file"]],
    },
    {
      name: 'git clean -f of a top pathspec deletes from the top',
      command: 'git clean -f :/build',
      expected: [['build', 'delete', undefined]],
    },
    {
      name: 'git --literal-pathspecs reads a pathspec as written',
      command: "git --literal-pathspecs rm ':!x'",
      expected: [[':!x', 'delete', undefined]],
    },
  ])('$name', check);
});

describe('--pathspec-from-file uses the paths its file lists', () => {
  const listed = (label: string): string =>
    `'git ${label} --pathspec-from-file' uses the paths its file lists, which the line does not show`;
  it.each<OperandCase>([
    {
      name: 'git add reads the list and may read any file of the work tree',
      command: 'git add --pathspec-from-file=list.txt',
      expected: [
        ['list.txt', 'read', undefined],
        ['.', 'read', listed('add')],
      ],
    },
    {
      name: 'git rm may delete any file of the work tree, its list from stdin',
      command: 'git rm --pathspec-from-file -',
      expected: [['.', 'delete', listed('rm')]],
    },
    {
      name: 'git checkout may overwrite any file of the work tree',
      command: 'git checkout main --pathspec-from-file=list.txt',
      expected: [
        ['list.txt', 'read', undefined],
        ['*/*', 'overwrite', listed('checkout')],
      ],
    },
    {
      name: 'git restore --staged only reads the listed files into the index',
      command: 'git restore --staged --pathspec-from-file=list.txt',
      expected: [
        ['list.txt', 'read', undefined],
        ['.', 'read', listed('restore')],
      ],
    },
    {
      name: 'git reset of listed paths changes only the index',
      command: 'git reset --pathspec-from-file=list.txt',
      expected: [['list.txt', 'read', undefined]],
    },
  ])('$name', check);
});

const INTENTS = 'active_intents:\n  - id: A\n    owned_scope: [src/a/**]\n';

function governorInAction(): Governor {
  const root = makeWorkspace({ intentsYaml: INTENTS, intentIgnore: 'secrets/\n' });
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.userPrompt('tidy up');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'A' }).code).toBe('intent_selected');
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  return governor;
}

describe('.intentignore holds for the files git names by object names and pathspecs', () => {
  it.each([
    { name: 'git show of a commit file', command: 'git show HEAD:secrets/x' },
    { name: 'git cat-file of a commit file', command: 'git cat-file -p HEAD:secrets/key' },
    { name: 'git cat-file of a file in the index', command: 'git cat-file -p :secrets/key' },
    { name: 'git rev-parse of a commit file', command: 'git cat-file -p $(git rev-parse HEAD:secrets/key)' },
    { name: 'git archive of an ignored folder', command: 'git archive -o src/a/x.tar HEAD secrets/' },
    { name: 'git diff of an ignored folder', command: 'git diff HEAD -- secrets/' },
    { name: 'git log -p of an ignored file', command: 'git log -p -- secrets/x' },
    { name: 'git grep in an ignored folder', command: 'git grep x HEAD -- secrets' },
    { name: 'git grep in an ignored tree', command: 'git grep x HEAD:secrets' },
    { name: 'git ls-tree of an ignored folder', command: 'git ls-tree -r HEAD:secrets' },
    { name: 'git add of an ignored file from the top', command: "git add ':(top)secrets/key'" },
  ])('denies $name: $command', ({ command }) => {
    const decision = governorInAction().handleToolCall('execute_command', { command });
    expect({ verdict: decision.verdict, code: decision.code }).toEqual({ verdict: 'deny', code: 'path_ignored' });
  });

  it.each([
    { name: 'git show of a file not ignored', command: 'git show HEAD:src/a/x.ts' },
    { name: 'git cat-file of a commit', command: 'git cat-file -p HEAD' },
    { name: 'git log of the history', command: 'git log --oneline -5' },
  ])('allows $name: $command', ({ command }) => {
    const decision = governorInAction().handleToolCall('execute_command', { command });
    expect({ verdict: decision.verdict, code: decision.code }).toEqual({
      verdict: 'allow',
      code: 'destructive_in_scope',
    });
  });

  it('answers a query with isToolAllowed as handleToolCall decides', () => {
    const governor = governorInAction();
    const query = governor.isToolAllowed('execute_command', { command: 'git show HEAD:secrets/x' });
    expect({ verdict: query.verdict, code: query.code, reason: query.reason }).toEqual({
      verdict: 'deny',
      code: 'path_ignored',
      reason: "Path 'HEAD:secrets/x' is excluded by .intentignore for every tool.",
    });
  });
});
