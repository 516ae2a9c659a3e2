import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize } from '../../../src/risk/categorize';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { createGovernor } from '../../../src/index';
import type { CodeLanguage } from '../../../src/shell/programs/interpreters/codeVocabulary';
import { readInlineCode } from '../../../src/shell/programs/interpreters/readOnlyCode';
import { installed } from '../../support/realPrograms';
import { makeWorkspace } from '../../support/workspace';
import { ALL, EXEC, outcome, sorted } from '../support';

// Interpreters (src/shell/programs/interpreters/interpreterSpecs.ts): python, node, perl, ruby, php,
// lua, Rscript, osascript and awk; their inline code is read token by token against a vocabulary
// (readOnlyCode.ts, reached by the catalog through its families' code).

// Inline code is code the agent wrote in the call itself: python, JavaScript, ruby and perl are
// tokenized and each word is checked against a vocabulary of words that only compute, print and
// read files named literally; anything else fails closed. The real interpreters check both sides:
// what is let through changes no file, and what fails closed does change one.

interface Case {
  readonly name: string;
  readonly command: string;
  /** the interpreter a real run needs */
  readonly needs: string;
  /** files the folder of a real run holds besides data.txt and package.json */
  readonly files?: Readonly<Record<string, string>>;
}

const COMPUTES: readonly Case[] = [
  { name: 'python that prints a sum', command: `python3 -c 'print(1 + 1)'`, needs: 'python3' },
  {
    name: 'python that reads JSON from stdin',
    command: `echo '{"a": 1}' | python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["a"])'`,
    needs: 'python3',
  },
  {
    name: 'python that reads a file it names',
    command: `python3 -c "print(len(open('data.txt').read()))"`,
    needs: 'python3',
  },
  {
    name: 'python with a comprehension and an f-string',
    command: `python3 -c "xs = [n * 2 for n in range(3)]; print(f'{sum(xs)}')"`,
    needs: 'python3',
  },
  { name: 'python that lists a folder', command: `python3 -c "import os; print(os.listdir('.'))"`, needs: 'python3' },
  { name: 'python that prints its version', command: `python3 -c "import sys; print(sys.version)"`, needs: 'python3' },
  {
    name: 'python that reads a file through pathlib',
    command: `python3 -c "from pathlib import Path; print(Path('data.txt').read_text())"`,
    needs: 'python3',
  },
  {
    name: 'python that reads a key of package.json',
    command: `python3 -c "import json; print(json.load(open('package.json'))['name'])"`,
    needs: 'python3',
  },
  {
    name: 'python that parses code without running it',
    command: `python3 -c "import ast; print(ast.dump(ast.parse('None')), hasattr(ast, 'Constant'), int.__doc__[:9])"`,
    needs: 'python3',
  },
  {
    name: 'node that maps an array',
    command: `node -e 'console.log([1, 2].map((x) => x * 2).join(","))'`,
    needs: 'node',
  },
  {
    name: 'node that reads a file it names',
    command: `node -e "const fs = require('fs'); console.log(fs.readFileSync('data.txt', 'utf8').length)"`,
    needs: 'node',
  },
  { name: 'node -p of an expression', command: `node -p 'JSON.stringify({ a: Math.max(1, 2) })'`, needs: 'node' },
  { name: 'node that prints its version', command: `node -e "console.log(process.version)"`, needs: 'node' },
  {
    name: 'node that reads the version of package.json',
    command: `node -e "console.log(require('./package.json').version)"`,
    needs: 'node',
  },
  { name: 'node -p that lists a folder', command: `node -p "require('fs').readdirSync('.')"`, needs: 'node' },
  { name: 'ruby that prints its version', command: `ruby -e 'puts RUBY_VERSION'`, needs: 'ruby' },
  { name: 'perl that prints a line', command: `perl -e 'print "x\n"'`, needs: 'perl' },
  { name: 'perl -n over a plain file', command: `perl -ne 'print' data.txt`, needs: 'perl' },
  { name: 'awk that prints a field', command: `awk '{ print $1 }' data.txt`, needs: 'awk' },
];

const CHANGES: readonly (Case & { readonly reason: string })[] = [
  {
    name: 'python open for writing',
    command: `python3 -c "open('made.txt', 'w').write('x')"`,
    reason: "'open'",
    needs: 'python3',
  },
  {
    name: 'python os.remove',
    command: `python3 -c "import os; os.remove('data.txt')"`,
    reason: "'os.remove'",
    needs: 'python3',
  },
  {
    name: 'python through a module another module imported',
    command: `python3 -c "import shlex; shlex.os.remove('data.txt')"`,
    reason: "'os'",
    needs: 'python3',
  },
  {
    name: 'python getattr with a built name',
    command: `python3 -c "getattr(__builtins__, 'op' + 'en')('made.txt', 'w').write('x')"`,
    reason: "'getattr'",
    needs: 'python3',
  },
  {
    name: 'python exec of stdin after a keyword argument named exec',
    command: `echo "open('made.txt', 'w')" | python3 -c "import sys; 0 and print(exec=1); exec(sys.stdin.read())"`,
    reason: "'exec'",
    needs: 'python3',
  },
  {
    name: 'python exec after a binding that never runs',
    command: `echo "open('made.txt', 'w')" | python3 -c $'import sys\\nif 0:\\n exec = 1\\nexec(sys.stdin.read())'`,
    reason: "'exec'",
    needs: 'python3',
  },
  {
    name: 'python pathlib write_text',
    command: `python3 -c "from pathlib import Path; Path('data.txt').write_text('x')"`,
    reason: "'Path'",
    needs: 'python3',
  },
  {
    name: 'python Path.replace, a rename with a string method name',
    command: `python3 -c "import pathlib; pathlib.Path('data.txt').replace('made.txt')"`,
    reason: "'pathlib.Path'",
    needs: 'python3',
  },
  {
    name: 'python open with a writing opener',
    command: `python3 -c "import os; open('made.txt', opener=lambda p, f: os.open(p, os.O_CREAT | os.O_WRONLY))"`,
    reason: "'open'",
    needs: 'python3',
  },
  {
    name: 'node fs.writeFileSync',
    command: `node -e "require('fs').writeFileSync('made.txt', 'x')"`,
    reason: "'fs.writeFileSync'",
    needs: 'node',
  },
  {
    name: 'node fs, a global of node -e',
    command: `node -e "fs.writeFileSync('made.txt', 'x')"`,
    reason: "'fs.writeFileSync'",
    needs: 'node',
  },
  {
    name: 'node readFileSync with a writing flag',
    command: `node -e "require('fs').readFileSync('made.txt', { flag: 'w' })"`,
    reason: "'fs.readFileSync'",
    needs: 'node',
  },
  {
    name: 'node Function through a computed member',
    command: `node -e "const k = 'constr' + 'uctor'; ''[k][k]('require(\\"fs\\").writeFileSync(\\"made.txt\\", \\"x\\")')()"`,
    reason: "'[…]'",
    needs: 'node',
  },
  {
    name: 'node eval after a block binding',
    command: `node -e "{ let eval = 1 } eval('require(\\"fs\\").writeFileSync(\\"made.txt\\", \\"x\\")')"`,
    reason: "'eval'",
    needs: 'node',
  },
  {
    name: 'node Function through a destructuring parameter',
    command: `node -e "(({ constructor: log }) => log('require(\\"fs\\").writeFileSync(\\"made.txt\\", \\"x\\")')())(() => 1)"`,
    reason: "'{…} parameters'",
    needs: 'node',
  },
  {
    name: 'awk print redirected to a file',
    command: `awk 'BEGIN { print "x" > "made.txt" }'`,
    reason: '\'print "x" >',
    needs: 'awk',
  },
  { name: 'perl open for writing', command: `perl -e 'open(my $f, ">", "made.txt")'`, reason: "'open'", needs: 'perl' },
  {
    name: 'perl code in an interpolated string',
    command: `perl -e 'print "@{[ unlink q(data.txt) ]}"'`,
    reason: 'a form the reader of inline code does not follow',
    needs: 'perl',
  },
  {
    name: 'ruby File.write',
    command: `ruby -e "File.write('made.txt', 'x')"`,
    reason: "'File.write'",
    needs: 'ruby',
  },
  {
    name: 'perl -n over an operand its open reads as a command',
    command: `perl -ne 'print' data.txt 'touch made.txt|'`,
    reason: "loops over ''touch made.txt|''",
    needs: 'perl',
  },
  {
    name: 'perl loading a module of the working folder',
    command: `perl -I. -MMade -e 'print 1'`,
    files: { 'Made.pm': 'open(my $f, ">", "made.txt"); 1;\n' },
    reason: "'perl -I' loads code",
    needs: 'perl',
  },
  {
    name: 'ruby code in an interpolated string',
    command: `ruby -e 'puts "#{File.write(%q(made.txt), 1)}"'`,
    reason: 'a form the reader of inline code does not follow',
    needs: 'ruby',
  },
];

/** The files of a fresh folder after running `command` in it with bash: name and content. */
function runInFolder(command: string, files: Readonly<Record<string, string>> = {}): Record<string, string> {
  const folder = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'inline-code-'));
  for (const [name, content] of Object.entries({ ...UNCHANGED, ...files }))
    writeFileSync(path.join(folder, name), content);
  spawnSync('bash', ['-c', command], { cwd: folder, timeout: 10_000 });
  return Object.fromEntries(readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name), 'utf8')]));
}

const installedPrograms = new Map<string, boolean>();

/** The cases whose interpreter this machine has: the others are not run for real. */
function runnable<T extends Case>(cases: readonly T[]): T[] {
  return cases.filter(({ needs }) => {
    if (!installedPrograms.has(needs)) installedPrograms.set(needs, installed(needs));
    return installedPrograms.get(needs) === true;
  });
}

const UNCHANGED = { 'data.txt': 'one two\n', 'package.json': '{"name": "x", "version": "1.0.0"}\n' };

describe('inline code read against its vocabulary', () => {
  it.each(COMPUTES)('raises only EXEC_ARBITRARY for $name', ({ command }) => {
    expect(outcome(command)).toEqual({ categories: [EXEC], failedClosed: false });
  });

  it.each(CHANGES)('fails closed on $name, naming what it uses', ({ command, reason }) => {
    const analysis = analyzeShell(command);
    expect(sorted(outcome(command).categories)).toEqual(sorted(ALL));
    expect(analysis.unknowable).toContain(reason);
  });

  it.each(runnable(COMPUTES))('$name changes no file when run for real', ({ command }) => {
    expect(runInFolder(command)).toEqual(UNCHANGED);
  });

  it.each(runnable(CHANGES))('$name changes a file when run for real', ({ command, files }) => {
    expect(runInFolder(command, files)).not.toEqual({ ...UNCHANGED, ...files });
  });
  it('makes a file the code reads a read of the command, so secrets and ignored paths count', () => {
    const reads = analyzeShell(`python3 -c "print(open('.env').read())"`).pathOperands.filter(
      (operand) => operand.role === 'read',
    );
    expect(reads.map((operand) => operand.path)).toContain('.env');
    expect(categorize('execute_command', { command: `python3 -c "print(open('.env').read())"` }).categories).toContain(
      'FS_CONFIG_SECRETS',
    );
  });

  it('makes a file the code reads a read that .intentignore refuses', () => {
    const root = makeWorkspace({
      intentsYaml: 'active_intents:\n  - id: A\n    owned_scope: [src/**]\n',
      intentIgnore: 'secrets/\n',
    });
    const governor = createGovernor({ workspaceRoot: root, safeMode: true, trace: () => undefined });
    governor.userPrompt('read the key');
    governor.handleToolCall('select_active_intent', { intent_id: 'A' });
    const decide = (code: string): string | undefined =>
      governor.handleToolCall('execute_command', { command: `python3 -c "${code}"` }).code;
    expect({
      ignored: decide("print(open('secrets/key.txt').read())"),
      listed: decide("import os; print(os.listdir('secrets'))"),
    }).toEqual({ ignored: 'path_ignored', listed: 'path_ignored' });
  });
});

describe('inline code that only reads raises no named risk', () => {
  it.each([
    { name: 'a URL it prints is text, not a request', command: `python3 -c "print('https://x.io')"` },
    { name: 'a command line it prints is text', command: `node -e "console.log('sudo git push --force')"` },
    {
      name: 'a process call in a string is text',
      command: `python3 -c "print('os.system(\\"curl https://x.io | sh\\")')"`,
    },
  ])('$name', ({ command }) => {
    const analysis = analyzeShell(command);
    expect({ categories: outcome(command).categories, commands: analysis.commands.length }).toEqual({
      categories: [EXEC],
      commands: 1,
    });
  });

  it.each([
    {
      name: 'the arguments of read-only code are data',
      command: `python3 -c "import sys; print(sys.argv[1])" out.txt`,
      operands: [],
    },
    {
      name: 'the arguments of other code are possible writes',
      command: `python3 -c "import os; os.remove(1)" out.txt`,
      operands: [['out.txt', 'overwrite']],
    },
    { name: 'perl -n reads its operands', command: `perl -ne 'print' a.txt`, operands: [['a.txt', 'read']] },
    { name: 'perl -i rewrites its operands', command: `perl -i -pe 'print' a.txt`, operands: [['a.txt', 'overwrite']] },
  ])('reads $name', ({ command, operands }) => {
    const found = analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.role]);
    expect(found).toEqual(operands);
  });

  it('keeps a URL a request when the code may reach the network', () => {
    const command = `python3 -c "import urllib.request; urllib.request.urlopen('https://x.io')"`;
    // the line shows the request; the module, standard and not the project's, fails the call closed
    expect(outcome(command).categories).toContain('NETWORK_RISK');
    const decided = categorize('shell', { command }, { workspaceRoot: makeWorkspace({ orchestration: false }) });
    expect(sorted(decided.categories)).toEqual(sorted(ALL));
  });
});

interface ReadingCase {
  readonly name: string;
  readonly language: CodeLanguage;
  readonly code: string;
}

// what a tokenizer takes for a string or a comment is never read as code, and code is never taken for either
const STRINGS_AND_COMMENTS: readonly (ReadingCase & { readonly readOnly: boolean })[] = [
  { name: 'a python call in a string', language: 'python', code: `print("os.remove('x')")`, readOnly: true },
  { name: 'a python call in a comment', language: 'python', code: `print(1)  # os.remove('x')`, readOnly: true },
  {
    name: 'python quotes inside triple quotes',
    language: 'python',
    code: `print('''a ' " os.remove('x') ''')`,
    readOnly: true,
  },
  { name: 'a python escaped quote', language: 'python', code: `print('a\\' + os.remove(1) + \\'b')`, readOnly: true },
  {
    name: 'a python call between two strings',
    language: 'python',
    code: `print("a" + os.remove("x") + "b")`,
    readOnly: false,
  },
  {
    name: 'a python call in an f-string field',
    language: 'python',
    code: `print(f"{os.remove('x')}")`,
    readOnly: false,
  },
  {
    name: 'a python call after a raw string holding an escaped quote',
    language: 'python',
    code: `print(r'\\'', os.remove('x'))`,
    readOnly: false,
  },
  { name: 'a hash inside a python string', language: 'python', code: `print("#"); exec("x")`, readOnly: false },
  {
    name: 'a JavaScript call in a string',
    language: 'node',
    code: `console.log("require('child_process')")`,
    readOnly: true,
  },
  {
    name: 'a JavaScript call in a comment',
    language: 'node',
    code: `console.log(1) // fs.rmSync('x')`,
    readOnly: true,
  },
  {
    name: 'a JavaScript call in a block comment',
    language: 'node',
    code: `/* fs.rmSync('x') */ console.log(1)`,
    readOnly: true,
  },
  {
    name: 'a JavaScript call in a template field',
    language: 'node',
    code: 'console.log(`${fs.rmSync("x")}`)',
    readOnly: false,
  },
  {
    name: 'a quote in a regular expression',
    language: 'node',
    code: `/'/.test("a"); fs.rmSync('x'); /'/`,
    readOnly: false,
  },
  {
    name: 'a regular expression after a statement head',
    language: 'node',
    code: `if (1) /'/; fs.rmSync('x'); /'/`,
    readOnly: false,
  },
  {
    name: 'a slash after a block, a division or a pattern',
    language: 'node',
    code: `{} /'/; fs.rmSync('x'); /'/`,
    readOnly: false,
  },
  { name: 'a ruby call in a single-quoted string', language: 'ruby', code: `puts 'system("id")'`, readOnly: true },
  { name: 'a ruby call in a comment', language: 'ruby', code: `puts 1 # system("id")`, readOnly: true },
  { name: 'a ruby call in an interpolation', language: 'ruby', code: `puts "#{system('id')}"`, readOnly: false },
  { name: 'a ruby heredoc', language: 'ruby', code: `puts <<~EOS\n#{system('id')}\nEOS`, readOnly: false },
  { name: 'a ruby percent literal', language: 'ruby', code: `puts %q(x) + %x(id)`, readOnly: false },
  { name: 'a perl call in a single-quoted string', language: 'perl', code: `print 'system("id")'`, readOnly: true },
  { name: 'a perl call in a comment', language: 'perl', code: `print "x"; # system("id")`, readOnly: true },
  {
    name: 'perl code in an interpolated string',
    language: 'perl',
    code: `print "@{[ system 'id' ]}"`,
    readOnly: false,
  },
  {
    name: 'a perl pattern holding a quote',
    language: 'perl',
    code: `print 1 if /'/; system 'id'; /'/`,
    readOnly: false,
  },
];

// a word that makes the code unknown, and the word the reading names
const UNKNOWN: readonly (ReadingCase & { readonly word: string })[] = [
  {
    name: 'a member outside the vocabulary, even one the code bound',
    language: 'python',
    code: 'modules = 1; import sys; sys.modules',
    word: 'modules',
  },
  { name: 'a module used through its chain, renamed', language: 'python', code: 'import os as o', word: 'os as' },
  { name: 'a module used through its chain, as a value', language: 'python', code: 'import os; x = os', word: 'os' },
  {
    name: 'pathlib renamed, so its writes would look like calls',
    language: 'python',
    code: 'from pathlib import Path as P',
    word: 'Path as',
  },
  {
    name: 'a folder listing whose items can rename files',
    language: 'python',
    code: "from pathlib import Path; Path('.').iterdir()",
    word: 'Path',
  },
  {
    name: 'a Path object, whose replace renames a file',
    language: 'python',
    code: "from pathlib import Path; Path.cwd().replace('x')",
    word: 'Path.cwd',
  },
  {
    name: 'the environment, which printenv reads',
    language: 'python',
    code: 'import os; print(os.environ)',
    word: 'os.environ',
  },
  {
    name: 'a string subscript naming a member in JavaScript',
    language: 'node',
    code: "''['constructor']",
    word: '[…]',
  },
  { name: 'a subscript chosen at run time in JavaScript', language: 'node', code: "const k = 1; ''[k]", word: '[…]' },
  {
    name: 'a global a block binding does not replace',
    language: 'node',
    code: '{ let fetch = 1 } fetch("https://x.io")',
    word: 'fetch',
  },
  { name: 'a JavaScript name the code never binds', language: 'node', code: 'WebSocket', word: 'WebSocket' },
  {
    name: 'a destructuring assignment',
    language: 'node',
    code: 'let F; [{ constructor: F }] = [() => 1]',
    word: '{…} =',
  },
  { name: 'process as a value', language: 'node', code: 'Object.values(process)', word: 'process' },
  { name: 'the environment in JavaScript', language: 'node', code: 'console.log(process.env)', word: 'process.env' },
  { name: 'a module another require names', language: 'node', code: "require('child_process')", word: 'require' },
  { name: 'a JavaScript file required, which runs', language: 'node', code: "require('./x.js')", word: 'require' },
  {
    name: 'a ruby local called as a method',
    language: 'ruby',
    code: "[1].each { |system| system('id') }",
    word: 'system',
  },
  { name: 'a ruby symbol naming a method', language: 'ruby', code: "['id'].each(&:system)", word: ':system' },
  { name: 'a ruby pipe given to File.read', language: 'ruby', code: "File.read('|id')", word: 'File.read' },
  { name: 'a ruby library outside the vocabulary', language: 'ruby', code: "require 'open3'", word: 'require' },
  { name: 'a perl pragma outside the vocabulary', language: 'perl', code: "use lib '.'", word: 'use' },
];

describe('the reader of inline code', () => {
  it.each(STRINGS_AND_COMMENTS)('reads $name as code only where it is code', ({ code, language, readOnly }) => {
    expect(readInlineCode(code, language).readOnly).toBe(readOnly);
  });

  it.each(UNKNOWN)('reads $name as unknown', ({ code, language, word }) => {
    expect(readInlineCode(code, language)).toEqual({ readOnly: false, word, unread: expect.any(Boolean) });
  });

  // a module the vocabulary does not know may be the project's: the reading names it, the caller
  // finds whether the folder python imports from holds it, and the names it binds are its code
  it.each<ReadingCase & { readonly modules: readonly string[]; readonly reads?: readonly string[] }>([
    { name: 'an import', language: 'python', code: 'import sympy; print(sympy.__version__)', modules: ['sympy'] },
    { name: 'a dotted import', language: 'python', code: 'import sympy.core\nsympy.core.S', modules: ['sympy'] },
    {
      name: 'an import renamed',
      language: 'python',
      code: 'import sympy as sp; print(sp.S.One)',
      modules: ['sympy'],
    },
    {
      name: 'names imported, one renamed',
      language: 'python',
      code: 'from sympy.core import S, _sympify as s; print(S.false, s(None))',
      modules: ['sympy'],
    },
    {
      name: 'two modules and a file read',
      language: 'python',
      code: "import app, lib.util; print(app.run(open('in.txt').read()), lib.util)",
      modules: ['app', 'lib'],
      reads: ['in.txt'],
    },
    { name: 'a module the code named itself', language: 'python', code: 'x = 1\nimport x', modules: ['x'] },
  ])("reads $name as the project's modules", ({ code, language, modules, reads = [] }) => {
    const [word = ''] = modules;
    expect(readInlineCode(code, language)).toEqual({
      readOnly: false,
      word,
      unread: false,
      imports: { modules, reads },
    });
  });

  it.each<ReadingCase & { readonly word: string }>([
    { name: 'a star import', language: 'python', code: 'from sympy import *', word: 'from sympy import' },
    { name: 'a relative import', language: 'python', code: 'from . import x', word: 'from' },
    {
      name: "a write beside the project's module",
      language: 'python',
      code: "import app\nopen('x', 'w')",
      word: 'open',
    },
    {
      name: "a member of another value than the module's",
      language: 'python',
      code: 'import app\nx = 1\nx.system',
      word: 'system',
    },
  ])("still reads $name as unknown beside the project's modules", ({ code, language, word }) => {
    expect(readInlineCode(code, language)).toEqual({ readOnly: false, word, unread: false });
  });

  it.each<ReadingCase & { readonly reads: readonly string[] }>([
    {
      name: 'python open',
      language: 'python',
      code: "print(open('a.txt', encoding='utf-8').read())",
      reads: ['a.txt'],
    },
    {
      name: 'python os.listdir of no folder',
      language: 'python',
      code: 'import os; print(os.listdir())',
      reads: ['.'],
    },
    {
      name: 'python os.path checks',
      language: 'python',
      code: "import os.path; print(os.path.exists('b'))",
      reads: ['b'],
    },
    {
      name: 'node fs through an alias',
      language: 'node',
      code: "const f = require('node:fs'); f.existsSync('c')",
      reads: ['c'],
    },
    {
      name: 'ruby File.read and Dir.entries',
      language: 'ruby',
      code: "puts File.read('d'), Dir.entries('.')",
      reads: ['d', '.'],
    },
  ])('lists the files $name reads', ({ code, language, reads }) => {
    expect(readInlineCode(code, language)).toEqual({ readOnly: true, reads });
  });
});
