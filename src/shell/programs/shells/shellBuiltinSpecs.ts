import type { CommandSpecs } from '../../catalog/commandSpec';

// The shell's own commands that only print, test or set the shell's state: their words are data.
// eval, source, trap, alias, cd, declare and kin change what the walk knows and are read by it
// (src/shell/builtins.ts); builtin, command and exec are wrappers.
const DATA = { operands: 'data', urlsAreText: true } as const;

/** Builtins (and their program twins) whose words are data: `echo sudo` runs no sudo. */
export const SHELL_BUILTIN_COMMANDS: CommandSpecs = {
  // echo prints an option it does not know; test and [ read every word as part of the expression
  echo: { ...DATA, options: { '-n|-e|-E': 'flag' }, unknownOptions: 'operand' },
  printf: { ...DATA, options: { '-v': 'data' }, unknownOptions: 'operand' },
  true: { ...DATA, unknownOptions: 'operand' },
  false: { ...DATA, unknownOptions: 'operand' },
  test: { ...DATA, unknownOptions: 'operand' },
  '[': { ...DATA, unknownOptions: 'operand' },
  ':': { ...DATA, unknownOptions: 'operand' },
  pwd: { ...DATA, options: { '-L|-P': 'flag' } },
  read: { ...DATA, options: { '-a|-d|-i|-n|-N|-p|-t|-u': 'data', '-e|-r|-s': 'flag' } },
  mapfile: { ...DATA, aliases: ['readarray'], options: { '-d|-n|-O|-s|-u|-C|-c': 'data', '-t': 'flag' } },
  unset: { ...DATA, options: { '-f|-v|-n': 'flag' } },
  shift: DATA,
  set: { ...DATA, plusOptions: true, options: { '-o': 'data' } },
  shopt: { ...DATA, options: { '-o|-p|-q|-s|-u': 'flag' } },
  wait: { ...DATA, options: { '-f|-n': 'flag', '-p': 'data' } },
  exit: DATA,
  return: DATA,
  help: { ...DATA, options: { '-d|-m|-s': 'flag' } },
  type: { ...DATA, options: { '-a|-f|-p|-P|-t': 'flag' } },
  which: { ...DATA, options: { '-a|-s': 'flag' } },
  whereis: { ...DATA, options: { '-b|-m|-s|-u|-l|-g': 'flag', '-B|-M|-S': 'data' } },
  dirs: { ...DATA, options: { '-c|-l|-p|-v': 'flag' }, numericOptions: true },
  jobs: { ...DATA, options: { '-l|-n|-p|-r|-s|-x': 'flag' } },
  fg: DATA,
  bg: DATA,
  disown: { ...DATA, options: { '-a|-h|-r': 'flag' } },
  let: DATA,
  getopts: DATA,
  times: DATA,
  umask: { ...DATA, options: { '-p|-S': 'flag' } },
  ulimit: { ...DATA, options: { '-a|-b|-c|-d|-e|-f|-H|-i|-k|-l|-m|-n|-p|-P|-q|-r|-R|-s|-S|-t|-T|-u|-v|-x': 'flag' } },
  // enable -f loads a builtin from a shared object: code
  enable: { ...DATA, options: { '-a|-d|-n|-p|-s': 'flag', '-f': 'program' } },
  caller: DATA,
  history: { ...DATA, options: { '-c|-a|-n|-r|-w|-p|-s': 'flag', '-d': 'data' } },
  logout: DATA,
  suspend: { ...DATA, options: { '-f': 'flag' } },
  sleep: DATA,
};
