import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize } from '../../../src/risk/categorize';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { readInlineCode } from '../../../src/shell/programs/interpreters/inlineCodeVocabulary';
import { installed } from '../../support/realPrograms';
import { ALL, EXEC, outcome, sorted } from '../support';

// Interpreters (src/shell/programs/interpreters/interpreterSpecs.ts): python, node, perl, ruby, php,
// lua, Rscript, osascript and awk; their inline code is read against its vocabulary
// (programs/interpreters/inlineCode.ts, shared with the catalog's argument effects, which read inline code too).

// Inline code is code the agent wrote in the call itself: python and JavaScript are read word by
// word against a vocabulary of words that only compute and read named files; anything else
// fails closed. The real interpreters check both sides: what is let through changes no file,
// and what fails closed does change one.

interface Case {
  readonly name: string;
  readonly command: string;
}

const COMPUTES: readonly Case[] = [
  { name: 'python that prints a sum', command: `python3 -c 'print(1 + 1)'` },
  {
    name: 'python that reads JSON from stdin',
    command: `echo '{"a": 1}' | python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["a"])'`,
  },
  { name: 'python that reads a file it names', command: `python3 -c "print(len(open('data.txt').read()))"` },
  {
    name: 'python with a comprehension and an f-string',
    command: `python3 -c "xs = [n * 2 for n in range(3)]; print(f'{sum(xs)}')"`,
  },
  { name: 'node that maps an array', command: `node -e 'console.log([1, 2].map((x) => x * 2).join(","))'` },
  {
    name: 'node that reads a file it names',
    command: `node -e "const fs = require('fs'); console.log(fs.readFileSync('data.txt', 'utf8').length)"`,
  },
  { name: 'node -p of an expression', command: `node -p 'JSON.stringify({ a: Math.max(1, 2) })'` },
  { name: 'awk that prints a field', command: `awk '{ print $1 }' data.txt` },
];

const CHANGES: readonly (Case & { readonly reason: string })[] = [
  { name: 'python open for writing', command: `python3 -c "open('made.txt', 'w').write('x')"`, reason: "'open'" },
  { name: 'python os.remove', command: `python3 -c "import os; os.remove('data.txt')"`, reason: "'os'" },
  {
    name: 'python through a module another module imported',
    command: `python3 -c "import shlex; shlex.os.remove('data.txt')"`,
    reason: "'os'",
  },
  {
    name: 'python getattr with a built name',
    command: `python3 -c "getattr(__builtins__, 'op' + 'en')('made.txt', 'w').write('x')"`,
    reason: "'getattr'",
  },
  {
    name: 'python exec of stdin after a keyword argument named exec',
    command: `echo "open('made.txt', 'w')" | python3 -c "import sys; 0 and print(exec=1); exec(sys.stdin.read())"`,
    reason: "'exec'",
  },
  {
    name: 'python exec after a binding that never runs',
    command: `echo "open('made.txt', 'w')" | python3 -c $'import sys\\nif 0:\\n exec = 1\\nexec(sys.stdin.read())'`,
    reason: "'exec'",
  },
  {
    name: 'node fs.writeFileSync',
    command: `node -e "require('fs').writeFileSync('made.txt', 'x')"`,
    reason: "'require'",
  },
  {
    name: 'node Function through a computed member',
    command: `node -e "const k = 'constr' + 'uctor'; ''[k][k]('require(\\"fs\\").writeFileSync(\\"made.txt\\", \\"x\\")')()"`,
    reason: "'[…]'",
  },
  {
    name: 'node eval after a block binding',
    command: `node -e "{ let eval = 1 } eval('require(\\"fs\\").writeFileSync(\\"made.txt\\", \\"x\\")')"`,
    reason: "'eval'",
  },
  {
    name: 'awk print redirected to a file',
    command: `awk 'BEGIN { print "x" > "made.txt" }'`,
    reason: '\'print "x" >',
  },
  {
    name: 'perl, whose code is not read',
    command: `perl -e 'open(my $f, ">", "made.txt")'`,
    reason: 'not read for the files it changes',
  },
];

/** The files of a fresh folder after running `command` in it with bash: name and content. */
function runInFolder(command: string): Record<string, string> {
  const folder = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'inline-code-'));
  writeFileSync(path.join(folder, 'data.txt'), 'one two\n');
  spawnSync('bash', ['-c', command], { cwd: folder, timeout: 10_000 });
  return Object.fromEntries(readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name), 'utf8')]));
}

const UNCHANGED = { 'data.txt': 'one two\n' };
const realRuns = installed('python3') && installed('node') && installed('perl');

describe('inline python and JavaScript code read against its vocabulary', () => {
  it.each(COMPUTES)('does not fail closed on $name', ({ command }) => {
    expect(outcome(command)).toEqual({ categories: [EXEC], failedClosed: false });
  });

  it.each(CHANGES)('fails closed on $name, naming what it uses', ({ command, reason }) => {
    const analysis = analyzeShell(command);
    expect(sorted(outcome(command).categories)).toEqual(sorted(ALL));
    expect(analysis.unknowable).toContain(reason);
  });

  it.runIf(realRuns).each(COMPUTES)('$name changes no file when run for real', ({ command }) => {
    expect(runInFolder(command)).toEqual(UNCHANGED);
  });

  it.runIf(realRuns).each(CHANGES)('$name changes a file when run for real', ({ command }) => {
    expect(runInFolder(command)).not.toEqual(UNCHANGED);
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

  it.each([
    {
      name: 'a member name outside the vocabulary, even one the code bound',
      code: 'modules = 1; import sys; sys.modules',
      word: 'modules',
    },
    { name: 'a module imported by a name the code bound', code: 'x = 1\nimport x', word: 'x' },
    { name: 'a string subscript that names a member in JavaScript', code: "''['constructor']", word: 'constructor' },
    { name: 'a subscript chosen at run time in JavaScript', code: "const k = 1; ''[k]", word: '[…]' },
  ])('reads $name as unknown', ({ code, word }) => {
    expect(readInlineCode(code, code.includes("''") ? 'node' : 'python').unknownWord).toBe(word);
  });
});
