import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize, type RiskCategory } from '../../src/index';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { changeDirectory, fromStart } from '../../src/shell/engine/workingDirectory';
import { staticWord } from '../../src/shell/words/shellWord';

// seed 002's layout: deleting ../project-evil from project/ reaches a sibling of the workspace
const sandbox = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'cd-sandbox-'));
mkdirSync(path.join(sandbox, 'project', 'src'), { recursive: true });
mkdirSync(path.join(sandbox, 'project', 'etc'), { recursive: true });
mkdirSync(path.join(sandbox, 'project-evil'));
// bash's cd reads deeplink/.. as project/, the kernel as project/src/
mkdirSync(path.join(sandbox, 'project', 'src', 'deep'));
symlinkSync(path.join(sandbox, 'project', 'src', 'deep'), path.join(sandbox, 'project', 'deeplink'));
const options = { sandboxRoot: sandbox, homeDir: '/home/dev' };

const DELETE_OUTSIDE: readonly RiskCategory[] = ['FS_DELETE_OVERWRITE', 'FS_OUTSIDE_WORKSPACE', 'EXEC_ARBITRARY'];

describe('a cd whose effect on later commands is uncertain', () => {
  it.each([
    { name: 'does not carry a cd out of a subshell', command: '(cd src); rm -rf ../project-evil' },
    { name: 'does not trust a cd that may fail before ;', command: 'cd nonexistent; rm -rf ../project-evil' },
    { name: 'does not carry a cd out of a pipeline stage', command: 'cd src | true; rm -rf ../project-evil' },
    { name: 'does not carry a cd out of a background job', command: 'cd src & rm -rf ../project-evil' },
    { name: 'does not carry a cd out of a command substitution', command: 'x=$(cd src); rm -rf ../project-evil' },
    { name: 'does not carry a cd out of a bash -c script', command: "bash -c 'cd src'; rm -rf ../project-evil" },
    {
      name: 'does not run a cd held in a function body at its definition',
      command: 'f(){ cd src; }; rm -rf ../project-evil',
    },
    { name: 'does not trust a cd after && that may not run', command: 'false && cd src; rm -rf ../project-evil' },
    {
      name: 'does not trust a cd in an if branch that may not run',
      command: 'if false; then cd src; fi; rm -rf ../project-evil',
    },
    { name: 'does not trust a cd through CDPATH', command: 'CDPATH=/ cd etc; rm -rf x' },
    { name: 'does not trust a cd through an exported CDPATH', command: 'export CDPATH=/; cd etc && rm -rf x' },
    { name: 'reads the start folder after cd || that failed', command: 'cd src || rm -rf ../project-evil' },
    { name: 'does not cancel a/.. when a is a symlink', command: 'cd deeplink/.. && rm -rf ../project-evil' },
    {
      name: 'judges a loop body from every folder a later pass may start in',
      command: 'for i in 1 2; do rm -rf project-evil; cd ..; done',
    },
    {
      name: 'judges a function body from the folder it is called in',
      command: 'f(){ rm -rf project-evil; }; cd .. && f',
    },
    {
      name: 'judges a trap action from the folder it runs in',
      command: "trap 'rm -rf project-evil' EXIT; cd .. && true",
    },
    {
      name: 'judges a case item reached by fall-through after a cd',
      command: 'case x in x) cd .. ;& y) rm -rf project-evil ;; esac',
    },
    {
      name: 'does not trust a cd once a function named cd is defined',
      command: 'cd() { builtin cd ..; }; cd src && rm -rf project-evil',
    },
    {
      name: 'does not trust a cd once enable may have changed it',
      command: 'enable -n cd; cd src && rm -rf ../project-evil',
    },
    { name: 'does not move the folder for a cd run by env', command: 'env cd src && rm -rf ../project-evil' },
    { name: 'does not trust a cd after a popd', command: 'pushd src && popd && rm -rf ../project-evil' },
  ])('$name', ({ command }) => {
    expect(categorize('shell', { command }, options).categories).toEqual(DELETE_OUTSIDE);
  });
});

type Operand = readonly [string | undefined, string];

function operands(command: string): Operand[] {
  return analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.source] as const);
}

describe('paths after cd', () => {
  it.each<{ name: string; command: string; expected: readonly Operand[] }>([
    { name: 'reads paths after cd && under the cd target', command: 'cd src && rm -rf x', expected: [['src/x', 'x']] },
    { name: 'reads paths after cd || from the start folder', command: 'cd src || rm -rf x', expected: [['x', 'x']] },
    { name: 'joins cd targets chained by &&', command: 'cd a && cd b/ && touch x', expected: [['a/b/x', 'x']] },
    { name: 'restarts from an absolute cd target', command: 'cd sub && cd /tmp && rm y', expected: [['/tmp/y', 'y']] },
    {
      name: 'keeps leading .. of a cd target',
      command: 'cd .. && rm -rf project',
      expected: [['../project', 'project']],
    },
    {
      name: 'gives no path after a cd that may fail before ;',
      command: 'cd a; cd b/; touch x',
      expected: [[undefined, 'x']],
    },
    {
      name: 'gives no path after a cd back out of a folder',
      command: 'cd a && cd .. && rm x',
      expected: [[undefined, 'x']],
    },
    {
      name: 'restores the folder after a subshell',
      command: '(cd src && rm a); rm b',
      expected: [
        ['src/a', 'a'],
        ['b', 'b'],
      ],
    },
    {
      name: 'restores the folder after a substitution',
      command: 'echo $(cd src && cat a) && rm b',
      expected: [
        ['src/a', 'a'],
        ['b', 'b'],
      ],
    },
    { name: 'starts every pipeline stage in the same folder', command: 'cd src | rm a', expected: [['a', 'a']] },
    {
      name: 'reads an if clause cd as taken in the then branch',
      command: 'if cd src; then rm a; else rm b; fi',
      expected: [
        ['src/a', 'a'],
        ['b', 'b'],
      ],
    },
    {
      name: 'gives no path after an if whose branches end in different folders',
      command: 'if x; then cd src; fi; rm a',
      expected: [[undefined, 'a']],
    },
    { name: 'carries a cd of eval into an && list', command: "eval 'cd src' && rm a", expected: [['src/a', 'a']] },
    {
      name: 'reads the last statement of a group as its status',
      command: '{ true; cd src; } && rm a',
      expected: [['src/a', 'a']],
    },
    {
      name: 'leaves a loop without cd alone',
      command: 'for f in a b; do rm x; done; rm y',
      expected: [
        ['x', 'x'],
        ['y', 'y'],
      ],
    },
    {
      name: 'gives no path in a loop that changes folder',
      command: 'while true; do rm x && cd src; done',
      expected: [[undefined, 'x']],
    },
    {
      name: 'gives a function body no relative path once any cd runs',
      command: 'f() { rm x; }; cd src && f',
      expected: [[undefined, 'x']],
    },
    {
      name: 'keeps a function body path when nothing changes folder',
      command: 'f() { rm x; }; f',
      expected: [['x', 'x']],
    },
    {
      name: 'keeps absolute paths in a loop that changes folder',
      command: 'for i in 1; do rm /tmp/x; cd src; done',
      expected: [['/tmp/x', '/tmp/x']],
    },
    { name: 'moves the folder for builtin cd', command: 'builtin cd src && rm x', expected: [['src/x', 'x']] },
    { name: 'does not move the folder for sudo cd', command: 'sudo cd src && rm x', expected: [['x', 'x']] },
    { name: 'ignores CDPATH for a ./ target', command: 'CDPATH=/ cd ./etc && rm x', expected: [['etc/x', 'x']] },
    { name: 'gives no path after pushd without a folder', command: 'pushd && rm x', expected: [[undefined, 'x']] },
    { name: 'reads pushd DIR as cd', command: 'pushd src && rm x', expected: [['src/x', 'x']] },
  ])('$name', ({ command, expected }) => {
    expect(operands(command)).toEqual(expected);
  });
});

describe('changeDirectory and fromStart', () => {
  it.each<{ name: string; current: string | null; operand: string | undefined; expected: string | null }>([
    { name: 'goes home for a bare cd', current: 'a', operand: undefined, expected: '~' },
    { name: 'joins a relative target', current: 'a', operand: 'b/c/', expected: 'a/b/c' },
    { name: 'drops . segments', current: '', operand: './b/./c', expected: 'b/c' },
    { name: 'keeps leading ..', current: '..', operand: '../x', expected: '../../x' },
    { name: 'forgets the folder when .. climbs out of a named folder', current: 'a', operand: '..', expected: null },
    { name: 'forgets the folder for cd -', current: 'a', operand: '-', expected: null },
    { name: 'stays unknown under an unknown folder', current: null, operand: 'b', expected: null },
    { name: 'restarts from an absolute target', current: null, operand: '/tmp/x', expected: '/tmp/x' },
    {
      name: 'forgets a folder deeper than the length bound',
      current: 'a/'.repeat(600).slice(0, -1),
      operand: 'b',
      expected: null,
    },
  ])('$name', ({ current, operand, expected }) => {
    expect(changeDirectory(current, operand === undefined ? undefined : staticWord(operand), { cdpath: false })).toBe(
      expected,
    );
  });

  it('reads a path under an unknown folder as unknown, which counts as outside', () => {
    expect(fromStart(null, 'x')).toBeUndefined();
    expect(fromStart(null, '/etc/x')).toBe('/etc/x');
    expect(categorize('shell', { command: 'cd "$d" && rm -rf x' }, options).categories).toEqual(DELETE_OUTSIDE);
  });
});
