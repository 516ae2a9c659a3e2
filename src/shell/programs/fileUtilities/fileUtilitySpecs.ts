import type { CommandSpec, CommandSpecs, RuleSpec } from '../../catalog/commandSpec';

// Programs that create, change, move or delete files: each operand's role, and the options that
// name files. GNU coreutils' option lists, as `--help` prints them.

const HELP = '--help|--version';
const CONTEXT = '-Z|--context';
const TARGET = '-t|--target-directory';
const BACKUP = '--backup';

const COPY: CommandSpec = {
  options: {
    [TARGET]: 'overwrite',
    '-S|--suffix|--no-preserve|--sparse': 'data',
    [`${BACKUP}|--preserve|--reflink|--context|--update`]: 'optional',
    [`-a|--archive|--attributes-only|-b|--copy-contents|-d|-f|--force|-i|--interactive|-H|-l|--link|` +
    `-L|--dereference|-n|--no-clobber|-P|--no-dereference|-p|--parents|-R|-r|--recursive|` +
    `--remove-destination|--strip-trailing-slashes|-s|--symbolic-link|-T|--no-target-directory|-u|` +
    `-v|--verbose|-x|--one-file-system|-Z|--keep-directory-symlink|--debug|${HELP}`]: 'flag',
  },
  operands: { rest: 'read', last: 'overwrite', lastUnless: ['-t', '--target-directory'] },
  // a hard link is a second name for the same file: a later write through it changes the source
  with: { '-l|--link': { operands: { rest: 'write', last: 'overwrite', lastUnless: ['-t', '--target-directory'] } } },
  // these copy links as links or make links; a plain copy of a link copies what it points to
  placesLinks: '-a|--archive|-d|-l|--link|-P|--no-dereference|-R|-r|--recursive|-s|--symbolic-link',
  // a copy into a folder puts its links inside it, never at it
  reader: 'folderTarget',
};

// coreutils split: FILE (stdin without one) then PREFIX, at most two operands
const SPLIT_FILE: CommandSpec = {
  options: {
    '-a|--suffix-length|--additional-suffix|-b|--bytes|-C|--line-bytes|-l|--lines|-n|--number|-t|--separator': 'data',
    '--filter': 'script',
    '--numeric-suffixes|--hex-suffixes': 'optional',
    [`-d|-x|-e|--elide-empty-files|-u|--unbuffered|--verbose|${HELP}`]: 'flag',
  },
  operands: { leading: ['read', 'write'], rest: 'unknown', assumed: ['-', 'x'] },
};

// Split.io's CLI, also named split: deleting a feature flag, segment, environment, traffic type
// or workspace, or killing a flag, changes what every application reading it gets
// (a note the prompt's Russian already words)
const SPLIT_IO_NOTE = 'deletes a configuration entry';
const SPLIT_IO_VERBS: CommandSpec = {
  unknownOptions: 'data',
  subcommands: {
    ...Object.fromEntries(['list', 'get', 'create', 'update'].map((verb) => [verb, { operands: 'data' }])),
    ...Object.fromEntries(
      ['delete', 'kill'].map((verb) => [
        verb,
        {
          operands: 'data',
          rules: [
            {
              category: 'SYSTEM_IMPACT',
              note: SPLIT_IO_NOTE,
              level: 'service',
              examples: [`split splits ${verb} my-split --workspace my-workspace`, 'split segments delete beta-users'],
            },
          ],
        },
      ]),
    ),
  },
};
const SPLIT_IO_RESOURCES: Record<string, CommandSpec> = Object.fromEntries(
  ['splits', 'segments', 'environments', 'workspaces', 'traffic-types', 'attributes', 'api-keys', 'flag-sets'].map(
    (resource) => [resource, SPLIT_IO_VERBS],
  ),
);
// three operands or more are no coreutils split: Split.io's, whose verb is the second
const SPLIT_IO_DESTROYS_UNKNOWN: RuleSpec = {
  category: 'SYSTEM_IMPACT',
  note: SPLIT_IO_NOTE,
  level: 'service',
  when: { check: 'splitIoDestroys' },
  examples: ['split rollouts delete my-rollout'],
  notExamples: ['split big.txt part_', 'split -l 100 big.txt', 'split delete kill'],
};

const OWNERSHIP_FLAGS =
  `-c|--changes|-f|--silent|--quiet|-v|--verbose|--dereference|-h|` +
  `--no-dereference|--no-preserve-root|--preserve-root|-R|--recursive|-H|-L|-P|${HELP}`;

/** Ownership and mode changes: the first operand is the owner or mode, unless --reference gives it. */
function ownership(extra: Record<string, 'data'>): CommandSpec {
  return {
    reader: 'permissions',
    options: { '--reference': 'read', ...extra, [OWNERSHIP_FLAGS]: 'flag' },
    operands: { leading: ['data'], rest: 'write' },
    with: { '--reference': { operands: 'write' } },
  };
}

const DELETE: CommandSpec = { operands: 'delete' };

/** Programs that change the files they name. */
export const FILE_UTILITY_COMMANDS: CommandSpecs = {
  rm: {
    ...DELETE,
    options: {
      '--interactive|--preserve-root': 'optional',
      [`-f|--force|-i|-I|--one-file-system|--no-preserve-root|-r|-R|--recursive|-d|--dir|-v|--verbose|${HELP}`]: 'flag',
    },
  },
  rmdir: { ...DELETE, options: { [`--ignore-fail-on-non-empty|-p|--parents|-v|--verbose|${HELP}`]: 'flag' } },
  unlink: { ...DELETE, options: { [HELP]: 'flag' } },
  shred: {
    ...DELETE,
    options: {
      '-n|--iterations|-s|--size': 'data',
      '--random-source': 'read',
      '--remove': 'optional',
      [`-f|--force|-u|-v|--verbose|-x|--exact|-z|--zero|${HELP}`]: 'flag',
    },
  },
  // truncate keeps the file but loses its content: an overwrite
  truncate: {
    operands: 'overwrite',
    options: { '-s|--size': 'data', '-r|--reference': 'read', [`-c|--no-create|-o|--io-blocks|${HELP}`]: 'flag' },
  },
  mv: {
    options: {
      [TARGET]: 'overwrite',
      '-S|--suffix': 'data',
      [`${BACKUP}|--update|--exchange`]: 'optional',
      [`-b|-f|--force|-i|--interactive|-n|--no-clobber|--no-copy|--strip-trailing-slashes|-T|--no-target-directory|-u|-v|--verbose|${CONTEXT}|--debug|${HELP}`]:
        'flag',
    },
    operands: { rest: 'delete', last: 'overwrite', lastUnless: ['-t', '--target-directory'] },
    // a moved link or a folder holding links lands at the target, or inside it when it is a folder
    placesLinks: true,
    reader: 'folderTarget',
  },
  cp: COPY,
  ln: {
    options: {
      [TARGET]: 'overwrite',
      '-S|--suffix': 'data',
      [BACKUP]: 'optional',
      [`-b|-d|-F|--directory|-f|--force|-i|--interactive|-L|--logical|-n|--no-dereference|-P|` +
      `--physical|-r|--relative|-s|--symbolic|-T|--no-target-directory|-v|--verbose|${HELP}`]: 'flag',
    },
    // a hard link is a second name for the same file: a later write through it changes the
    // target, so the target counts as written; a symbolic link is resolved when it is used
    operands: { rest: 'write', last: 'overwrite', lastUnless: ['-t', '--target-directory'] },
    with: {
      '-s|--symbolic': { operands: { rest: 'read', last: 'overwrite', lastUnless: ['-t', '--target-directory'] } },
    },
    placesLinks: true,
    reader: 'folderTarget',
  },
  install: {
    options: {
      [TARGET]: 'overwrite',
      '-g|--group|-m|--mode|-o|--owner|-S|--suffix': 'data',
      '--strip-program': 'script',
      [`${BACKUP}|--context`]: 'optional',
      [`-b|-c|-C|--compare|-D|-p|--preserve-timestamps|-s|--strip|-T|--no-target-directory|-v|--verbose|--preserve-context|-Z|--debug|${HELP}`]:
        'flag',
    },
    operands: { rest: 'read', last: 'overwrite', lastUnless: ['-t', '--target-directory'] },
    // install -d creates every folder named
    with: { '-d|--directory': { operands: 'write' } },
  },
  tee: {
    operands: 'overwrite',
    options: { '--output-error': 'optional', [`-i|--ignore-interrupts|-p|${HELP}`]: 'flag', '-a|--append': 'flag' },
    with: { '-a|--append': { operands: 'write' } },
  },
  touch: {
    operands: 'write',
    options: {
      '-d|--date|-t|--time': 'data',
      '-r|--reference': 'read',
      [`-a|-c|--no-create|-f|-h|--no-dereference|-m|${HELP}`]: 'flag',
    },
  },
  mkdir: {
    operands: 'write',
    options: { '-m|--mode': 'data', '--context': 'optional', [`-p|--parents|-v|--verbose|-Z|${HELP}`]: 'flag' },
  },
  // a FIFO or device node in a file's place: a write
  mkfifo: { operands: 'write', options: { '-m|--mode': 'data', '--context': 'optional', [`-Z|${HELP}`]: 'flag' } },
  mknod: {
    operands: { leading: ['write'], rest: 'data' },
    options: { '-m|--mode': 'data', '--context': 'optional', [`-Z|${HELP}`]: 'flag' },
  },
  chmod: {
    ...ownership({}),
    // a mode written like an option (`chmod -x f`, `chmod -rwx f`): then every operand is a file
    with: { '--reference|-r|-w|-x|-X|-s|-t': { operands: 'write' } },
    options: { '--reference': 'read', '-r|-w|-x|-X|-s|-t': 'flag', [OWNERSHIP_FLAGS]: 'flag' },
  },
  chown: ownership({ '--from': 'data' }),
  chgrp: ownership({}),
  dd: {
    reader: 'dd',
    rules: [
      {
        category: 'SYSTEM_IMPACT',
        note: 'raw write to a device',
        level: 'disk',
        when: { check: 'ddToDevice' },
        examples: ['dd if=x.img of=/dev/sdb bs=4M'],
        notExamples: ['dd if=/dev/zero of=/dev/null count=1', 'dd if=a of=b'],
      },
    ],
  },
  // sed edits its files in place with -i; its scripts' e and w commands are read by its reader
  sed: {
    reader: 'sed',
    options: {
      '-e|--expression|-l|--line-length': 'data',
      '-f|--file': 'read',
      '-i|--in-place': 'optional',
      [`-n|--quiet|--silent|--debug|--posix|-E|-r|--regexp-extended|-s|--separate|--sandbox|-u|` +
      `--unbuffered|-z|--null-data|--follow-symlinks|-b|--binary|${HELP}`]: 'flag',
    },
    operands: { leading: ['data'], leadingUnless: ['-e', '--expression', '-f', '--file'], rest: 'read' },
    with: {
      '-i|--in-place': {
        operands: { leading: ['data'], leadingUnless: ['-e', '--expression', '-f', '--file'], rest: 'overwrite' },
      },
    },
  },
  // split FILE PREFIX and csplit -f PREFIX write files named from the prefix (x and xx by default, in the folder they run in)
  split: {
    ...SPLIT_FILE,
    // Split.io's CLI has the same name: `split RESOURCE VERB NAME`
    subcommands: SPLIT_IO_RESOURCES,
    otherSubcommand: { ...SPLIT_FILE, rules: [SPLIT_IO_DESTROYS_UNKNOWN] },
  },
  csplit: {
    options: {
      '-f|--prefix': 'write',
      '-b|--suffix-format|-n|--digits': 'data',
      [`-k|--keep-files|--suppress-matched|-s|--quiet|--silent|-z|--elide-empty-files|${HELP}`]: 'flag',
    },
    operands: { leading: ['read'], rest: 'data' },
    reader: 'csplit',
  },
  shuf: {
    options: {
      '-o|--output': 'overwrite',
      '--random-source': 'read',
      '-i|--input-range|-n|--head-count': 'data',
      [`-r|--repeat|-z|--zero-terminated|${HELP}`]: 'flag',
      '-e|--echo': 'flag',
    },
    operands: 'read',
    with: { '-e|--echo': { operands: 'data' } },
  },
  mktemp: {
    operands: 'write',
    options: {
      '-p': 'write',
      '--tmpdir': 'optionalWrite',
      '--suffix': 'data',
      [`-d|--directory|-u|--dry-run|-q|--quiet|-t|${HELP}`]: 'flag',
    },
    with: { '-u|--dry-run': { operands: 'data' } },
  },
  // a hard link: a later write through the new name changes the file
  link: { operands: { leading: ['write', 'overwrite'] }, options: { [HELP]: 'flag' } },
  fallocate: {
    operands: 'overwrite',
    options: {
      '-l|--length|-o|--offset': 'data',
      '-c|--collapse-range|-d|--dig-holes|-i|--insert-range|-n|--keep-size|-p|--punch-hole|-z|--zero-range|-x|--posix|-v|--verbose|-h|--help|-V|--version':
        'flag',
    },
  },
  sync: { operands: 'read', options: { [`-d|--data|-f|--file-system|${HELP}`]: 'flag' } },
  // patch changes the files its patch names, which the line does not show: with no file given, anything below here
  patch: {
    options: {
      '-i|--input': 'read',
      '-o|--output|-r|--reject-file': 'overwrite',
      '-d|--directory': 'write',
      '-p|--strip|-F|--fuzz|-D|--ifdef|-z|--suffix|-V|--version-control|-B|--prefix|-Y|--basename-prefix|-g|--get|--quoting-style|--reject-format|--read-only':
        'data',
      '-b|--backup|-c|--context|-e|--ed|-E|--remove-empty-files|-f|--force|-l|--ignore-whitespace|-n': 'flag',
      '--normal|-N|--forward|-R|--reverse|-s|--silent|--quiet|-t|--batch|-T|--set-time|-u|--unified|-v': 'flag',
      '--version|--verbose|--dry-run|--posix|--binary|--follow-symlinks|--merge|-Z|--set-utc|--help': 'flag',
    },
    operands: { leading: ['overwrite', 'read'], assumed: ['.'], rest: 'overwrite' },
    with: { '--dry-run': { operands: { leading: ['read', 'read'] } } },
  },
};
