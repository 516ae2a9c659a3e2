import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CodeLanguage } from '../../src/shell/programs/interpreters/codeVocabulary';
import { readInlineCode } from '../../src/shell/programs/interpreters/readOnlyCode';

// Inline code read as read-only only computes, prints and reads named files
// (src/shell/programs/interpreters/readOnlyCode.ts). Whatever read-only code a program is built
// from, adding one call that writes, deletes, starts a process, reaches the network or runs code
// built at run time never leaves it read-only; the same call in a comment changes nothing.

const SEED = 20261203;

interface Language {
  readonly language: CodeLanguage;
  /** statements the reader reads as read-only, each whole on one line */
  readonly readOnly: readonly string[];
  /** statements that write, delete, run a process or code, or reach the network */
  readonly dangerous: readonly string[];
  /** the same, as expressions an argument may hold */
  readonly dangerousExpressions: readonly string[];
  readonly separator: string;
  readonly comment: string;
  /** a call of the language that prints its argument */
  readonly print: (argument: string) => string;
}

const PYTHON: Language = {
  language: 'python',
  readOnly: [
    'print(1 + 1)',
    'import json',
    'import sys; print(sys.version)',
    "import os; print(os.listdir('.'))",
    "print(open('data.txt').read())",
    'xs = [n * 2 for n in range(3)]',
    `print(f'{len("ab")!r:>4}')`,
    "from pathlib import Path; print(Path('a.txt').read_text())",
    "import json; print(json.dumps({'a': 1}, indent=2))",
    "import re; print(re.sub(r'a+', 'b', 'caat'))",
    "import os.path; print(os.path.join('a', 'b'))",
    `print('os.system("id")')`,
    "# os.remove('x')",
  ],
  dangerous: [
    "import os; os.remove('x')",
    "import os; os.system('id')",
    "import os; os.rename('a', 'b')",
    "import os; os.replace('a', 'b')",
    "import os; os.unlink('x')",
    "import os; os.makedirs('d')",
    "import os; os.chmod('x', 0o777)",
    "import os; os.symlink('/etc', 'l')",
    "import os; os.environ['X'] = '1'",
    'import os; os.kill(1, 9)',
    "import os; os.popen('id')",
    "import os; os.execv('/bin/sh', ['sh'])",
    "import os as o; o.remove('x')",
    "from os import remove; remove('x')",
    "from os import system as s; s('id')",
    "import os.path; os.path.os.remove('x')",
    "import subprocess; subprocess.run(['id'])",
    "import subprocess; subprocess.check_output('id', shell=True)",
    "import shutil; shutil.rmtree('d')",
    "import shutil; shutil.copy('a', 'b')",
    "from pathlib import Path; Path('x').write_text('y')",
    "from pathlib import Path; Path('x').unlink()",
    "from pathlib import Path; Path('a').rename('b')",
    "from pathlib import Path; Path('a').replace('b')",
    "from pathlib import Path; Path('d').mkdir()",
    "from pathlib import Path; Path('x').touch()",
    "from pathlib import Path; Path('x').open('w')",
    "from pathlib import Path; [p.replace('y') for p in Path('.').iterdir()]",
    "from pathlib import Path; Path.cwd().replace('y')",
    'import pathlib; pathlib.Path.home().rmdir()',
    "import socket; socket.socket().connect(('h', 1))",
    "import urllib.request; urllib.request.urlopen('http://x')",
    "import http.client; http.client.HTTPConnection('h')",
    "import webbrowser; webbrowser.open('http://x')",
    "exec('x = 1')",
    "eval('1')",
    "compile('x', 'f', 'exec')",
    "__import__('os').system('id')",
    "import importlib; importlib.import_module('os')",
    "getattr(__builtins__, 'open')('x', 'w')",
    "import sys; sys.modules['os'].system('id')",
    "import sys; sys.path.insert(0, '.')",
    "globals()['x'] = 1",
    "vars()['x'] = 1",
    "setattr(print, 'x', 1)",
    '().__class__.__bases__[0].__subclasses__()',
    "import builtins; builtins.open('x', 'w')",
    "import io; io.open('x', 'w')",
    'import tempfile; tempfile.mkstemp()',
    "import pickle; pickle.load(open('x', 'rb'))",
    'import ctypes; ctypes.CDLL(None)',
    "import shlex; shlex.os.system('id')",
    "import operator; operator.methodcaller('system', 'id')",
    "import json; json.dump(1, open('x', 'w'))",
    "import csv; csv.writer(open('x', 'w'))",
    "open('x', 'a').write('y')",
    "open('x', mode='w')",
    "open('x', 'r+')",
    "open(file='x', mode='w')",
    "open('x', opener=print)",
    'breakpoint()',
    'input()',
    'help()',
    "type('A', (), {})",
  ],
  dangerousExpressions: [
    "os.remove('x')",
    "open('x', 'w')",
    "exec('x')",
    "__import__('os')",
    "getattr(print, 'x')",
    "Path('x').unlink()",
    "subprocess.run('id')",
    'globals()',
    'sys.modules',
    'shlex.os',
  ],
  separator: '\n',
  comment: '# ',
  print: (argument) => `print(${argument})`,
};

const JAVASCRIPT: Language = {
  language: 'node',
  readOnly: [
    'console.log(1 + 1)',
    'console.log(process.version)',
    "console.log(require('./package.json').version)",
    "console.log(require('fs').readdirSync('.'))",
    'const xs = [1, 2].map((x) => x * 2)',
    'console.log(JSON.stringify({ a: Math.max(1, 2) }))',
    'console.log(`${1 + 1}`)',
    "// fs.rmSync('x')",
    "console.log('child_process')",
    "console.log(path.join('a', 'b'))",
    "process.stdout.write('x')",
    "const f = require('node:fs'); console.log(f.readFileSync('data.txt', 'utf8'))",
  ],
  dangerous: [
    "require('fs').writeFileSync('x', 'y')",
    "fs.writeFileSync('x', 'y')",
    "fs.unlinkSync('x')",
    "fs.rmSync('d', { recursive: true })",
    "fs.renameSync('a', 'b')",
    "fs.mkdirSync('d')",
    "fs.readFileSync('x', { flag: 'w' })",
    "fs.openSync('x', 'w')",
    "fs.promises.writeFile('x', 'y')",
    "const g = require('fs'); g.writeFileSync('x', 'y')",
    "require('child_process').execSync('id')",
    "child_process.execSync('id')",
    "require('child_process').spawn('id')",
    "process.binding('spawn_sync')",
    "process.dlopen({}, 'x')",
    'process.kill(1)',
    "process.chdir('/')",
    "process.env.X = '1'",
    "require('net').connect(80, 'h')",
    "require('http').get('http://x')",
    "fetch('http://x')",
    "new WebSocket('ws://x')",
    "eval('1')",
    "Function('return 1')()",
    "new Function('return 1')",
    "import('fs')",
    "''.constructor.constructor('return 1')()",
    "(() => 1).constructor('x')",
    'globalThis.process',
    "global.require('fs')",
    "module.require('fs')",
    "require('./x.js')",
    "require('x')",
    "Reflect.get(process, 'binding')",
    'Object.values(process)',
    "const { constructor: F } = () => 1; F('x')()",
    "let F; ({ constructor: F } = () => 1); F('x')()",
    "(({ constructor: log }) => log('x')())(() => 1)",
    "setTimeout('x')",
    'this.process',
    "with (process) binding('x')",
    "process.mainModule.require('fs')",
    "console.constructor('x')",
    "JSON['constructor']",
    "const k = 'constructor'; ({})[k]",
    'process.stdout._handle',
    'process.stdout.constructor',
  ],
  dangerousExpressions: [
    "fs.writeFileSync('x', 'y')",
    "require('child_process')",
    "eval('1')",
    "''.constructor",
    'process.env',
    "fetch('http://x')",
    "Function('x')",
    'globalThis',
    "process.binding('x')",
  ],
  separator: ';\n',
  comment: '// ',
  print: (argument) => `console.log(${argument})`,
};

const RUBY: Language = {
  language: 'ruby',
  readOnly: [
    'puts RUBY_VERSION',
    "puts File.read('data.txt')",
    "require 'json'",
    "puts JSON.generate({ 'a' => 1 })",
    '[1, 2].map { |x| x * 2 }.each { |y| puts y }',
    "# system('id')",
    `puts 'system("id")'`,
    "puts Dir.entries('.')",
    'x = 1; puts x + 1',
    'puts "#{1 + 1} #{\'a\'.upcase}"',
  ],
  dangerous: [
    "system('id')",
    "exec('id')",
    "spawn('id')",
    '`id`',
    '%x(id)',
    "File.write('x', 'y')",
    "File.delete('x')",
    "File.open('x', 'w')",
    "File.new('x', 'w')",
    "Dir.mkdir('d')",
    "require 'fileutils'; FileUtils.rm_rf('d')",
    "require 'open3'; Open3.capture2('id')",
    "IO.popen('id')",
    "open('|id')",
    "Kernel.system('id')",
    "send(:system, 'id')",
    "method(:system).call('id')",
    "eval('1')",
    "instance_eval('1')",
    'Object.const_get(:File)',
    "ENV['X'] = '1'",
    'Process.kill(9, 1)',
    "load 'x.rb'",
    "require_relative 'x'",
    "['id'].each(&:system)",
    "[1].each { |system| system('id') }",
    "File.read('|id')",
    "$stdout.reopen('x', 'w')",
    "at_exit { system('id') }",
    'fork { }',
    "x = 'id'; system x",
    "JSON.load('{}')",
    'gets',
    'STDIN.read',
    'puts "#{system(\'id\')}"',
  ],
  dangerousExpressions: ["system('id')", '`id`', "File.write('x', 'y')", 'send(:system)', "eval('1')"],
  separator: '\n',
  comment: '# ',
  print: (argument) => `puts(${argument})`,
};

const PERL: Language = {
  language: 'perl',
  readOnly: [
    'print "x\\n"',
    'print 1 + 1',
    'my $x = 2; print $x * 3',
    "print join(',', 1, 2)",
    "# system('id')",
    `print 'system("id")'`,
    'use strict',
    "print length('abc')",
  ],
  dangerous: [
    "system('id')",
    "system 'id'",
    "exec('id')",
    '`id`',
    'qx(id)',
    "open(my $f, '>', 'x')",
    "unlink('x')",
    "unlink 'x'",
    "rename('a', 'b')",
    "mkdir('d')",
    "chmod(0777, 'x')",
    "symlink('/etc', 'l')",
    'kill(9, 1)',
    "eval('1')",
    'eval { 1 }',
    "do 'x.pl'",
    "require 'x.pl'",
    'use POSIX',
    'print <STDIN>',
    'while (<>) { print }',
    '$ENV{X} = 1',
    '*STDOUT = *STDERR',
    "&{'system'}('id')",
    'my $f = \\&CORE::system',
    "'system'->('id')",
    "sort system 'id'",
    'fork()',
    "s/x/system('id')/e",
    `print "@{[ system 'id' ]}"`,
    "open(F, '|id')",
    'socket(S, 2, 1, 6)',
  ],
  dangerousExpressions: ["system('id')", '`id`', "unlink('x')", "eval('1')", 'qx(id)'],
  separator: ';\n',
  comment: '# ',
  print: (argument) => `print(${argument})`,
};

const LANGUAGES: readonly Language[] = [PYTHON, JAVASCRIPT, RUBY, PERL];

const readOnly = (code: string, language: CodeLanguage): boolean => readInlineCode(code, language).readOnly;

/** Read-only statements of the language, and a place among them. */
function programs(language: Language): fc.Arbitrary<{ statements: string[]; at: number }> {
  return fc
    .array(fc.constantFrom(...language.readOnly), { maxLength: 6 })
    .chain((statements) => fc.record({ statements: fc.constant(statements), at: fc.nat(statements.length) }));
}

function join(language: Language, statements: readonly string[]): string {
  return statements.join(language.separator);
}

describe.each(LANGUAGES.map((language) => ({ ...language, name: language.language })))(
  'read-only $name code',
  (language) => {
    it.each(language.readOnly)('reads %s as read-only', (statement) => {
      expect(readOnly(statement, language.language)).toBe(true);
    });

    it.each(language.dangerous)('reads %s as unknown', (statement) => {
      expect(readOnly(statement, language.language)).toBe(false);
    });

    it('stays read-only however its statements are put together', () => {
      fc.assert(
        fc.property(programs(language), ({ statements }) => readOnly(join(language, statements), language.language)),
        { seed: SEED },
      );
    });

    it('is never read-only once a dangerous call is added among its statements', () => {
      fc.assert(
        fc.property(programs(language), fc.constantFrom(...language.dangerous), ({ statements, at }, call) => {
          const code = join(language, [...statements.slice(0, at), call, ...statements.slice(at)]);
          return !readOnly(code, language.language);
        }),
        { seed: SEED },
      );
    });

    it('is never read-only once a dangerous call is an argument it prints', () => {
      fc.assert(
        fc.property(
          programs(language),
          fc.constantFrom(...language.dangerousExpressions),
          ({ statements, at }, call) => {
            const code = join(language, [...statements.slice(0, at), language.print(call), ...statements.slice(at)]);
            return !readOnly(code, language.language);
          },
        ),
        { seed: SEED },
      );
    });

    it('stays read-only when the dangerous call is only a comment', () => {
      fc.assert(
        fc.property(programs(language), fc.constantFrom(...language.dangerous), ({ statements, at }, call) => {
          const comment = `${language.comment}${call}`;
          return readOnly(
            join(language, [...statements.slice(0, at), comment, ...statements.slice(at)]),
            language.language,
          );
        }),
        { seed: SEED },
      );
    });
  },
);
