import { describe, it } from 'vitest';
import { describeHiddenCode, type HiddenCase } from '../hiddenCodeSupport';
import { type CommandsCase, EXEC, expectCommands, expectFailClosed, type FailCase, GIT, NET, SUDO } from '../support';

// sqlite3: the files of commands it reads (-init, stdin, .read; sqliteRunFiles.ts) and its dot
// commands (sqliteCommands.ts) that run a shell, load code or write files.

const SQLITE_TECHNIQUES: readonly HiddenCase[] = [
  {
    name: '.shell in an argument',
    command: "sqlite3 src/x.db '.shell touch marker'",
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.system in an argument',
    command: "sqlite3 src/x.db '.system touch marker'",
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.shell on stdin',
    command: "echo '.shell touch marker' | sqlite3 src/x.db",
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.shell in a heredoc',
    command: 'sqlite3 src/x.db <<EOF\n.shell touch marker\nEOF',
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.shell in -cmd',
    command: "sqlite3 -cmd '.shell touch marker' src/x.db .quit",
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.shell in an -init file',
    command: 'sqlite3 -init src/init.sql src/x.db .quit',
    files: { 'src/init.sql': '.shell touch marker\n' },
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.shell in a file on stdin',
    command: 'sqlite3 src/x.db < src/cmds.sql',
    files: { 'src/cmds.sql': '.shell touch marker\n' },
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.output writing a file',
    command: "sqlite3 src/x.db '.output marker' 'select 1;'",
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.once writing a file',
    command: "sqlite3 src/x.db '.once marker' 'select 1;'",
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.output into a pipe',
    command: "sqlite3 src/x.db '.output |touch marker' 'select 1;'",
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.read of a pipe',
    command: `sqlite3 src/x.db ".read '|touch marker'"`,
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.import from a pipe',
    command: `sqlite3 src/x.db ".import '|touch marker' t"`,
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  {
    name: '.shell abbreviated',
    command: "sqlite3 src/x.db '.sh touch marker'",
    expected: 'readsPayload',
    program: 'sqlite3',
  },
  { name: '.load', command: "sqlite3 src/x.db '.load src/x.so'", expected: 'failsClosed' },
  {
    name: 'load_extension()',
    command: `sqlite3 src/x.db "select load_extension('src/x.so');"`,
    expected: 'failsClosed',
  },
  { name: 'commands built at run time', command: 'sqlite3 src/x.db "$SQL"', expected: 'failsClosed' },
  {
    name: 'an -init file that does not exist',
    command: 'sqlite3 -init src/none.sql src/x.db .quit',
    expected: 'failsClosed',
  },
];

describeHiddenCode([['sqlite3 dot commands', SQLITE_TECHNIQUES]]);

// sqlite3's options and operands are data (sqliteSpecs.ts), read by the catalog anywhere on the line.
describe('sqlite3 read with the option table of its spec', () => {
  it.each<CommandsCase>([
    {
      name: 'skips the second value of -lookaside, so the database and the commands stay in place',
      command: "sqlite3 -lookaside 100 500 app.db '.shell sudo id'",
      commands: [['sqlite3', '-lookaside', '100', '500', 'app.db', '.shell sudo id'], ['sudo', 'id'], ['id']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'reads an option after the database',
      command: "sqlite3 app.db -json '.shell git push'",
      commands: [
        ['sqlite3', 'app.db', '-json', '.shell git push'],
        ['git', 'push'],
      ],
      categories: [GIT, NET, EXEC],
    },
  ])('$name', expectCommands);

  it.each<FailCase>([
    { name: 'fails closed on -A in a cluster', command: 'sqlite3 -Acf app.db x', reason: 'sqlite3 -A' },
  ])('$name', expectFailClosed);
});
