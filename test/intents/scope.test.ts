import { describe, expect, it } from 'vitest';
import { findPathOutsideScope, isInScope } from '../../src/intents/scope';
import { expandScopeGlob } from '../../src/intents/scopeGlob';
import type { ToolPath } from '../../src/tools/toolRequest';

const toolPath = (input: string, relative: string | undefined): ToolPath => ({
  input,
  relative,
  ignored: false,
  protected: false,
});

describe('expandScopeGlob', () => {
  const cases: ReadonlyArray<{ name: string; glob: string; expected: string[] }> = [
    { name: 'keeps a ** glob as it is', glob: 'src/auth/**', expected: ['src/auth/**'] },
    {
      name: 'turns a trailing slash into everything below the directory',
      glob: 'tests/auth/',
      expected: ['tests/auth/**'],
    },
    {
      name: 'turns a plain directory into itself and everything below it',
      glob: 'docs',
      expected: ['docs', 'docs/**'],
    },
    {
      name: 'turns a plain file path into itself and everything below it',
      glob: 'src/a.ts',
      expected: ['src/a.ts', 'src/a.ts/**'],
    },
    { name: "drops a leading './'", glob: './src/**', expected: ['src/**'] },
    { name: "drops repeated leading './'", glob: '././docs', expected: ['docs', 'docs/**'] },
    {
      name: "drops a leading './' before a trailing-slash directory",
      glob: './tests/auth/',
      expected: ['tests/auth/**'],
    },
    { name: 'turns backslashes into slashes', glob: 'src\\auth\\**', expected: ['src/auth/**'] },
    {
      name: 'turns a trailing backslash into everything below the directory',
      glob: 'src\\auth\\',
      expected: ['src/auth/**'],
    },
    { name: 'keeps a single-star glob as it is', glob: '*.md', expected: ['*.md'] },
    { name: 'keeps a brace glob as it is', glob: 'src/{a,b}.ts', expected: ['src/{a,b}.ts'] },
    { name: 'keeps a leading ** glob as it is', glob: '**/*.test.ts', expected: ['**/*.test.ts'] },
  ];

  it.each(cases)('$name', ({ glob, expected }) => {
    expect(expandScopeGlob(glob)).toEqual(expected);
  });
});

describe('isInScope', () => {
  const cases: ReadonlyArray<{ name: string; scope: readonly string[]; path: string; expected: boolean }> = [
    // '**' globs
    {
      name: "covers a file directly under a '**' glob's directory",
      scope: ['src/auth/**'],
      path: 'src/auth/a.ts',
      expected: true,
    },
    {
      name: "covers a deep file under a '**' glob's directory",
      scope: ['src/auth/**'],
      path: 'src/auth/deep/er/b.ts',
      expected: true,
    },
    { name: "covers the directory of a '**' glob itself", scope: ['src/auth/**'], path: 'src/auth', expected: true },
    {
      name: "does not cover a sibling file of a '**' glob's directory",
      scope: ['src/auth/**'],
      path: 'src/other.ts',
      expected: false,
    },
    {
      name: "does not cover a directory sharing the '**' glob's prefix",
      scope: ['src/auth/**'],
      path: 'src/authz/a.ts',
      expected: false,
    },
    {
      name: "does not cover the parent of a '**' glob's directory",
      scope: ['src/auth/**'],
      path: 'src',
      expected: false,
    },

    // trailing slash
    {
      name: 'covers a file under a trailing-slash directory',
      scope: ['tests/auth/'],
      path: 'tests/auth/login.test.ts',
      expected: true,
    },
    {
      name: 'covers a deep file under a trailing-slash directory',
      scope: ['tests/auth/'],
      path: 'tests/auth/x/y.ts',
      expected: true,
    },
    { name: 'covers the trailing-slash directory itself', scope: ['tests/auth/'], path: 'tests/auth', expected: true },
    {
      name: 'does not cover a directory sharing the trailing-slash prefix',
      scope: ['tests/auth/'],
      path: 'tests/authz/a.ts',
      expected: false,
    },

    // plain paths
    { name: 'covers a plain directory path itself', scope: ['docs'], path: 'docs', expected: true },
    { name: 'covers a file below a plain directory path', scope: ['docs'], path: 'docs/x.md', expected: true },
    { name: 'covers a deep file below a plain directory path', scope: ['docs'], path: 'docs/a/b/c.md', expected: true },
    {
      name: 'does not cover a sibling directory sharing the plain prefix',
      scope: ['docs'],
      path: 'docs-old/x',
      expected: false,
    },
    {
      name: 'does not cover a file whose name extends the plain path',
      scope: ['docs'],
      path: 'docsx',
      expected: false,
    },
    { name: 'covers a plain file path exactly', scope: ['src/a.ts'], path: 'src/a.ts', expected: true },
    {
      name: 'does not cover a neighbour of a plain file path',
      scope: ['src/a.ts'],
      path: 'src/a.tsx',
      expected: false,
    },

    // leading './'
    {
      name: "covers a file under a glob written with a leading './'",
      scope: ['./src/**'],
      path: 'src/a.ts',
      expected: true,
    },
    {
      name: "does not cover a file outside a glob written with a leading './'",
      scope: ['./src/**'],
      path: 'lib/a.ts',
      expected: false,
    },

    // dotfiles
    { name: "covers a dotfile under a '**' glob", scope: ['src/**'], path: 'src/.env', expected: true },
    {
      name: "covers a file in a dot directory under a '**' glob",
      scope: ['src/**'],
      path: 'src/.config/a.json',
      expected: true,
    },
    { name: 'covers a dotfile below a plain directory path', scope: ['docs'], path: 'docs/.hidden', expected: true },
    { name: "covers a root dotfile under a bare '**' glob", scope: ['**'], path: '.env', expected: true },

    // single-star and other globs
    { name: "covers a root file with a '*.md' glob", scope: ['*.md'], path: 'README.md', expected: true },
    { name: "does not cover a nested file with a '*.md' glob", scope: ['*.md'], path: 'docs/a.md', expected: false },
    {
      name: "covers a nested file with a '**/*.test.ts' glob",
      scope: ['**/*.test.ts'],
      path: 'x/y/a.test.ts',
      expected: true,
    },
    {
      name: "covers a root file with a '**/*.test.ts' glob",
      scope: ['**/*.test.ts'],
      path: 'a.test.ts',
      expected: true,
    },
    { name: "does not cover a deeper file with a 'src/*' glob", scope: ['src/*'], path: 'src/x/a.ts', expected: false },
    { name: 'covers a file with a backslash glob', scope: ['src\\auth\\**'], path: 'src/auth/a.ts', expected: true },

    // several globs
    {
      name: 'covers a path matched by the second of several globs',
      scope: ['docs', 'src/auth/**'],
      path: 'src/auth/a.ts',
      expected: true,
    },
    {
      name: 'does not cover a path matched by none of several globs',
      scope: ['docs', 'src/auth/**'],
      path: 'src/b.ts',
      expected: false,
    },

    // empty scope and the root
    { name: 'covers nothing with an empty scope', scope: [], path: 'src/a.ts', expected: false },
    { name: 'does not cover the root with an empty scope', scope: [], path: '', expected: false },
    { name: "never covers the root path '' with a bare '**' glob", scope: ['**'], path: '', expected: false },
    { name: "never covers the root path '' with a plain path", scope: ['docs'], path: '', expected: false },

    // '..' segments never match, even though resolved paths never contain them
    { name: "does not cover '../x' with a bare '**' glob", scope: ['**'], path: '../x', expected: false },
    { name: "does not cover 'src/../x' with 'src/**'", scope: ['src/**'], path: 'src/../x', expected: false },

    // what scope reads differently from picomatch, which it used before: each is narrower, except
    // that a glob naming the root (picomatch threw on './') covers the workspace
    {
      name: "covers every path with '.', the workspace root as a plain path",
      scope: ['.'],
      path: 'src/a.ts',
      expected: true,
    },
    { name: "covers every path with './'", scope: ['./'], path: 'a', expected: true },
    {
      name: "covers a name inside a folder with a wildcard folder 'src/*/'",
      scope: ['src/*/'],
      path: 'src/auth/a.ts',
      expected: true,
    },
    {
      name: "does not cover a file directly in src with a wildcard folder 'src/*/'",
      scope: ['src/*/'],
      path: 'src/index.ts',
      expected: false,
    },
    {
      name: "does not cover a file directly in src with 'src/?/**'",
      scope: ['src/?/**'],
      path: 'src/a',
      expected: false,
    },
    {
      name: "still covers a plainly written folder itself with 'src/auth/**'",
      scope: ['src/auth/**'],
      path: 'src/auth',
      expected: true,
    },
    {
      name: "covers a folder named in a {a,b} list of plain names itself with 'src/{a,b}/**'",
      scope: ['src/{a,b}/**'],
      path: 'src/b',
      expected: true,
    },
    {
      name: "does not read '**' inside a name as crossing folders: '**.md'",
      scope: ['**.md'],
      path: 'docs/a.md',
      expected: false,
    },
    { name: "reads '**' inside a name as one star: '**.md'", scope: ['**.md'], path: 'a.md', expected: true },
    { name: "does not cover a name ending in a dot with '*.*'", scope: ['*.*'], path: 'a.', expected: false },
    { name: "covers a name with an extension with '*.*'", scope: ['*.*'], path: 'a.b', expected: true },
    {
      name: 'reads parentheses as plain characters, as a folder name would have them',
      scope: ['app/(group)/'],
      path: 'app/(group)/page.tsx',
      expected: true,
    },
    {
      name: 'does not read parentheses as a group',
      scope: ['app/(group)/'],
      path: 'app/group/page.tsx',
      expected: false,
    },
    {
      name: 'covers nothing with a glob the intents file refuses',
      scope: ['!src/**'],
      path: 'lib/a.ts',
      expected: false,
    },

    // the glob language
    { name: "covers one character with '?'", scope: ['src/?.ts'], path: 'src/a.ts', expected: true },
    { name: "does not cover two characters with '?'", scope: ['src/?.ts'], path: 'src/ab.ts', expected: false },
    { name: "covers a dotfile with '?'", scope: ['?env'], path: '.env', expected: true },
    { name: 'covers a character in a range', scope: ['src/[a-c].ts'], path: 'src/b.ts', expected: true },
    { name: 'does not cover a character outside a range', scope: ['src/[a-c].ts'], path: 'src/d.ts', expected: false },
    {
      name: "does not cover the character a '[^...]' class excludes",
      scope: ['src/[^a].ts'],
      path: 'src/a.ts',
      expected: false,
    },
    {
      name: "covers another character with a '[^...]' class",
      scope: ['src/[^a].ts'],
      path: 'src/b.ts',
      expected: true,
    },
    {
      name: "reads ']' first in a class as one of its characters",
      scope: ['src/[]a].ts'],
      path: 'src/].ts',
      expected: true,
    },
    { name: "reads an unclosed '[' as a plain character", scope: ['src/[ab.ts'], path: 'src/[ab.ts', expected: true },
    {
      name: 'covers each alternative of a {a,b} list in a name',
      scope: ['src/*.{ts,tsx}'],
      path: 'src/a.tsx',
      expected: true,
    },
    {
      name: 'does not cover a name no alternative matches',
      scope: ['src/*.{ts,tsx}'],
      path: 'src/a.js',
      expected: false,
    },
    {
      name: 'covers each alternative of a list spanning folders',
      scope: ['{src,lib/x}/**'],
      path: 'lib/x/a.ts',
      expected: true,
    },
    { name: 'covers each alternative of a nested list', scope: ['src/{a,{b,c}}.ts'], path: 'src/c.ts', expected: true },
    { name: "reads '{a}' with no comma as plain text", scope: ['src/{a}.ts'], path: 'src/{a}.ts', expected: true },
    { name: "covers no names between two folders with 'src/**/x'", scope: ['src/**/x'], path: 'src/x', expected: true },
    {
      name: "covers several names between two folders with 'src/**/x'",
      scope: ['src/**/x'],
      path: 'src/a/b/x',
      expected: true,
    },
    { name: "covers the same with 'src/**/**/x'", scope: ['src/**/**/x'], path: 'src/a/x', expected: true },
    { name: 'does not cover a path with an empty name', scope: ['**'], path: 'src//a.ts', expected: false },
    { name: "does not cover a path with a '.' name", scope: ['src/**'], path: 'src/./a.ts', expected: false },
    {
      name: 'does not cover a path longer than the path limit',
      scope: ['**'],
      path: 'a/'.repeat(2048) + 'a',
      expected: false,
    },

    // case sensitivity
    { name: "does not cover 'SRC/a.ts' with 'src/**'", scope: ['src/**'], path: 'SRC/a.ts', expected: false },
    { name: "does not cover 'Docs/x.md' with 'docs'", scope: ['docs'], path: 'Docs/x.md', expected: false },
  ];

  it.each(cases)('$name', ({ scope, path, expected }) => {
    expect(isInScope(scope, path)).toBe(expected);
  });

  it('answers each scope array for itself when many are compiled', () => {
    const auth = Object.freeze(['src/auth/**']);
    const docs = Object.freeze(['docs']);
    const sameTextOtherArray = Object.freeze(['src/auth/**']);
    expect([
      isInScope(auth, 'src/auth/a.ts'),
      isInScope(docs, 'src/auth/a.ts'),
      isInScope(docs, 'docs/a.md'),
      isInScope(auth, 'docs/a.md'),
      isInScope(sameTextOtherArray, 'src/auth/a.ts'),
      isInScope(auth, 'src/auth/a.ts'),
    ]).toEqual([true, false, true, false, true, true]);
  });
});

describe('findPathOutsideScope', () => {
  const inside = toolPath('src/a.ts', 'src/a.ts');
  const alsoInside = toolPath('/ws/src/b.ts', 'src/b.ts');
  const outside = toolPath('lib/c.ts', 'lib/c.ts');
  const alsoOutside = toolPath('lib/d.ts', 'lib/d.ts');
  const leaves = toolPath('../etc/passwd', undefined);
  const root = toolPath('.', '');

  const cases: ReadonlyArray<{
    name: string;
    scope: readonly string[];
    paths: readonly ToolPath[];
    expected: ToolPath | undefined;
  }> = [
    {
      name: 'finds nothing when every path is covered',
      scope: ['src/**'],
      paths: [inside, alsoInside],
      expected: undefined,
    },
    { name: 'finds nothing when there are no paths', scope: ['src/**'], paths: [], expected: undefined },
    { name: 'finds nothing for no paths with an empty scope', scope: [], paths: [], expected: undefined },
    { name: 'finds the one path outside the scope', scope: ['src/**'], paths: [inside, outside], expected: outside },
    {
      name: 'finds the first of several paths outside the scope',
      scope: ['src/**'],
      paths: [inside, alsoOutside, outside],
      expected: alsoOutside,
    },
    { name: 'finds a path that leaves the workspace', scope: ['src/**'], paths: [inside, leaves], expected: leaves },
    {
      name: "finds a path that leaves the workspace even with a bare '**' scope",
      scope: ['**'],
      paths: [leaves],
      expected: leaves,
    },
    { name: 'finds the workspace root as outside every scope', scope: ['**'], paths: [root], expected: root },
    { name: 'finds every path outside an empty scope', scope: [], paths: [inside], expected: inside },
  ];

  it.each(cases)('$name', ({ scope, paths, expected }) => {
    expect(findPathOutsideScope(scope, paths)).toBe(expected);
  });
});
