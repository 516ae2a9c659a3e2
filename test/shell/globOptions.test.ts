import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize } from '../../src/index';
import { createPathAnalyzer } from '../../src/paths/pathAnalyzer';
import { analyzeShell } from '../../src/shell/analyzeShell';
import type { ShellScriptRun } from '../../src/shell/catalog/shellAnalysis';
import type { WorkspaceFiles } from '../../src/shell/catalog/workspaceFiles';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { splitWords } from '../../src/shell/engine/splitWords';
import { newScriptReading, type ScriptFile } from '../../src/shell/runFiles/codeFiles';
import { shebangShells } from '../../src/shell/programs/shells/shebangShells';
import { OPTION_GLOB_FILES } from '../../src/shell/runFiles/optionGlobFiles';
import { mayExpandToOptions } from '../../src/shell/words/optionGlobs';
import { installed } from '../support/realPrograms';
import { makeWorkspace } from '../support/workspace';

// Options that arrive as file names: a glob whose matches begin with '-' is read by the program
// as options (`tar cf a.tar *` beside a file named `--checkpoint-action=exec=...`). The analysis
// notes such a command as a run of kind `glob` (src/shell/engine/optionGlobRuns.ts); the reader
// (src/shell/runFiles/optionGlobFiles.ts) lists the folder and reads the command again with the
// names as its words, or fails the call closed where the names cannot be known.

/** The one word of `echo WORD`, as the analysis evaluates it. */
function wordOf(text: string): Parameters<typeof mayExpandToOptions>[0] {
  const word = splitWords(`echo ${text}`)?.[1];
  if (word === undefined) throw new Error(`no word in ${text}`);
  return word;
}

describe('which words may expand to words that begin with a dash', () => {
  it.each([
    { name: 'a lone star', text: '*', expected: true },
    { name: 'a star with a suffix', text: '*.c', expected: true },
    { name: 'a question mark', text: '?x', expected: true },
    { name: 'a bracket holding a dash', text: '[-]*', expected: true },
    { name: 'an extended glob', text: '@(a|b)', expected: true },
    { name: 'a brace list with a dash choice', text: '{-rf,x}', expected: true },
    { name: 'a brace list too rich to expand here', text: '{--checkpoint=1,x}', expected: true },
    { name: 'a brace list whose choices are names', text: '{a,b}.c', expected: false },
    { name: 'a glob under ./', text: './*', expected: false },
    { name: 'a glob under a folder', text: 'src/*', expected: false },
    { name: 'a glob after a letter', text: 'a*', expected: false },
    { name: 'an option with a glob value, read as an option already', text: '--include=*.ts', expected: false },
    { name: 'a quoted star', text: "'*'", expected: false },
    { name: 'an escaped star', text: '\\*', expected: false },
    { name: 'a variable', text: '$f', expected: false },
  ])('$name: $expected', ({ text, expected }) => {
    expect(mayExpandToOptions(wordOf(text))).toBe(expected);
  });
});

/** The glob runs an analysis notes, without the fields every run has. */
function globRuns(command: string): Pick<ShellScriptRun, 'path' | 'source' | 'script'>[] {
  return analyzeShell(command)
    .scriptRuns.filter((run) => run.how === 'glob')
    .map(({ path: folder, source, script }) => ({ path: folder, source, script }));
}

describe('the analysis notes a command whose glob may match options, for its folder to be listed', () => {
  it.each([
    {
      name: 'tar cf a.tar *',
      command: 'tar cf a.tar *',
      runs: [{ path: '.', source: '*', script: 'tar cf a.tar *' }],
    },
    {
      name: 'a glob in a folder a cd named',
      command: 'cd sub && rm -f *.o',
      runs: [{ path: 'sub/.', source: '*.o', script: 'rm -f *.o' }],
    },
    {
      name: 'two globs and a prefix assignment',
      command: 'LC_ALL=C chmod 644 *.md ?.txt',
      runs: [{ path: '.', source: '*.md ?.txt', script: 'LC_ALL=C chmod 644 *.md ?.txt' }],
    },
    {
      name: 'a folder known only at run time',
      command: 'cd "$d" && tar cf a.tar *',
      runs: [{ path: undefined, source: '*', script: 'tar cf a.tar *' }],
    },
    { name: 'no glob that can begin with a dash', command: 'tar cf a.tar ./* src/*.c', runs: [] },
  ])('$name', ({ command, runs }) => {
    expect(globRuns(command)).toEqual(runs);
  });
});

/** A folder of the workspace as data: the port lists these names in it and nothing else. */
function treeFiles(folder: string, names: readonly string[]): WorkspaceFiles {
  return {
    kindOf: (file) => (file === folder ? 'folder' : names.includes(path.basename(file)) ? 'file' : undefined),
    exists: (file) => file === folder || (path.dirname(file) === folder && names.includes(path.basename(file))),
    list: (listed) => (listed === folder ? names : []),
    readText: () => ({ kind: 'missing' }),
  };
}

/** What the reader makes of the first glob run of `command`, its folder listing `names`; `writes` the line's writes. */
function readGlobRun(command: string, names: readonly string[]): readonly ScriptFile[] {
  const root = makeWorkspace({ orchestration: false });
  const run = analyzeShell(command).scriptRuns.find((item) => item.how === 'glob');
  if (run === undefined) throw new Error(`no glob run in ${command}`);
  const context = { workspaceRoot: root, base: root, analyze: createPathAnalyzer(root) };
  const files = OPTION_GLOB_FILES.read(run, {
    context,
    reading: newScriptReading(),
    files: treeFiles(root, names),
    shebangShells,
    environment: BUILTIN_CATALOG.code.environment,
  });
  return files.map((file) =>
    file.kind === 'read' ? { ...file, base: file.base === root ? '<root>' : file.base } : file,
  );
}

describe('the names a glob matches, read as the words of its command', () => {
  it('reads the command again with the names, sorted, when one begins with a dash', () => {
    expect(
      readGlobRun('tar cf a.tar *', ['notes.txt', '--checkpoint=1', '--checkpoint-action=exec=touch pwned']),
    ).toEqual([
      {
        kind: 'read',
        text: "tar cf a.tar '--checkpoint-action=exec=touch pwned' '--checkpoint=1' notes.txt",
        label: "'*' matching --checkpoint-action=exec=touch pwned, --checkpoint=1",
        base: '<root>',
      },
    ]);
  });

  it('reads it in each order bash may sort in when a name may take the next one as its value', () => {
    expect(
      readGlobRun('tar c *', ['-f', 'B', 'a']).map((file) => (file.kind === 'read' ? file.text : file.kind)),
    ).toEqual(['tar c -f B a', 'tar c a B -f']);
  });

  it('reads nothing again when no name begins with a dash', () => {
    expect(readGlobRun('rm -f *.o', ['a.o', 'b.o', 'notes.txt'])).toEqual([]);
  });

  it('keeps a word that matches nothing, as bash does', () => {
    expect(readGlobRun('ls *.md {-l,x}', ['a.o'])).toEqual([
      { kind: 'read', text: "ls '*.md' -l x", label: "'*.md {-l,x}' matching -l", base: '<root>' },
    ]);
  });

  it('reads an extended glob as it is where no name begins with a dash', () => {
    expect(readGlobRun('ls @(a|b)', ['a', 'b'])).toEqual([]);
  });

  it('does not match a leading dot with a star', () => {
    expect(readGlobRun('ls *', ['.-hidden', 'a'])).toEqual([]);
  });

  it.each([
    {
      name: 'a folder known only at run time',
      command: 'cd "$d" && tar cf a.tar *',
      names: ['a'],
      reason: 'the folder it is matched in is only known at run time',
    },
    {
      name: 'an extended glob',
      command: 'tar cf a.tar @(a|b)',
      names: ['a', '-x'],
      reason: 'extended globs are not matched here',
    },
    {
      name: 'a brace list too rich to expand',
      command: 'tar cf a.tar {--checkpoint=1,x}',
      names: [],
      reason: 'its braces are not plain lists',
    },
  ])('fails closed on $name', ({ command, names, reason }) => {
    const [file, ...rest] = readGlobRun(command, names);
    expect({ kind: file?.kind, rest }).toEqual({ kind: 'unseen', rest: [] });
    expect(file?.kind === 'unseen' ? file.reason : '').toContain(reason);
  });
});

/** A workspace holding these files, for a real run and for the decision. */
function workspaceWith(names: readonly string[]): string {
  const root = makeWorkspace({ orchestration: false });
  for (const name of names) writeFileSync(path.join(root, name), 'x\n');
  return root;
}

// the command a file name gives: harmless, and seen on the disk when it runs
const CHECKPOINT_FILES = ['--checkpoint=1', '--checkpoint-action=exec=rm -f victim.txt', 'victim.txt'];

describe('tar beside files named as its options, run for real through bash and decided', () => {
  it.each([
    { name: 'tar cf a.tar * runs the command a file name gives', command: 'tar cf a.tar *', runs: true },
    { name: 'tar cf a.tar ./* reads the names as files', command: 'tar cf a.tar ./*', runs: false },
    { name: 'tar cf a.tar -- * reads the names as files', command: 'tar cf a.tar -- *', runs: false },
  ])('$name', ({ command, runs }) => {
    const root = workspaceWith(CHECKPOINT_FILES);
    const evidence = categorize('shell', { command }, { workspaceRoot: root }).evidence;
    const deletes = evidence.filter((item) => item.category === 'FS_DELETE_OVERWRITE' && item.details[1] === 'delete');
    expect(deletes.map((item) => [item.note.startsWith("in '*' matching --checkpoint"), item.details[0]])).toEqual(
      runs ? [[true, 'victim.txt']] : [],
    );
    if (!installed('tar')) return;
    spawnSync('bash', ['-c', command], { cwd: root, stdio: 'ignore' });
    expect(existsSync(path.join(root, 'victim.txt'))).toBe(!runs);
  });

  it('raises what the command a file name gives does: sudo is SUDO', () => {
    const root = workspaceWith(['--checkpoint=1', '--checkpoint-action=exec=sudo reboot', 'notes.txt']);
    const risk = categorize('shell', { command: 'tar cf a.tar *' }, { workspaceRoot: root });
    const sudo = risk.evidence.filter((item) => item.category === 'SUDO');
    expect(sudo.map((item) => item.note)).toEqual([
      "in '*' matching --checkpoint-action=exec=sudo reboot, --checkpoint=1: elevated privileges",
    ]);
    expect(risk.categories).toContain('SYSTEM_IMPACT');
  });

  it('fails closed where the names cannot be known: the same line writes a dash name there', () => {
    const root = workspaceWith(['notes.txt']);
    const risk = categorize('shell', { command: "touch -- '--checkpoint=1'; tar cf a.tar *" }, { workspaceRoot: root });
    expect(risk.evidence.some((item) => item.unseen === true && item.note.includes("the glob '*' may match"))).toBe(
      true,
    );
  });

  it('reads a glob in a folder below the workspace from that folder', () => {
    const root = workspaceWith([]);
    mkdirSync(path.join(root, 'sub'));
    for (const name of CHECKPOINT_FILES) writeFileSync(path.join(root, 'sub', name), 'x\n');
    const notes = categorize('shell', { command: 'cd sub && tar cf ../a.tar *' }, { workspaceRoot: root }).evidence.map(
      (item) => item.note,
    );
    expect(notes.some((note) => note.startsWith("in '*' matching --checkpoint"))).toBe(true);
  });
});
