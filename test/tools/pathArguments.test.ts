import { describe, expect, it } from 'vitest';
import {
  extractPathArguments,
  FILE_EDITING_TOOLS,
  patchFilePaths,
  type PathArguments,
} from '../../src/tools/pathArguments';
import { cpuMs } from '../support/cpuTime';

const LONG_PATH = 'a'.repeat(4097);
const LONGEST_PATH = 'a'.repeat(4096);

// seed 000's file-editing tools, written out so the test does not trust src's list
const SEED_FILE_EDITING_TOOLS = [
  'write_to_file',
  'apply_diff',
  'edit',
  'edit_file',
  'search_and_replace',
  'search_replace',
  'apply_patch',
  'delete_file',
];

const CODEX_PATCH =
  '*** Begin Patch\n*** Update File: src/a.ts\n*** Add File: src/b.ts\n*** Delete File: c.ts\n*** Move to: d.ts\n*** End Patch';

describe('patchFilePaths', () => {
  const cases: ReadonlyArray<{ name: string; patch: string; expected: string[] }> = [
    {
      name: 'reads every Codex header in order',
      patch: CODEX_PATCH,
      expected: ['src/a.ts', 'src/b.ts', 'c.ts', 'd.ts'],
    },
    {
      name: 'reads Codex headers from CRLF lines',
      patch: CODEX_PATCH.replace(/\n/g, '\r\n'),
      expected: ['src/a.ts', 'src/b.ts', 'c.ts', 'd.ts'],
    },
    // Codex headers name the real path: a leading 'a/' or 'b/' is a directory, not a diff prefix
    {
      name: "keeps a leading 'a/' directory in a Codex header",
      patch: '*** Update File: a/b.ts',
      expected: ['a/b.ts'],
    },
    {
      name: "keeps a leading 'b/' directory in a Codex header",
      patch: '*** Add File: b/src/x.ts',
      expected: ['b/src/x.ts'],
    },
    { name: 'trims spaces around a Codex header path', patch: '*** Add File:   src/x.ts  ', expected: ['src/x.ts'] },
    {
      name: 'reads both sides of a unified diff without a/ and b/',
      patch: '--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b',
      expected: ['x.ts', 'x.ts'],
    },
    {
      name: 'reads a renamed file in a unified diff',
      patch: '--- a/old.ts\n+++ b/new.ts',
      expected: ['old.ts', 'new.ts'],
    },
    {
      name: 'skips /dev/null on the old side of a new file',
      patch: '--- /dev/null\n+++ b/new.ts',
      expected: ['new.ts'],
    },
    {
      name: 'skips /dev/null on the new side of a deleted file',
      patch: '--- a/gone.ts\n+++ /dev/null',
      expected: ['gone.ts'],
    },
    {
      name: 'drops a timestamp after a tab in a unified diff header',
      patch: '--- a/x.ts\t2024-01-01 00:00:00\n+++ b/x.ts\t2024-01-02',
      expected: ['x.ts', 'x.ts'],
    },
    { name: 'reads unified diff headers without prefixes', patch: '--- x.ts\n+++ x.ts', expected: ['x.ts', 'x.ts'] },
    {
      name: 'keeps a path that leaves the workspace for the caller to refuse',
      patch: '*** Update File: ../../etc/passwd',
      expected: ['../../etc/passwd'],
    },
    { name: 'finds no paths in a patch without headers', patch: '@@ -1 +1 @@\n-a\n+b', expected: [] },
    { name: 'finds no paths in an empty patch', patch: '', expected: [] },
    { name: 'ignores Begin and End markers', patch: '*** Begin Patch\n*** End Patch', expected: [] },
    { name: 'ignores a Codex header with no path', patch: '*** Update File: ', expected: [] },
    // Codex trims each marker line before reading it
    {
      name: 'reads an indented Codex header, as Codex trims marker lines',
      patch: '  *** Update File: .intentignore',
      expected: ['.intentignore'],
    },
    {
      name: 'reads a tab-indented Codex Move to header',
      patch: '*** Update File: src/a.ts\n\t*** Move to: docs/a.ts',
      expected: ['src/a.ts', 'docs/a.ts'],
    },

    // git's extended headers
    {
      name: "reads both sides of a 'diff --git' header",
      patch: 'diff --git a/src/x.ts b/src/x.ts',
      expected: ['src/x.ts', 'src/x.ts'],
    },
    {
      name: "reads a mode change, whose files only the 'diff --git' header names",
      patch: 'diff --git a/.intentignore b/.intentignore\nold mode 100644\nnew mode 100755',
      expected: ['.intentignore', '.intentignore'],
    },
    {
      name: "reads a deleted file's 'diff --git' header",
      patch: 'diff --git a/docs/a.md b/docs/a.md\ndeleted file mode 100644',
      expected: ['docs/a.md', 'docs/a.md'],
    },
    {
      name: "reads a new file's 'diff --git' header",
      patch: 'diff --git a/src/n.ts b/src/n.ts\nnew file mode 100644',
      expected: ['src/n.ts', 'src/n.ts'],
    },
    {
      name: 'reads the rename from and rename to lines, which have no a/ or b/ prefix',
      patch: 'diff --git a/docs/a.md b/src/a.md\nsimilarity index 100%\nrename from docs/a.md\nrename to src/a.md',
      expected: ['docs/a.md', 'src/a.md'],
    },
    {
      name: 'reads the copy from and copy to lines',
      patch: 'copy from .orchestration/active_intents.yaml\ncopy to src/i.yaml',
      expected: ['.orchestration/active_intents.yaml', 'src/i.yaml'],
    },
    {
      name: "keeps a leading 'a/' folder of a rename line",
      patch: 'rename from a/x.ts\nrename to src/x.ts',
      expected: ['a/x.ts', 'src/x.ts'],
    },
    {
      name: "reads quoted names of a 'diff --git' header",
      patch: 'diff --git "a/docs/a b.md" "b/docs/a b.md"',
      expected: ['docs/a b.md', 'docs/a b.md'],
    },
    { name: 'reads octal escapes of a quoted name as UTF-8', patch: '--- "a/caf\\303\\251.md"', expected: ['café.md'] },
    { name: 'reads a quoted rename line', patch: 'rename to "src/a\\tb.ts"', expected: ['src/a\tb.ts'] },
    {
      name: "splits a bare 'diff --git' header with spaces where both sides name one file",
      patch: 'diff --git a/my file.ts b/my file.ts',
      expected: ['my file.ts', 'my file.ts'],
    },
    {
      name: "leaves the names of a renaming 'diff --git' header to its other lines",
      patch: 'diff --git a/x b/y',
      expected: [],
    },

    // a first folder other than a/ or b/ is stripped by git apply and patch -p1: both readings
    {
      name: 'reads a diff name with another first folder both as written and without it',
      patch: '--- x/.intentignore\n+++ y/.intentignore',
      expected: ['x/.intentignore', '.intentignore', 'y/.intentignore', '.intentignore'],
    },
    {
      name: "reads a 'diff --git' header without a/ and b/ both ways",
      patch: 'diff --git x/docs/a.md y/docs/a.md',
      expected: ['x/docs/a.md', 'docs/a.md', 'y/docs/a.md', 'docs/a.md'],
    },

    // other diff formats
    {
      name: "reads a context diff's file headers",
      patch: '*** a/docs/a.md\t2024-01-01\n--- b/docs/a.md\t2024-01-02\n***************\n*** 1,2 ****',
      expected: ['docs/a.md', 'docs/a.md'],
    },
    { name: "reads an 'Index:' line", patch: 'Index: docs/a.md\n===\n@@ -1 +1 @@', expected: ['docs/a.md', 'a.md'] },
    {
      name: "reads a header after a lone '\\r' as well as the line it ends",
      patch: '*** Update File: src/a.ts\r*** Update File: .intentignore',
      expected: ['src/a.ts\r*** Update File: .intentignore', 'src/a.ts', '.intentignore'],
    },
  ];

  it.each(cases)('$name', ({ patch, expected }) => {
    expect(patchFilePaths(patch)).toEqual(expected);
  });
});

describe('extractPathArguments', () => {
  interface Case {
    readonly name: string;
    readonly tool: string;
    readonly args: Readonly<Record<string, unknown>>;
    readonly expected: PathArguments;
  }

  const okCases: readonly Case[] = [
    {
      name: "reads 'path'",
      tool: 'read_file',
      args: { path: 'src/a.ts' },
      expected: { ok: true, paths: ['src/a.ts'] },
    },
    {
      name: "reads 'file_path'",
      tool: 'write_file',
      args: { file_path: 'src/a.ts', content: 'x' },
      expected: { ok: true, paths: ['src/a.ts'] },
    },
    {
      name: "reads 'filePath'",
      tool: 'edit',
      args: { filePath: 'src/a.ts' },
      expected: { ok: true, paths: ['src/a.ts'] },
    },
    {
      name: "reads 'absolutePath'",
      tool: 'read_file',
      args: { absolutePath: '/ws/a.ts' },
      expected: { ok: true, paths: ['/ws/a.ts'] },
    },
    {
      name: "reads 'dir_path'",
      tool: 'list_directory',
      args: { dir_path: 'src' },
      expected: { ok: true, paths: ['src'] },
    },
    {
      name: "reads 'target_file'",
      tool: 'edit_file',
      args: { target_file: 'src/a.ts' },
      expected: { ok: true, paths: ['src/a.ts'] },
    },
    {
      name: "reads both 'source' and 'destination'",
      tool: 'move_file',
      args: { source: 'a.ts', destination: 'b.ts' },
      expected: { ok: true, paths: ['a.ts', 'b.ts'] },
    },
    {
      name: "reads every entry of 'paths'",
      tool: 'read_multiple_files',
      args: { paths: ['a.ts', 'b/c.ts'] },
      expected: { ok: true, paths: ['a.ts', 'b/c.ts'] },
    },
    {
      name: "accepts an empty 'paths' array for a read tool",
      tool: 'read_multiple_files',
      args: { paths: [] },
      expected: { ok: true, paths: [] },
    },
    {
      name: "reads a single key and 'paths' together",
      tool: 'custom_tool',
      args: { path: 'a.ts', paths: ['b.ts'] },
      expected: { ok: true, paths: ['a.ts', 'b.ts'] },
    },
    {
      name: 'ignores arguments that are not path keys',
      tool: 'execute_command',
      args: { command: 'rm -rf /', cwd: '/' },
      expected: { ok: true, paths: [] },
    },
    {
      name: 'returns no paths for read_file with no path',
      tool: 'read_file',
      args: {},
      expected: { ok: true, paths: [] },
    },
    {
      name: "reads a null 'path' as not given, as JSON-schema catalogs declare optional paths",
      tool: 'codebase_search',
      args: { query: 'q', path: null },
      expected: { ok: true, paths: [] },
    },
    {
      name: 'returns no paths for execute_command with no path',
      tool: 'execute_command',
      args: { command: 'ls' },
      expected: { ok: true, paths: [] },
    },
    {
      name: 'accepts a path of exactly 4096 characters',
      tool: 'read_file',
      args: { path: LONGEST_PATH },
      expected: { ok: true, paths: [LONGEST_PATH] },
    },
    {
      name: 'keeps a path that leaves the workspace for the caller to refuse',
      tool: 'write_to_file',
      args: { path: '../x' },
      expected: { ok: true, paths: ['../x'] },
    },
    {
      name: 'reads the files of an apply_patch body',
      tool: 'apply_patch',
      args: { patch: CODEX_PATCH },
      expected: { ok: true, paths: ['src/a.ts', 'src/b.ts', 'c.ts', 'd.ts'] },
    },
    {
      name: 'reads a unified diff in an apply_patch body',
      tool: 'apply_patch',
      args: { patch: '--- /dev/null\n+++ b/new.ts' },
      expected: { ok: true, paths: ['new.ts'] },
    },
    {
      name: 'reads a path argument before the apply_patch body',
      tool: 'apply_patch',
      args: { path: 'x.ts', patch: '*** Add File: y.ts' },
      expected: { ok: true, paths: ['x.ts', 'y.ts'] },
    },
    {
      name: "keeps a leading 'b/' directory of a Codex header in an apply_patch body",
      tool: 'apply_patch',
      args: { patch: '*** Update File: b/src/x.ts' },
      expected: { ok: true, paths: ['b/src/x.ts'] },
    },
    {
      name: 'reads the file URI of an MCP resource',
      tool: 'access_mcp_resource',
      args: { server_name: 's', uri: 'file:///ws/secrets/a' },
      expected: { ok: true, paths: ['file:///ws/secrets/a'] },
    },
    {
      name: 'reads no path in an MCP resource URI of another scheme',
      tool: 'access_mcp_resource',
      args: { server_name: 's', uri: 'notes://secrets/a' },
      expected: { ok: true, paths: [] },
    },
    {
      name: "does not read a 'uri' argument of other tools",
      tool: 'web_fetch',
      args: { uri: 'file:///etc/passwd' },
      expected: { ok: true, paths: [] },
    },
    {
      name: "does not read a 'patch' argument of other tools",
      tool: 'apply_diff',
      args: { path: 'a.ts', patch: '*** Add File: b.ts' },
      expected: { ok: true, paths: ['a.ts'] },
    },
  ];

  it.each(okCases)('$name', ({ tool, args, expected }) => {
    expect(extractPathArguments(tool, args)).toEqual(expected);
  });

  // the problem text is the module's own wording; what matters is that it names the argument
  const notOkCases: ReadonlyArray<{
    name: string;
    tool: string;
    args: Readonly<Record<string, unknown>>;
    names: string;
  }> = [
    { name: "refuses a numeric 'path'", tool: 'read_file', args: { path: 42 }, names: "'path'" },
    {
      name: "refuses a null 'path' of a file-editing tool, which must name its file",
      tool: 'write_to_file',
      args: { path: null },
      names: 'write_to_file',
    },
    {
      name: "refuses an undefined 'path' that is present",
      tool: 'read_file',
      args: { path: undefined },
      names: "'path'",
    },
    { name: "refuses an array 'path'", tool: 'write_to_file', args: { path: ['a.ts'] }, names: "'path'" },
    {
      name: "refuses an object 'file_path'",
      tool: 'write_file',
      args: { file_path: { toString: () => 'a.ts' } },
      names: "'file_path'",
    },
    { name: "refuses an empty 'path'", tool: 'read_file', args: { path: '' }, names: "'path'" },
    {
      name: "refuses an empty 'destination'",
      tool: 'move_file',
      args: { source: 'a.ts', destination: '' },
      names: "'destination'",
    },
    { name: "refuses a 4097-character 'path'", tool: 'read_file', args: { path: LONG_PATH }, names: "'path'" },
    {
      name: "refuses a 4097-character 'absolutePath'",
      tool: 'read_file',
      args: { absolutePath: LONG_PATH },
      names: "'absolutePath'",
    },
    {
      name: "refuses a NUL character in 'path'",
      tool: 'write_to_file',
      args: { path: 'src/a.ts\0.txt' },
      names: "'path'",
    },
    {
      name: "refuses a NUL character in 'dir_path'",
      tool: 'list_directory',
      args: { dir_path: '\0' },
      names: "'dir_path'",
    },
    {
      name: "refuses 'paths' that is not an array",
      tool: 'read_multiple_files',
      args: { paths: 'a.ts' },
      names: "'paths'",
    },
    {
      name: "refuses a non-string entry of 'paths', naming its index",
      tool: 'read_multiple_files',
      args: { paths: ['a.ts', 7] },
      names: "'paths[1]'",
    },
    {
      name: "refuses an empty entry of 'paths', naming its index",
      tool: 'read_multiple_files',
      args: { paths: [''] },
      names: "'paths[0]'",
    },
    {
      name: "refuses a NUL entry of 'paths', naming its index",
      tool: 'read_multiple_files',
      args: { paths: ['a', 'b', 'c\0'] },
      names: "'paths[2]'",
    },
    {
      name: 'refuses a bad path even when a good one comes first',
      tool: 'move_file',
      args: { source: 'a.ts', destination: 5 },
      names: "'destination'",
    },
    {
      name: 'refuses an MCP resource URI that is not a string',
      tool: 'access_mcp_resource',
      args: { uri: 7 },
      names: "'uri'",
    },
    {
      name: 'refuses an MCP resource file URI with a NUL character',
      tool: 'access_mcp_resource',
      args: { uri: 'file:///a\0b' },
      names: "'uri'",
    },
    { name: "refuses a whitespace-only 'path'", tool: 'read_file', args: { path: ' \t ' }, names: "'path'" },
    { name: 'refuses a non-string apply_patch body', tool: 'apply_patch', args: { patch: 5 }, names: "'patch'" },
    {
      name: 'refuses a NUL character in a path inside an apply_patch body',
      tool: 'apply_patch',
      args: { patch: '*** Add File: a\0b' },
      names: "'patch'",
    },
    {
      name: 'refuses a 4097-character path inside an apply_patch body',
      tool: 'apply_patch',
      args: { patch: `*** Add File: ${LONG_PATH}` },
      names: "'patch'",
    },
    {
      name: 'refuses an apply_patch body that names no file',
      tool: 'apply_patch',
      args: { patch: '@@\n-a\n+b' },
      names: 'apply_patch',
    },
    {
      name: 'refuses an apply_patch body with only /dev/null',
      tool: 'apply_patch',
      args: { patch: '--- /dev/null\n+++ /dev/null' },
      names: 'apply_patch',
    },
  ];

  it.each(notOkCases)('$name', ({ tool, args, names }) => {
    const result = extractPathArguments(tool, args);
    expect(result.ok).toBe(false);
    expect(result).toEqual({ ok: false, problem: expect.stringContaining(names) });
  });

  it('lists exactly the file-editing tools of seed 000', () => {
    expect([...FILE_EDITING_TOOLS].sort()).toEqual([...SEED_FILE_EDITING_TOOLS].sort());
  });

  const editingCases = SEED_FILE_EDITING_TOOLS.flatMap((tool) => [
    { name: `refuses ${tool} with no arguments`, tool, args: {} },
    { name: `refuses ${tool} with only non-path arguments`, tool, args: { content: 'x', diff: 'y' } },
    { name: `refuses ${tool} with an empty paths list`, tool, args: { paths: [] } },
  ]);

  it.each(editingCases)('$name', ({ tool, args }) => {
    expect(extractPathArguments(tool, args)).toEqual({ ok: false, problem: expect.stringContaining(tool) });
  });

  it('does not read inherited path keys', () => {
    const args: Record<string, unknown> = Object.create({ path: '../../etc/passwd' });
    expect(extractPathArguments('read_file', args)).toEqual({ ok: true, paths: [] });
  });

  it('does not treat an inherited path key as naming the file of an editing tool', () => {
    const args: Record<string, unknown> = Object.create({ path: 'src/a.ts' });
    expect(extractPathArguments('write_to_file', args)).toEqual({
      ok: false,
      problem: expect.stringContaining('write_to_file'),
    });
  });
});

describe('reading time of hostile input', () => {
  const MEGABYTE = 1024 * 1024;
  // CPU time: a quadratic reading of a megabyte takes minutes, a linear one milliseconds
  const timed = (run: () => unknown): number => cpuMs(() => void run());

  it.each([
    { name: "a 'diff --git' header of 8,000 names", patch: `diff --git ${'a/x '.repeat(2000)}` },
    { name: "a 'diff --git' header of a megabyte of spaces", patch: `diff --git a${' '.repeat(MEGABYTE)}b` },
    { name: 'a megabyte of unified headers', patch: '--- a/x\n'.repeat(MEGABYTE / 8) },
    { name: 'a header line of a megabyte with no tab', patch: `+++ ${'a'.repeat(MEGABYTE)}` },
  ])('reads $name in linear time', ({ patch }) => {
    expect(timed(() => patchFilePaths(patch))).toBeLessThan(1000);
  });

  it('refuses a megabyte of whitespace around a name in linear time', () => {
    let result: PathArguments | undefined;
    expect(
      timed(
        () =>
          (result = extractPathArguments('write_to_file', { path: `${' '.repeat(MEGABYTE)}x${' '.repeat(MEGABYTE)}` })),
      ),
    ).toBeLessThan(1000);
    expect(result).toEqual({ ok: false, problem: expect.stringContaining('limited to 4096') });
  });
});
