import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzePath, type PathAnalysis } from '../../src/paths/analyzePath';

// tmp/outside/secret.txt, tmp/real/ws (the workspace), tmp/real/ws-evil, tmp/via -> real
const tmp = realpathSync(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'paths-')));
const OUT = `${tmp}/outside`;
const WS = `${tmp}/real/ws`;
mkdirSync(`${OUT}/dir`, { recursive: true });
writeFileSync(`${OUT}/secret.txt`, 'x');
mkdirSync(`${WS}/src/nested`, { recursive: true });
mkdirSync(`${tmp}/real/ws-evil`);
writeFileSync(`${WS}/src/a.ts`, 'x');
symlinkSync('../../outside', `${WS}/escape`);
symlinkSync(OUT, `${WS}/abs-escape`);
symlinkSync('src', `${WS}/inner`);
symlinkSync('../ws/src', `${WS}/out-and-back`);
symlinkSync('chain2', `${WS}/chain1`);
symlinkSync(OUT, `${WS}/chain2`);
symlinkSync('inner', `${WS}/chain-in`);
symlinkSync(`${OUT}/created-by-write`, `${WS}/dangling`);
symlinkSync('src/new.ts', `${WS}/dangling-in`);
symlinkSync('loop2', `${WS}/loop1`);
symlinkSync('loop1', `${WS}/loop2`);
symlinkSync(`${OUT}/dir`, `${WS}/up`);
symlinkSync(`${WS}/src/nested`, `${WS}/deep`);
symlinkSync('real', `${tmp}/via`);

const OUTSIDE = 'outside the workspace';

interface Case {
  readonly name: string;
  readonly input: string;
  readonly root?: string;
  readonly base?: string;
  readonly expected: Omit<PathAnalysis, 'input'>;
}

const inside = (relative: string, reasons: string[] = []): Omit<PathAnalysis, 'input'> => ({
  absolute: relative === '' ? WS : `${WS}/${relative}`,
  relative,
  insideWorkspace: true,
  reasons,
  valid: true,
});

const outside = (absolute: string | undefined, reasons: string[]): Omit<PathAnalysis, 'input'> => ({
  absolute,
  relative: undefined,
  insideWorkspace: false,
  reasons: [...reasons, OUTSIDE],
  valid: true,
});

const cases: readonly Case[] = [
  { name: 'keeps an existing file inside', input: 'src/a.ts', expected: inside('src/a.ts') },
  {
    name: 'keeps a new file in an existing folder inside',
    input: 'src/nested/new/file.ts',
    expected: inside('src/nested/new/file.ts'),
  },
  {
    name: 'puts a file behind a relative link to outside outside',
    input: 'escape/secret.txt',
    expected: outside(`${OUT}/secret.txt`, [`symlink to ${OUT}`]),
  },
  { name: 'puts the link to outside itself outside', input: 'escape', expected: outside(OUT, [`symlink to ${OUT}`]) },
  {
    name: 'puts a file behind an absolute link to outside outside',
    input: 'abs-escape/new.txt',
    expected: outside(`${OUT}/new.txt`, [`symlink to ${OUT}`]),
  },
  {
    name: 'keeps a file behind a link to inside inside, under its real name',
    input: 'inner/a.ts',
    expected: inside('src/a.ts', [`symlink to ${WS}/src`]),
  },
  {
    name: 'keeps a link that leaves and comes back inside',
    input: 'out-and-back/a.ts',
    expected: inside('src/a.ts', [`symlink to ${WS}/src`]),
  },
  {
    name: 'follows a link chain that ends outside',
    input: 'chain1/secret.txt',
    expected: outside(`${OUT}/secret.txt`, [`symlink to ${WS}/chain2`, `symlink to ${OUT}`]),
  },
  {
    name: 'follows a link chain that ends inside',
    input: 'chain-in/a.ts',
    expected: inside('src/a.ts', [`symlink to ${WS}/inner`, `symlink to ${WS}/src`]),
  },
  {
    name: 'puts a dangling link to outside outside, since a write creates its target',
    input: 'dangling',
    expected: outside(`${OUT}/created-by-write`, [`dangling symlink to ${OUT}/created-by-write`]),
  },
  {
    name: 'keeps a dangling link to inside inside',
    input: 'dangling-in',
    expected: inside('src/new.ts', [`dangling symlink to ${WS}/src/new.ts`]),
  },
  {
    name: 'puts a link loop outside',
    input: 'loop1/x',
    expected: outside(undefined, [`symlink to ${WS}/loop2`, `symlink to ${WS}/loop1`, 'symlink loop']),
  },
  {
    name: "applies '..' after following a link, as the kernel does",
    input: 'up/../secret.txt',
    expected: outside(`${OUT}/secret.txt`, [`symlink to ${OUT}/dir`]),
  },
  {
    name: "puts a path outside when '..' applied before a link leaves",
    input: 'deep/../../a.ts',
    expected: outside(`${tmp}/real/a.ts`, [`symlink to ${WS}/src/nested`, 'escapes with ..']),
  },
  {
    name: 'puts an absolute path through a link to outside outside',
    input: `${WS}/escape/secret.txt`,
    expected: outside(`${OUT}/secret.txt`, ['absolute path', `symlink to ${OUT}`]),
  },
  {
    name: 'puts a real sibling sharing the root as a string prefix outside',
    input: '../ws-evil/x',
    expected: outside(`${tmp}/real/ws-evil/x`, ['escapes with ..', 'shares the workspace root as a string prefix']),
  },
  {
    name: 'puts a percent-encoded path through a link outside',
    input: 'escape%2fsecret.txt',
    expected: outside(`${OUT}/secret.txt`, ['percent-encoded separators', `symlink to ${OUT}`]),
  },

  // the workspace root reached through a symlinked parent
  {
    name: 'keeps a relative path inside a workspace under a symlinked parent',
    input: 'src/a.ts',
    root: `${tmp}/via/ws`,
    expected: inside('src/a.ts'),
  },
  {
    name: 'keeps an absolute path written through the symlinked parent inside',
    input: `${tmp}/via/ws/src/a.ts`,
    root: `${tmp}/via/ws`,
    expected: inside('src/a.ts', ['absolute path', `symlink to ${tmp}/real`]),
  },
  {
    name: 'keeps a real absolute path inside a workspace given through a symlinked parent',
    input: `${WS}/src/a.ts`,
    root: `${tmp}/via/ws`,
    expected: inside('src/a.ts', ['absolute path']),
  },
  {
    name: 'keeps the root itself inside through a symlinked parent',
    input: '.',
    root: `${tmp}/via/ws`,
    expected: inside(''),
  },
  {
    name: 'starts relative paths at a base through a symlinked parent',
    input: 'ws/src/a.ts',
    root: WS,
    base: `${tmp}/via`,
    expected: inside('src/a.ts'),
  },
];

describe('analyzePath with symlinks on disk', () => {
  it.each(cases)('$name', ({ input, root, base, expected }) => {
    const options = { workspaceRoot: root ?? WS, homeDir: `${tmp}/home`, ...(base === undefined ? {} : { base }) };
    expect(analyzePath(input, options)).toEqual({ input, ...expected });
  });
});
