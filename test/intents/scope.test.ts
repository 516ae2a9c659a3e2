import { describe, expect, it } from 'vitest';
import { expandScopeGlob, findPathOutsideScope, isInScope } from '../../src/intents/scope';
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
    { name: 'turns a trailing slash into everything below the directory', glob: 'tests/auth/', expected: ['tests/auth/**'] },
    { name: 'turns a plain directory into itself and everything below it', glob: 'docs', expected: ['docs', 'docs/**'] },
    { name: 'turns a plain file path into itself and everything below it', glob: 'src/a.ts', expected: ['src/a.ts', 'src/a.ts/**'] },
    { name: "drops a leading './'", glob: './src/**', expected: ['src/**'] },
    { name: "drops repeated leading './'", glob: '././docs', expected: ['docs', 'docs/**'] },
    { name: "drops a leading './' before a trailing-slash directory", glob: './tests/auth/', expected: ['tests/auth/**'] },
    { name: 'turns backslashes into slashes', glob: 'src\\auth\\**', expected: ['src/auth/**'] },
    { name: 'turns a trailing backslash into everything below the directory', glob: 'src\\auth\\', expected: ['src/auth/**'] },
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
    { name: "covers a file directly under a '**' glob's directory", scope: ['src/auth/**'], path: 'src/auth/a.ts', expected: true },
    { name: "covers a deep file under a '**' glob's directory", scope: ['src/auth/**'], path: 'src/auth/deep/er/b.ts', expected: true },
    { name: "covers the directory of a '**' glob itself", scope: ['src/auth/**'], path: 'src/auth', expected: true },
    { name: "does not cover a sibling file of a '**' glob's directory", scope: ['src/auth/**'], path: 'src/other.ts', expected: false },
    { name: "does not cover a directory sharing the '**' glob's prefix", scope: ['src/auth/**'], path: 'src/authz/a.ts', expected: false },
    { name: "does not cover the parent of a '**' glob's directory", scope: ['src/auth/**'], path: 'src', expected: false },

    // trailing slash
    { name: 'covers a file under a trailing-slash directory', scope: ['tests/auth/'], path: 'tests/auth/login.test.ts', expected: true },
    { name: 'covers a deep file under a trailing-slash directory', scope: ['tests/auth/'], path: 'tests/auth/x/y.ts', expected: true },
    { name: 'covers the trailing-slash directory itself', scope: ['tests/auth/'], path: 'tests/auth', expected: true },
    { name: 'does not cover a directory sharing the trailing-slash prefix', scope: ['tests/auth/'], path: 'tests/authz/a.ts', expected: false },

    // plain paths
    { name: 'covers a plain directory path itself', scope: ['docs'], path: 'docs', expected: true },
    { name: 'covers a file below a plain directory path', scope: ['docs'], path: 'docs/x.md', expected: true },
    { name: 'covers a deep file below a plain directory path', scope: ['docs'], path: 'docs/a/b/c.md', expected: true },
    { name: 'does not cover a sibling directory sharing the plain prefix', scope: ['docs'], path: 'docs-old/x', expected: false },
    { name: 'does not cover a file whose name extends the plain path', scope: ['docs'], path: 'docsx', expected: false },
    { name: 'covers a plain file path exactly', scope: ['src/a.ts'], path: 'src/a.ts', expected: true },
    { name: 'does not cover a neighbour of a plain file path', scope: ['src/a.ts'], path: 'src/a.tsx', expected: false },

    // leading './'
    { name: "covers a file under a glob written with a leading './'", scope: ['./src/**'], path: 'src/a.ts', expected: true },
    { name: "does not cover a file outside a glob written with a leading './'", scope: ['./src/**'], path: 'lib/a.ts', expected: false },

    // dotfiles
    { name: "covers a dotfile under a '**' glob", scope: ['src/**'], path: 'src/.env', expected: true },
    { name: "covers a file in a dot directory under a '**' glob", scope: ['src/**'], path: 'src/.config/a.json', expected: true },
    { name: 'covers a dotfile below a plain directory path', scope: ['docs'], path: 'docs/.hidden', expected: true },
    { name: "covers a root dotfile under a bare '**' glob", scope: ['**'], path: '.env', expected: true },

    // single-star and other globs
    { name: "covers a root file with a '*.md' glob", scope: ['*.md'], path: 'README.md', expected: true },
    { name: "does not cover a nested file with a '*.md' glob", scope: ['*.md'], path: 'docs/a.md', expected: false },
    { name: "covers a nested file with a '**/*.test.ts' glob", scope: ['**/*.test.ts'], path: 'x/y/a.test.ts', expected: true },
    { name: "covers a root file with a '**/*.test.ts' glob", scope: ['**/*.test.ts'], path: 'a.test.ts', expected: true },
    { name: "does not cover a deeper file with a 'src/*' glob", scope: ['src/*'], path: 'src/x/a.ts', expected: false },
    { name: 'covers a file with a backslash glob', scope: ['src\\auth\\**'], path: 'src/auth/a.ts', expected: true },

    // several globs
    { name: 'covers a path matched by the second of several globs', scope: ['docs', 'src/auth/**'], path: 'src/auth/a.ts', expected: true },
    { name: 'does not cover a path matched by none of several globs', scope: ['docs', 'src/auth/**'], path: 'src/b.ts', expected: false },

    // empty scope and the root
    { name: 'covers nothing with an empty scope', scope: [], path: 'src/a.ts', expected: false },
    { name: 'does not cover the root with an empty scope', scope: [], path: '', expected: false },
    { name: "never covers the root path '' with a bare '**' glob", scope: ['**'], path: '', expected: false },
    { name: "never covers the root path '' with a plain path", scope: ['docs'], path: '', expected: false },

    // '..' segments never match, even though resolved paths never contain them
    { name: "does not cover '../x' with a bare '**' glob", scope: ['**'], path: '../x', expected: false },
    { name: "does not cover 'src/../x' with 'src/**'", scope: ['src/**'], path: 'src/../x', expected: false },

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
    { name: 'finds nothing when every path is covered', scope: ['src/**'], paths: [inside, alsoInside], expected: undefined },
    { name: 'finds nothing when there are no paths', scope: ['src/**'], paths: [], expected: undefined },
    { name: 'finds nothing for no paths with an empty scope', scope: [], paths: [], expected: undefined },
    { name: 'finds the one path outside the scope', scope: ['src/**'], paths: [inside, outside], expected: outside },
    { name: 'finds the first of several paths outside the scope', scope: ['src/**'], paths: [inside, alsoOutside, outside], expected: alsoOutside },
    { name: 'finds a path that leaves the workspace', scope: ['src/**'], paths: [inside, leaves], expected: leaves },
    { name: "finds a path that leaves the workspace even with a bare '**' scope", scope: ['**'], paths: [leaves], expected: leaves },
    { name: 'finds the workspace root as outside every scope', scope: ['**'], paths: [root], expected: root },
    { name: 'finds every path outside an empty scope', scope: [], paths: [inside], expected: inside },
  ];

  it.each(cases)('$name', ({ scope, paths, expected }) => {
    expect(findPathOutsideScope(scope, paths)).toBe(expected);
  });
});
