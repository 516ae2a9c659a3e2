import type { CommandSpec, CommandSpecs, OptionKind } from '../../catalog/commandSpec';

// Shells run `-c SCRIPT`, a script file, or what they read from stdin. Their options end at the
// first operand, which is the script file run with the later words as its arguments; under -c it
// is the script itself, under -s they are arguments and the script comes from stdin. What the
// script does is the shell reader's to read (shellReader.ts): a file's code is read by the caller,
// stdin's code here.

/** The letters every POSIX shell takes as flags, `-x` and `+x` alike; -c and -s are read apart. */
const POSIX_LETTERS = '-a|-b|-C|-e|-f|-h|-i|-l|-m|-n|-p|-u|-v|-x|-E|-I|-V|-q';

/** `-o NAME` and `+o NAME` set a shell option by name. */
const NAMED_OPTIONS: Record<string, OptionKind> = { '-o|+o': 'data' };

/** -c makes the first operand the script and the rest its arguments; -s reads the script from stdin. */
function shell(options: Record<string, OptionKind>, informational: string): CommandSpec {
  return {
    options: { ...options, '-c|-s': 'flag' },
    plusOptions: true,
    operands: { rest: 'program' },
    with: {
      [informational]: { operands: 'data' },
      '-c': { operands: { leading: ['script'], rest: 'data' } },
      '-s': { operands: 'data' },
    },
    reader: 'shell',
  };
}

const BASH = shell(
  {
    [`${POSIX_LETTERS}|-k|-r|-t|-B|-D|-H|-P|-T`]: 'flag',
    ...NAMED_OPTIONS,
    '-O|+O': 'data',
    '--debug|--debugger|--dump-po-strings|--dump-strings|--login|--noediting|--noprofile|--norc|--posix': 'flag',
    '--pretty-print|--protected|--restricted|--verbose|--wordexp': 'flag',
    '--help|--version': 'flag',
    // an interactive shell's start-up file: shell code it runs first
    '--rcfile|--init-file': 'program',
  },
  '--help|--version',
);

const POSIX_SHELL = shell({ [`${POSIX_LETTERS}|-k|-t`]: 'flag', ...NAMED_OPTIONS }, '--help|--version');

const KSH = shell(
  {
    [`${POSIX_LETTERS}|-k|-r|-t|-B|-D|-G|-H|-M|-R|-T|-U|-X`]: 'flag',
    ...NAMED_OPTIONS,
    '--help|--version|--man': 'flag',
  },
  '--help|--version|--man',
);

const YASH = shell(
  {
    [`${POSIX_LETTERS}|-k|-t`]: 'flag',
    ...NAMED_OPTIONS,
    '--posix|--noprofile|--norcfile|--interactive|--login|--cmdline|--stdin': 'flag',
    '--help|--version': 'flag',
    '--profile|--rcfile': 'program',
  },
  '--help|--version',
);

// zsh takes nearly every letter and digit as an option, and any option's name as a long one
const ZSH = shell(
  {
    '-0|-1|-2|-3|-4|-5|-6|-7|-8|-9|-a|-b|-d|-e|-f|-g|-h|-i|-k|-l|-m|-n|-p|-r|-t|-u|-v|-w|-x|-y|-B|-C|-D|-E': 'flag',
    '-F|-G|-H|-I|-J|-K|-L|-M|-N|-O|-P|-Q|-R|-S|-T|-U|-V|-W|-X|-Y|-Z': 'flag',
    ...NAMED_OPTIONS,
    '--emulate': 'data',
    '--login|--interactive|--no-rcs|--norcs|--no-globalrcs|--noglobalrcs|--privileged|--restricted': 'flag',
    '--shinstdin|--single-command|--verbose|--xtrace|--errexit|--no-exec|--noexec': 'flag',
    '--help|--version': 'flag',
  },
  '--help|--version',
);

// csh and tcsh: -c as the other shells, `-Dname=value` (tcsh) sets a variable
const CSH = shell(
  { '-b|-d|-e|-f|-F|-i|-l|-m|-n|-q|-t|-v|-V|-x|-X': 'flag', '-D': 'optional', '--help|--version': 'flag' },
  '--help|--version',
);

// fish takes the script as the value of -c (and of -C, run before it); its other words are arguments
const FISH: CommandSpec = {
  options: {
    '-c|--command|-C|--init-command': 'script',
    '-d|--debug|-D|--debug-stack-frames|-f|--features': 'data',
    '-o|--debug-output|-p|--profile|--profile-startup': 'write',
    '-i|--interactive|-l|--login|-N|--no-config|-n|--no-execute|-P|--private|--print-rusage-self|--print-debug-categories':
      'flag',
    '-h|--help|-v|--version': 'flag',
  },
  operands: { rest: 'program' },
  with: {
    '-h|--help|-v|--version': { operands: 'data' },
    '-c|--command': { operands: 'data' },
  },
  reader: 'shell',
};

/** Shells whose `-c` script, script file or stdin is shell code. */
export const SHELL_COMMANDS: CommandSpecs = {
  bash: { ...BASH, aliases: ['rbash'] },
  // sh is bash on many systems: bash's options
  sh: BASH,
  zsh: ZSH,
  dash: POSIX_SHELL,
  ksh: { ...KSH, aliases: ['ksh93', 'mksh', 'pdksh', 'oksh'] },
  ash: POSIX_SHELL,
  yash: YASH,
  posh: POSIX_SHELL,
  fish: FISH,
  csh: { ...CSH, aliases: ['tcsh'] },
};
