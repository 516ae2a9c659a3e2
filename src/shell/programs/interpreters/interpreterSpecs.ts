import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';

// Interpreters run inline code (`code` options), a program file (the first operand, run with the
// later words as its arguments), or a program read from stdin. Their reader lists the program as
// not analysed, reads inline code for URLs and shell command lines, and reads stdin as code.

const INFORMATIONAL = { operands: 'data' } as const;
const ARGUMENTS = { operands: 'unknown' } as const;

const NODE: CommandSpec = {
  reader: 'interpreter',
  options: {
    '-e|--eval|-p|--print': 'code',
    '-r|--require|--import|--loader|--experimental-loader': 'program',
    '-C|--conditions|--input-type|--title|--max-old-space-size|--stack-size|--inspect-port|--test-reporter': 'data',
    '--test-reporter-destination|--test-name-pattern|--watch-path': 'data',
    '--env-file|--env-file-if-exists': 'read',
    '-c|--check|-i|--interactive|--test|--watch|--no-warnings|--enable-source-maps': 'flag',
    '--experimental-vm-modules|--experimental-strip-types|--no-deprecation|--trace-warnings|--inspect': 'flag',
    '--inspect-brk|--preserve-symlinks|--expose-gc|--harmony': 'flag',
  },
  operands: { rest: 'program' },
  with: { '-v|--version|-h|--help': INFORMATIONAL, '-e|--eval|-p|--print': ARGUMENTS },
};

const PERL: CommandSpec = {
  reader: 'interpreter',
  options: {
    '-e|-E': 'code',
    '-I|-M|-m|-x|-C|-d|-D': 'data',
    '-i': 'optional',
    '-0|-l': 'optional',
    '-a|-c|-f|-n|-p|-s|-S|-t|-T|-u|-U|-w|-W|-X': 'flag',
    '-F': 'optional',
  },
  operands: { rest: 'program' },
  // -i edits the files in place; -n and -p read them line by line; plain -e code gets them as arguments
  with: {
    '-v|--version|-h': INFORMATIONAL,
    '-i': { operands: 'overwrite' },
    '-n|-p': { operands: 'read' },
    '-e|-E': ARGUMENTS,
  },
};

/** Interpreters: inline code, a program file with its arguments, or a program from stdin. */
export const INTERPRETER_COMMANDS: CommandSpecs = {
  python: {
    aliases: ['py', 'pypy'],
    versioned: true,
    reader: 'interpreter',
    // python reads no option after -c CODE or -m MODULE: the later words are the code's arguments
    optionsEnd: ['-c', '-m'],
    options: {
      '-c': 'code',
      '-m|-W|-X|--check-hash-based-pycs': 'data',
      '-b|-bb|-B|-d|-E|-i|-I|-O|-OO|-P|-q|-s|-S|-u|-v|-x|-3': 'flag',
    },
    operands: { rest: 'program' },
    with: {
      '-V|--version|-h|--help|--help-env|--help-xoptions|--help-all': INFORMATIONAL,
      '-m': { operands: { rest: 'command' } },
      '-c': ARGUMENTS,
    },
    rules: [
      {
        category: 'GIT_PUBLISH',
        note: 'package publish',
        purpose: 'upload',
        when: { check: 'setupPyUpload' },
        examples: ['python setup.py sdist upload', 'python3 setup.py bdist_wheel upload -r pypi'],
        notExamples: ['python setup.py build'],
      },
    ],
  },
  node: {
    ...NODE,
    aliases: ['nodejs'],
    // modules loaded before the program, or resolved by other conditions: a grant for `node x.js` does not cover them
    runChangingOptions: [
      '-r',
      '-C',
      '--conditions',
      '--experimental-policy',
      '--openssl-config',
      '--snapshot-blob',
      '--experimental-config-file',
    ],
  },
  perl: PERL,
  ruby: {
    reader: 'interpreter',
    options: {
      '-e': 'code',
      '-I|-r|-C|-E|-F|-K|-T|-W|-x': 'data',
      '-i': 'optional',
      '-0': 'optional',
      '-a|-c|-d|-l|-n|-p|-s|-S|-U|-v|-w|-y|--verbose|--disable-gems|--jit|--yjit': 'flag',
    },
    operands: { rest: 'program' },
    with: {
      '--version|-h|--help': INFORMATIONAL,
      '-i': { operands: 'overwrite' },
      '-n|-p': { operands: 'read' },
      '-e': ARGUMENTS,
    },
  },
  php: {
    reader: 'interpreter',
    options: {
      '-r': 'code',
      '-f': 'program',
      '-d|-c|-z|-t|-S|-B|-R|-F|-E': 'data',
      '-a|-C|-e|-H|-l|-n|-q|-s|-w': 'flag',
    },
    operands: { rest: 'program' },
    with: { '-v|--version|-h|-i|-m': INFORMATIONAL, '-r|-f': ARGUMENTS },
  },
  lua: {
    reader: 'interpreter',
    aliases: ['luajit'],
    options: { '-e': 'code', '-l': 'data', '-i|-v|-E|-W': 'flag' },
    operands: { rest: 'program' },
    with: { '-v': INFORMATIONAL, '-e': ARGUMENTS },
  },
  Rscript: {
    reader: 'interpreter',
    options: {
      '-e': 'code',
      '--default-packages': 'data',
      '--verbose|--vanilla|--no-environ|--no-site-file|--no-init-file|--restore|--no-restore|--save|--no-save': 'flag',
    },
    operands: { rest: 'program' },
    with: { '--version|--help': INFORMATIONAL, '-e': ARGUMENTS },
  },
  osascript: {
    reader: 'interpreter',
    options: { '-e': 'code', '-l|-s': 'data', '-i': 'flag' },
    operands: { rest: 'program' },
    with: { '-e': ARGUMENTS },
  },
  // awk's program is its first operand (inline code) unless -f names a program file; then its operands are files read
  awk: {
    aliases: ['gawk', 'mawk', 'nawk'],
    options: {
      '-F|--field-separator|-v|--assign|-W': 'data',
      '-f|--file|-E|--exec': 'program',
      '-e|--source': 'code',
      // gawk loads awk code (-i, searched in AWKPATH, '.' first) or an extension (-l) before the program
      '-i|--include|-l|--load': 'program',
      // gawk writes these files: -d variables, -o the pretty-printed program, -p a profile
      '-d|--dump-variables|-o|--pretty-print|-p|--profile': 'optionalWrite',
      '-D|--debug|-L|--lint': 'optional',
      '-b|--characters-as-bytes|-c|--traditional|-C|--copyright|-g|--gen-pot|-h|--help|-I|--trace|-k|--csv': 'flag',
      '-M|--bignum|-N|--use-lc-numeric|-n|--non-decimal-data|-O|--optimize|-P|--posix|-r|--re-interval|-s': 'flag',
      '--no-optimize|-S|--sandbox|-t|--lint-old|-V|--version': 'flag',
    },
    operands: {
      leading: ['code'],
      leadingUnless: ['-f', '--file', '-E', '--exec', '-e', '--source'],
      rest: 'read',
      assignments: true,
    },
    with: {
      '--version|-V': INFORMATIONAL,
      // `gawk -i inplace` rewrites each file operand: with any -i library the operands may be rewritten
      '-i|--include': {
        operands: {
          leading: ['code'],
          leadingUnless: ['-f', '--file', '-E', '--exec', '-e', '--source'],
          rest: 'overwrite',
          assignments: true,
        },
      },
    },
  },
};
