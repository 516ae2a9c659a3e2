import { describe, expect, it } from 'vitest';
import {
  type CategoryCase,
  type CommandsCase,
  EXEC,
  expectCategories,
  expectCommands,
  expectFailClosed,
  expectOperands,
  type FailCase,
  NET,
  ONLY_EXEC,
  type OperandCase,
} from '../support';
import { decideEveryday, everydayWorkspace } from '../../support/everydaySession';

// Build tools, compilers, linters, formatters, test runners and editors (src/shell/programs/
// developerTools/: developerToolSpecs.ts, editorReader.ts): an editor given commands on its
// command line runs them.

describe('editors and pagers given commands on the command line', () => {
  it.each<CommandsCase>([
    {
      name: 'treats vim +LINE as opening a file',
      command: 'vim +42 src/a.ts',
      commands: [['vim', '+42', 'src/a.ts']],
      categories: ONLY_EXEC,
    },
    {
      name: 'passes a substitution and wq without expressions',
      command: "vim -u NONE -c '%s/foo/bar/g' -c wq src/a.ts",
      commands: [['vim', '-u', 'NONE', '-c', '%s/foo/bar/g', '-c', 'wq', 'src/a.ts']],
      categories: ONLY_EXEC,
    },
    {
      name: 'passes a plain search',
      command: "view '+/TODO' a.ts",
      commands: [['view', '+/TODO', 'a.ts']],
      categories: ONLY_EXEC,
    },
    {
      name: 'treats emacs opening a file as no code',
      command: 'emacs -nw a.ts',
      commands: [['emacs', '-nw', 'a.ts']],
      categories: ONLY_EXEC,
    },
    {
      name: 'treats a file name from a variable as a file',
      command: 'vim "$f"',
      commands: [['vim', '"$f"']],
      categories: ONLY_EXEC,
    },
    {
      name: 'passes less +G and a search',
      command: "less +G a.log && less '+/error' b.log",
      commands: [
        ['less', '+G', 'a.log'],
        ['less', '+/error', 'b.log'],
      ],
      categories: ONLY_EXEC,
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    { name: 'fails closed on vim -c with a shell escape', command: "vim -c '!sudo id'", reason: 'Ex command' },
    { name: 'fails closed on a search followed by a filter', command: "vim '+/x/!sudo id' f", reason: 'Ex command' },
    {
      name: 'fails closed on a substitution with an expression',
      command: `vim -c '%s/a/\\=system("id")/g' f`,
      reason: 'Ex command',
    },
    { name: 'fails closed on commands chained with |', command: "vim -c 'wq|!sudo id' f", reason: 'Ex command' },
    { name: 'fails closed on nvim :terminal', command: "nvim --headless -c 'term sudo id'", reason: 'Ex command' },
    { name: 'fails closed on a vimrc that is not analysed', command: 'vim -u evil.vim f', reason: 'startup file' },
    { name: 'fails closed on a sourced session file', command: 'vim -S session.vim', reason: 'not analysed' },
    { name: 'fails closed on Ex mode reading stdin', command: 'vim -es < cmds', reason: 'not analysed' },
    { name: 'fails closed on ex', command: 'ex -s f', reason: 'ex reads' },
    { name: 'fails closed on emacs --eval', command: `emacs --eval '(shell-command "sudo id")'`, reason: 'Lisp' },
    { name: 'fails closed on emacsclient -e', command: "emacsclient -e '(kill-emacs)'", reason: 'Lisp' },
    { name: 'fails closed on an Ex command built at run time', command: 'vim "+$cmd" f', reason: 'built at run time' },
    { name: 'fails closed on a less shell escape', command: "less '+!sudo id' f", reason: 'less' },
    { name: 'fails closed on a less pipe to a command', command: "less -R '+|sudo id' f", reason: 'less' },
  ])('$name', expectFailClosed);
});

// java [OPTIONS] MAIN ARGS, -jar FILE ARGS or -m MODULE ARGS: every word after the program is its
// argument, read as code intentgate does not know is (`python x.py ARGS`), not as java's option.
describe("java's options and the program's arguments", () => {
  it.each<CategoryCase>([
    {
      name: 'reads a Jenkins CLI call as its URL and the jar run',
      command: 'java -jar jenkins-cli.jar -s http://jenkins.local/ list-jobs',
      expected: [NET, EXEC],
    },
    {
      name: "reads the jar's own options after -jar FILE as its arguments",
      command: 'java -jar jenkins-cli.jar -s http://jenkins.local/ get-credentials system::system::foo',
      expected: [NET, EXEC],
    },
    {
      name: "reads a jar's -h as its own, not java's informational -h",
      command: 'java -jar cli.jar -h',
      expected: ONLY_EXEC,
    },
    {
      name: 'reads -Xmx512m, -Dname=value and -XX:+Flag as values attached to their letter',
      command: 'java -Xmx512m -Dfoo=bar -XX:+UseG1GC -jar app.jar --port 8080',
      expected: ONLY_EXEC,
    },
    {
      name: 'reads -verbose:gc and -ea before -jar',
      command: 'java -verbose:gc -ea -jar app.jar',
      expected: ONLY_EXEC,
    },
    { name: 'reads java -version as informational', command: 'java -version', expected: ONLY_EXEC },
    {
      name: 'reads a module run with -m and its arguments',
      command: 'java -m my.mod/my.Main a b',
      expected: ONLY_EXEC,
    },
  ])('$name', expectCategories);

  it.each<OperandCase>([
    {
      name: 'reads the jar and its arguments, an option-like word among them, as possible writes',
      command: 'java -jar cli.jar -s http://h/ list-jobs',
      expected: [
        ['cli.jar', 'read'],
        ['-s', 'overwrite'],
        ['list-jobs', 'overwrite'],
      ],
    },
    {
      name: 'reads the module of --module and its arguments',
      command: 'java -cp lib --module app/app.Main -x out.txt',
      expected: [
        ['app/app.Main', 'read'],
        ['-x', 'overwrite'],
        ['out.txt', 'overwrite'],
      ],
    },
    {
      name: "reads the main class's arguments as possible writes",
      command: 'java -cp build Main out.txt',
      expected: [
        ['Main', 'read'],
        ['out.txt', 'overwrite'],
      ],
    },
  ])('$name', expectOperands);

  it.each<FailCase>([
    {
      name: 'fails closed on -javaagent, code java loads',
      command: 'java -javaagent:agent.jar -jar app.jar',
      reason: '-j',
    },
    { name: 'fails closed on an option java does not have', command: 'java --frob -jar app.jar', reason: '--frob' },
  ])('$name', expectFailClosed);
});

describe('a Jenkins CLI call decided in a session owning the workspace', () => {
  it('is held for the network only, not failed closed on every category', () => {
    const workspace = everydayWorkspace({ repository: true, files: ['jenkins-cli.jar'] });
    const { verdict, code, unapproved } = decideEveryday(
      workspace,
      'java -jar jenkins-cli.jar -s http://jenkins.local/ list-jobs',
    );
    expect({ verdict, code, unapproved }).toEqual({
      verdict: 'ask',
      code: 'needs_approval',
      unapproved: ['NETWORK_RISK'],
    });
  });
});
