import { describe, expect, it } from 'vitest';
import {
  analyzePath,
  type PathAnalysis,
  type PathAnalysisOptions,
  unknownPathAnalysis,
} from '../../src/paths/analyzePath';

// a layout that does not exist on disk, so every path resolves lexically
const TOP = '/intentgate-absent';
const SANDBOX = `${TOP}/sandbox`;
const ROOT = `${SANDBOX}/project`;
const HOME = `${TOP}/home/alice`;
const OUTSIDE = 'outside the workspace';

const WORKSPACE: PathAnalysisOptions = { workspaceRoot: ROOT, homeDir: HOME };
// seed 002's fs tool: paths start at the sandbox root and the workspace is its 'project' folder
const FS_TOOL: PathAnalysisOptions = { workspaceRoot: ROOT, base: SANDBOX, homeDir: HOME };
const IN_HOME: PathAnalysisOptions = { workspaceRoot: `${HOME}/project`, homeDir: HOME };

type Expected = Omit<PathAnalysis, 'input'>;

interface Case {
  readonly name: string;
  readonly input: string;
  readonly options?: PathAnalysisOptions;
  readonly expected: Expected;
}

const inside = (relative: string, reasons: string[] = [], root = ROOT): Expected => ({
  absolute: relative === '' ? root : `${root}/${relative}`,
  relative,
  insideWorkspace: true,
  reasons,
  valid: true,
});

const outside = (absolute: string | undefined, reasons: string[]): Expected => ({
  absolute,
  relative: undefined,
  insideWorkspace: false,
  reasons: [...reasons, OUTSIDE],
  valid: true,
});

const invalid = (reason: string): Expected => ({
  absolute: undefined,
  relative: undefined,
  insideWorkspace: false,
  reasons: [reason],
  valid: false,
});

const cases: readonly Case[] = [
  // plain paths
  { name: 'keeps a plain relative file inside', input: 'src/a.ts', expected: inside('src/a.ts') },
  { name: "resolves '.' to the root ''", input: '.', expected: inside('') },
  { name: "applies '.' and '..' that stay inside", input: './src/../README.md', expected: inside('README.md') },
  { name: "keeps a name that only starts with '..'", input: '..foo', expected: inside('..foo') },
  { name: "keeps a '~' that is not the first character", input: 'src/~backup', expected: inside('src/~backup') },
  { name: "keeps a '$' that starts no variable name", input: 'prices/$5.txt', expected: inside('prices/$5.txt') },

  // '..' and absolute paths
  { name: "puts '..' outside", input: '..', expected: outside(SANDBOX, ['escapes with ..']) },
  {
    name: "puts a '..' chain that climbs out outside",
    input: 'a/b/../../../etc/passwd',
    expected: outside(`${SANDBOX}/etc/passwd`, ['escapes with ..']),
  },
  {
    name: 'puts a sibling sharing the root as a string prefix outside',
    input: '../project-evil/x',
    expected: outside(`${SANDBOX}/project-evil/x`, ['escapes with ..', 'shares the workspace root as a string prefix']),
  },
  {
    name: 'puts an absolute sibling sharing the root as a string prefix outside',
    input: `${ROOT}-evil/x`,
    expected: outside(`${ROOT}-evil/x`, ['absolute path', 'shares the workspace root as a string prefix']),
  },
  {
    name: 'keeps an absolute path under the root inside',
    input: `${ROOT}/src/a.ts`,
    expected: inside('src/a.ts', ['absolute path']),
  },
  {
    name: "keeps an absolute path that detours through '..' inside",
    input: `${SANDBOX}/x/../project/a.ts`,
    expected: inside('a.ts', ['absolute path']),
  },
  {
    name: 'puts an absolute path elsewhere outside',
    input: '/etc/passwd',
    expected: outside('/etc/passwd', ['absolute path']),
  },
  {
    name: 'compares components case-sensitively',
    input: `${SANDBOX}/PROJECT/a.ts`,
    expected: outside(`${SANDBOX}/PROJECT/a.ts`, ['absolute path']),
  },

  // percent-encoding
  {
    name: 'decodes percent-encoded dots and separators',
    input: '%2e%2e%2fetc%2fpasswd',
    expected: outside(`${SANDBOX}/etc/passwd`, [
      'percent-encoded dots',
      'percent-encoded separators',
      'escapes with ..',
    ]),
  },
  {
    name: 'decodes upper-case escapes of separators',
    input: '..%2F..%2Fetc',
    expected: outside(`${TOP}/etc`, ['percent-encoded separators', 'escapes with ..']),
  },
  {
    name: 'decodes a percent-encoded backslash as a separator',
    input: '..%5c..%5cetc',
    expected: outside(`${TOP}/etc`, ['percent-encoded separators', 'backslash separators', 'escapes with ..']),
  },
  {
    name: 'decodes double percent-encoding until stable',
    input: '%252e%252e%252fsecret',
    expected: outside(`${SANDBOX}/secret`, [
      'double percent-encoding',
      'percent-encoded dots',
      'percent-encoded separators',
      'escapes with ..',
    ]),
  },
  {
    name: 'decodes overlong UTF-8 dots',
    input: '%c0%ae%c0%ae/etc',
    expected: outside(`${SANDBOX}/etc`, ['overlong UTF-8 encoding', 'escapes with ..']),
  },
  {
    name: 'decodes IIS %u escapes',
    input: '%u002e%u002e/etc',
    expected: outside(`${SANDBOX}/etc`, ['%u encoding', 'escapes with ..']),
  },
  {
    name: 'decodes escaped dot segments in the middle of a path',
    input: 'src/%2e%2e/%2e%2e/x',
    expected: outside(`${SANDBOX}/x`, ['percent-encoded dots', 'escapes with ..']),
  },
  {
    name: 'keeps a decoded separator that stays inside, decoded',
    input: 'a%2fb.txt',
    expected: inside('a/b.txt', ['percent-encoded separators']),
  },
  { name: 'keeps a literal %25 in a file name as written', input: '100%25.txt', expected: inside('100%25.txt') },
  {
    name: 'keeps an escaped dot that forms no dot segment as written',
    input: 'file%2etxt',
    expected: inside('file%2etxt'),
  },
  {
    name: 'puts a path outside when only its undecoded reading leaves',
    input: '../x%2f..%2fproject/a',
    expected: outside(`${SANDBOX}/x%2f..%2fproject/a`, [
      'percent-encoded separators',
      'escapes with ..',
      'outside when read without percent-decoding',
    ]),
  },
  {
    name: 'refuses encoding nested deeper than four rounds',
    input: '%25252525252e%25252525252e/x',
    expected: outside(undefined, ['double percent-encoding', 'percent-encoding nested too deep']),
  },
  {
    name: 'marks a percent-encoded NUL byte invalid',
    input: 'a.txt%00.png',
    expected: { ...invalid('percent-encoded NUL byte') },
  },

  // backslashes and Windows forms
  {
    name: 'reads backslashes as separators',
    input: 'src\\auth\\a.ts',
    expected: inside('src/auth/a.ts', ['backslash separators']),
  },
  {
    name: "puts a backslash '..' chain outside",
    input: '..\\..\\etc\\passwd',
    expected: outside(`${TOP}/etc/passwd`, ['backslash separators', 'escapes with ..']),
  },
  {
    name: 'puts a path outside when its literal-backslash reading leaves',
    input: '../project\\a.ts',
    expected: outside(`${SANDBOX}/project\\a.ts`, [
      'escapes with ..',
      'shares the workspace root as a string prefix',
      "outside when '\\' is read as a plain character",
    ]),
  },
  {
    name: 'puts a backslash drive-letter path outside',
    input: 'C:\\Windows\\system32',
    expected: outside(undefined, ['backslash separators', 'drive-letter path']),
  },
  {
    name: 'puts a slash drive-letter path outside',
    input: 'c:/x',
    expected: outside(undefined, ['drive-letter path']),
  },
  {
    name: 'puts a drive-relative path outside',
    input: 'D:secrets.txt',
    expected: outside(undefined, ['drive-letter path']),
  },
  {
    name: 'puts a backslash UNC path outside',
    input: '\\\\server\\share\\x',
    expected: outside(undefined, ['backslash separators', 'UNC path']),
  },
  { name: 'puts a slash UNC path outside', input: '//server/share', expected: outside(undefined, ['UNC path']) },
  {
    name: 'puts a \\\\?\\ extended-length path outside',
    input: '\\\\?\\C:\\x',
    expected: outside(undefined, ['backslash separators', 'Windows device path']),
  },
  {
    name: 'puts a \\\\.\\ device path outside',
    input: '\\\\.\\PhysicalDrive0',
    expected: outside(undefined, ['backslash separators', 'Windows device path']),
  },
  {
    name: "reads '///' as the POSIX root",
    input: '///etc/passwd',
    expected: outside('/etc/passwd', ['absolute path']),
  },

  // home directory and variables
  { name: "expands '~' to the home directory", input: '~', expected: outside(HOME, ['home directory']) },
  {
    name: "expands '~/.ssh' to the home directory",
    input: '~/.ssh/id_rsa',
    expected: outside(`${HOME}/.ssh/id_rsa`, ['home directory']),
  },
  {
    name: "expands '~user' of the current user",
    input: '~alice/.bashrc',
    expected: outside(`${HOME}/.bashrc`, ['home directory']),
  },
  {
    name: "puts another user's '~user' outside",
    input: '~bob/x',
    expected: outside(`${TOP}/home/bob/x`, ['home directory of another user (~bob)']),
  },
  {
    name: 'expands $HOME',
    input: '$HOME/.aws/credentials',
    expected: outside(`${HOME}/.aws/credentials`, ['home directory']),
  },
  { name: 'expands ${HOME}', input: '${HOME}', expected: outside(HOME, ['home directory']) },
  {
    name: "keeps '~' inside when the workspace is under the home directory",
    input: '~/project/src/a.ts',
    options: IN_HOME,
    expected: inside('src/a.ts', ['home directory'], `${HOME}/project`),
  },
  {
    name: "puts another user's home outside even when the guess lands inside",
    input: '~alice/project/a.ts',
    options: { workspaceRoot: `${TOP}/home/alice/project`, homeDir: `${TOP}/home/carol` },
    expected: outside(`${HOME}/project/a.ts`, ['home directory of another user (~alice)']),
  },
  {
    name: "puts '~' outside when the home directory is unknown",
    input: '~/x',
    options: { workspaceRoot: ROOT, homeDir: '' },
    expected: outside(undefined, ['home directory unknown']),
  },
  {
    name: 'puts a path built from another environment variable outside',
    input: '$PROJECT_DIR/x',
    expected: outside(undefined, ['environment variable $PROJECT_DIR']),
  },
  {
    name: 'puts a braced variable after $HOME outside',
    input: '$HOME/${SUBDIR}/x',
    expected: outside(undefined, ['home directory', 'environment variable ${SUBDIR}']),
  },

  // file URLs
  {
    name: 'reads a file URL as its path',
    input: 'file:///etc/passwd',
    expected: outside('/etc/passwd', ['file URL', 'absolute path']),
  },
  {
    name: 'keeps a file URL under the root inside, decoding its escapes',
    input: `file://${ROOT}/a%20b.md`,
    expected: inside('a b.md', ['file URL', 'absolute path']),
  },
  {
    name: 'treats localhost as the local host',
    input: `FILE://localhost${ROOT}/a.md`,
    expected: inside('a.md', ['file URL', 'absolute path']),
  },
  {
    name: 'puts a file URL on another host outside',
    input: 'file://server/share/x',
    expected: outside(undefined, ['file URL', 'file URL on host server']),
  },
  {
    name: 'puts a file URL with a drive letter outside',
    input: 'file:///C:/Windows',
    expected: outside(undefined, ['file URL', 'drive-letter path']),
  },
  {
    name: 'puts a file URL with encoded separators outside',
    input: `file://${ROOT}/..%2f..%2fetc`,
    expected: outside(`${TOP}/etc`, ['file URL', 'percent-encoded separators', 'absolute path', 'escapes with ..']),
  },

  // seed 002's fs tool, whose paths start at the sandbox root
  {
    name: "keeps the fs tool's 'project/' paths inside",
    input: 'project/src/a.ts',
    options: FS_TOOL,
    expected: inside('src/a.ts'),
  },
  { name: "resolves the fs tool's 'project' to the root", input: 'project', options: FS_TOOL, expected: inside('') },
  {
    name: "puts the fs tool's paths without 'project/' outside",
    input: 'notes.txt',
    options: FS_TOOL,
    expected: outside(`${SANDBOX}/notes.txt`, []),
  },
  {
    name: "puts the fs tool's 'project-evil/' outside",
    input: 'project-evil/x',
    options: FS_TOOL,
    expected: outside(`${SANDBOX}/project-evil/x`, ['shares the workspace root as a string prefix']),
  },
  {
    name: "puts the fs tool's 'project/../' outside",
    input: 'project/../x',
    options: FS_TOOL,
    expected: outside(`${SANDBOX}/x`, ['escapes with ..']),
  },

  // invalid input
  { name: 'marks an empty path invalid', input: '', expected: invalid('empty path') },
  { name: 'marks a NUL byte invalid', input: 'a.txt\0.png', expected: invalid('NUL byte') },
  {
    name: 'marks a path over 4096 characters invalid',
    input: 'a'.repeat(4097),
    expected: invalid('longer than 4096 characters'),
  },
];

describe('analyzePath', () => {
  it.each(cases)('$name', ({ input, options, expected }) => {
    expect(analyzePath(input, options ?? WORKSPACE)).toEqual({ input, ...expected });
  });

  it('accepts a path of exactly 4096 characters', () => {
    expect(analyzePath('a'.repeat(4096), WORKSPACE).valid).toBe(true);
  });

  it('resolves a relative base against the workspace root', () => {
    expect(analyzePath('project/a.ts', { workspaceRoot: ROOT, base: '..', homeDir: HOME }).relative).toBe('a.ts');
  });

  it('never throws on input of the wrong type', () => {
    const notAString = 42 as unknown as string;
    expect(analyzePath(notAString, WORKSPACE)).toEqual({ input: notAString, ...invalid('not a string') });
  });

  it('never throws on options of the wrong type', () => {
    const broken = undefined as unknown as PathAnalysisOptions;
    expect(analyzePath('a.ts', broken)).toMatchObject({
      insideWorkspace: false,
      reasons: ['path cannot be analysed', OUTSIDE],
    });
  });
});

describe('unknownPathAnalysis', () => {
  it('puts a path only known at run time outside', () => {
    expect(unknownPathAnalysis('$(mktemp)')).toEqual({
      input: '$(mktemp)',
      absolute: undefined,
      relative: undefined,
      insideWorkspace: false,
      reasons: ['path only known at run time: $(mktemp)', OUTSIDE],
      valid: true,
    });
  });
});
