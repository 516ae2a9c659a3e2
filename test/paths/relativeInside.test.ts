import { describe, expect, it } from 'vitest';
import { analyzePath, MAX_PATH_LENGTH } from '../../src/paths/analyzePath';
import { relativeInside } from '../../src/paths/pathAnalyzer';

// the scope check's view of a path: its workspace-relative form, or undefined when outside
const resolveWorkspacePath = (workspaceRoot: string, input: string): string | undefined =>
  relativeInside(analyzePath(input, { workspaceRoot, homeDir: '/home/dev' }));

const ROOT = '/ws';

interface Case {
  readonly name: string;
  readonly input: string;
  readonly expected: string | undefined;
  readonly root?: string;
}

const cases: readonly Case[] = [
  // the root itself
  { name: "resolves '.' to the root ''", input: '.', expected: '' },
  { name: 'treats an empty path as invalid, never inside', input: '', expected: undefined },
  { name: "resolves './' to the root ''", input: './', expected: '' },
  { name: 'resolves the absolute root to the root', input: '/ws', expected: '' },
  { name: 'resolves the absolute root with a trailing slash to the root', input: '/ws/', expected: '' },
  { name: 'resolves a path that climbs back to the root to the root', input: 'src/..', expected: '' },

  // plain relative paths
  { name: 'keeps a plain relative file', input: 'src/a.ts', expected: 'src/a.ts' },
  { name: "drops a leading './'", input: './src/a.ts', expected: 'src/a.ts' },
  { name: 'collapses doubled slashes', input: 'src//a.ts', expected: 'src/a.ts' },
  { name: 'drops a trailing slash', input: 'src/', expected: 'src' },
  { name: "resolves a '..' that returns inside", input: 'src/../src/a.ts', expected: 'src/a.ts' },
  { name: "resolves a deep '..' chain that stays inside", input: 'a/b/c/../../d.ts', expected: 'a/d.ts' },
  { name: "keeps a name that only starts with '..'", input: '..foo', expected: '..foo' },
  { name: 'keeps a name made of three dots', input: '...', expected: '...' },
  { name: "keeps a '~' that is not the first character", input: 'src/~backup', expected: 'src/~backup' },
  { name: 'keeps a dotfile', input: '.env', expected: '.env' },

  // leaving the workspace through '..'
  { name: "rejects '..'", input: '..', expected: undefined },
  { name: "rejects '../'", input: '../', expected: undefined },
  { name: "rejects '../x'", input: '../x', expected: undefined },
  { name: "rejects a '..' chain that climbs out", input: 'a/b/../../../x', expected: undefined },
  { name: "rejects a '..' chain that climbs out to the root's parent", input: 'src/../..', expected: undefined },
  { name: "rejects a '..' chain that climbs into a sibling", input: 'src/../../ws-evil/x', expected: undefined },

  // absolute paths
  { name: 'keeps an absolute path inside the root', input: '/ws/src/a.ts', expected: 'src/a.ts' },
  { name: "keeps an absolute path inside the root after a '..' detour", input: '/tmp/../ws/a.ts', expected: 'a.ts' },
  { name: 'rejects an absolute path outside the root', input: '/etc/passwd', expected: undefined },
  { name: 'rejects the filesystem root', input: '/', expected: undefined },
  { name: "rejects the root's parent", input: '/ws/..', expected: undefined },
  { name: 'rejects a sibling directory that shares the root as a prefix', input: '/ws-evil/x', expected: undefined },
  { name: 'rejects a sibling directory named like the root plus a suffix', input: '/ws-evil', expected: undefined },
  { name: 'rejects a sibling that is a prefix of the root', input: '/w/x', expected: undefined },

  // backslashes count as separators
  { name: 'treats backslashes as separators', input: 'src\\auth\\a.ts', expected: 'src/auth/a.ts' },
  { name: "rejects '..' written with a backslash", input: '..\\x', expected: undefined },
  { name: "rejects a backslash '..' chain that climbs out", input: 'src\\..\\..\\x', expected: undefined },
  { name: 'resolves a backslash absolute path inside the root', input: '\\ws\\a.ts', expected: 'a.ts' },

  // home directory
  { name: "rejects '~'", input: '~', expected: undefined },
  { name: "rejects '~/x'", input: '~/x', expected: undefined },
  { name: "rejects '~user/x'", input: '~root/.ssh', expected: undefined },
  { name: "rejects '~\\x'", input: '~\\x', expected: undefined },

  // Windows drive letters and UNC paths on a POSIX host
  { name: "rejects a drive-letter path with a backslash ('C:\\x')", input: 'C:\\x', expected: undefined },
  { name: "rejects a lower-case drive-letter path with a slash ('c:/x')", input: 'c:/x', expected: undefined },
  { name: "rejects a drive-relative path ('C:x')", input: 'C:x', expected: undefined },
  { name: 'rejects a bare drive letter', input: 'D:', expected: undefined },
  { name: 'rejects a backslash UNC path', input: '\\\\server\\share', expected: undefined },
  { name: 'rejects a slash UNC path', input: '//server/share', expected: undefined },
  { name: 'rejects a UNC path naming the root directory', input: '//ws/a.ts', expected: undefined },

  // the root is normalised too
  { name: 'accepts a root with a trailing slash', root: '/ws/', input: '/ws/src/a.ts', expected: 'src/a.ts' },
  { name: "accepts a root with a '..' in it", root: '/tmp/../ws', input: 'src/a.ts', expected: 'src/a.ts' },
  {
    name: 'rejects a sibling of a root given with a trailing slash',
    root: '/ws/',
    input: '/ws-evil/x',
    expected: undefined,
  },
];

describe('resolveWorkspacePath', () => {
  it.each(cases)('$name', ({ root, input, expected }) => {
    expect(resolveWorkspacePath(root ?? ROOT, input)).toBe(expected);
  });

  it('never returns a path with a backslash or a leading slash for inputs inside the root', () => {
    const inputs = ['a\\b\\c', '/ws/a/b', './a//b/', 'a/./b'];
    expect(inputs.map((input) => resolveWorkspacePath(ROOT, input))).toEqual(['a/b/c', 'a/b', 'a/b', 'a/b']);
  });

  it('limits path arguments to 4096 characters', () => {
    expect(MAX_PATH_LENGTH).toBe(4096);
  });
});
