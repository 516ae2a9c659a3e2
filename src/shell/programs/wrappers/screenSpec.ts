import type { CommandSpec } from '../../catalog/commandSpec';

const NOTHING_RUNS = { operands: 'data' } as const;

/**
 * `screen [OPTIONS] [CMD [ARGS]]` runs CMD in a new window (a shell when none is given). With a
 * listing option nothing runs; with -X or -Q the operands are a command sent to a running session
 * (the reader lets only harmless ones through); with -r, -x or -d, unless -m starts a new session,
 * the operand names a session to attach or detach. The reader (screen.ts) reads the rest: the
 * config file of -c, and the shell -s names.
 */
export const SCREEN: CommandSpec = {
  options: {
    // a config file of screen commands
    '-c': 'program',
    // the program a new window runs, when no command is given
    '-s': 'program',
    '-e|-h|-p|-S|-t|-T': 'data',
    '-Logfile': 'write',
    '-ls|-list|-wipe|-v|-version|--version|-help|--help': 'flag',
    '-a|-A|-d|-D|-f|-fn|-fa|-i|-l|-ln|-L|-m|-O|-q|-Q|-r|-R|-U|-x|-X': 'flag',
  },
  operands: { rest: 'command' },
  with: {
    '-ls|-list|-wipe|-v|-version|--version|-help|--help': NOTHING_RUNS,
    '-X|-Q': NOTHING_RUNS,
    '-m': { operands: { rest: 'command' } },
    '-r|-R|-x|-d|-D': NOTHING_RUNS,
  },
  reader: 'screen',
};
