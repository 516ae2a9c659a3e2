import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../src/cli/commandContext';
import { SUBCOMMANDS, subcommandsFor } from '../../src/cli/subcommands';

const context: CommandContext = {
  io: {
    stdin: process.stdin,
    stdout: { write: () => true },
    stderr: { write: () => true },
    env: {},
    cwd: process.cwd(),
  },
  argv: [],
  exit: () => undefined,
};

interface ForCase {
  readonly name: string;
  readonly argv: readonly string[];
  readonly loaded: readonly string[];
}

// the first load compiles most of the sources
const LOAD_TIMEOUT_MS = 120_000;

const ALL = SUBCOMMANDS.map((subcommand) => subcommand.name);

const FOR_CASES: readonly ForCase[] = [
  {
    name: 'the subcommand the first argument names, alone',
    argv: ['decide', '--tool', 'read_file'],
    loaded: ['decide'],
  },
  {
    name: 'a subcommand with a dash in its name',
    argv: ['mcp-proxy', '--', 'node', 'server.js'],
    loaded: ['mcp-proxy'],
  },
  { name: 'a subcommand named after another argument', argv: ['hook', 'serve'], loaded: ['hook'] },
  { name: 'every subcommand for no arguments', argv: [], loaded: ALL },
  { name: 'every subcommand for --help', argv: ['--help'], loaded: ALL },
  { name: 'every subcommand for help NAME', argv: ['help', 'decide'], loaded: ALL },
  { name: 'every subcommand for --version', argv: ['--version'], loaded: ALL },
  { name: 'every subcommand for an unknown command, for its suggestions', argv: ['decid'], loaded: ALL },
  { name: 'every subcommand for a name written in another case', argv: ['Decide'], loaded: ALL },
];

describe('subcommandsFor', () => {
  it.each(FOR_CASES)('loads $name', ({ argv, loaded }) => {
    expect(subcommandsFor(argv).map((subcommand) => subcommand.name)).toEqual(loaded);
  });
});

describe('SUBCOMMANDS', () => {
  it.each(SUBCOMMANDS.map((subcommand) => ({ name: subcommand.name, subcommand })))(
    '$name registers the one command of its name',
    async ({ name, subcommand }) => {
      const program = new Command('intentgate');
      (await subcommand.load())(program, context);
      expect(program.commands.map((command) => command.name())).toEqual([name]);
    },
    LOAD_TIMEOUT_MS,
  );

  it('names each subcommand once', () => {
    expect(new Set(ALL).size).toBe(ALL.length);
  });
});
