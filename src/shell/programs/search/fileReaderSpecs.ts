import type { CommandSpec, CommandSpecs, OptionKind } from '../../catalog/commandSpec';

// Programs that read the files they name and print: their operands are reads, their options
// counts, formats and patterns. GNU's option lists as `--help` prints them; an option not listed
// here makes the operands possible writes, so the lists are complete for everyday use.

const HELP = '--help|--version';

/** A reader: options by kind, every operand read. */
function reader(options: Record<string, OptionKind>, extra: Partial<CommandSpec> = {}): CommandSpec {
  return { options, operands: 'read', urlsAreText: true, ...extra };
}

const CHECKSUM = reader({
  [`-b|--binary|-c|--check|--tag|-t|--text|-z|--zero|--ignore-missing|--quiet|--status|--strict|-w|--warn|${HELP}`]:
    'flag',
});

const LS = reader({
  '--block-size|--format|--hide|--indicator-style|-I|--ignore|--quoting-style|--sort|--time|--time-style|-T|--tabsize|-w|--width':
    'data',
  '--color|--colour|-F|--classify|--hyperlink': 'optional',
  [`-a|--all|-A|--almost-all|--author|-b|--escape|-B|--ignore-backups|-c|-C|-d|--directory|-D|--dired|` +
  `-f|--file-type|--full-time|-g|--group-directories-first|-G|--no-group|-h|--human-readable|--si|` +
  `-H|--dereference-command-line|--dereference-command-line-symlink-to-dir|-i|--inode|-k|` +
  `--kibibytes|-l|-L|--dereference|-m|-n|--numeric-uid-gid|-N|--literal|-o|-p|-q|` +
  `--hide-control-chars|--show-control-chars|-Q|--quote-name|-r|--reverse|-R|--recursive|-s|--size|-S|-t|-u|-U|-v|-x|-X|-Z|--context|--zero|-1|${HELP}`]:
    'flag',
});

const DIFF: Record<string, OptionKind> = {
  '-C|--context|-U|--unified|-I|--ignore-matching-lines|-x|--exclude|-S|--starting-file|-L|--label|-F': 'data',
  '--show-function-line|-D|--ifdef|--horizon-lines|--tabsize|-W|--width|--line-format|--old-line-format': 'data',
  '--new-line-format|--unchanged-line-format|--old-group-format|--new-group-format|--changed-group-format': 'data',
  '--unchanged-group-format|--palette|--color': 'data',
  '-X|--exclude-from|--from-file|--to-file': 'read',
  [`-q|--brief|-s|--report-identical-files|-c|-u|-e|--ed|-n|--rcs|-y|--side-by-side|-l|--paginate|-t|` +
  `--expand-tabs|-T|--initial-tab|--suppress-common-lines|-p|--show-c-function|-r|--recursive|-N|` +
  `--new-file|--unidirectional-new-file|--ignore-file-name-case|--no-ignore-file-name-case|-i|` +
  `--ignore-case|-E|--ignore-tab-expansion|-Z|--ignore-trailing-space|-b|--ignore-space-change|-w|` +
  `--ignore-all-space|-B|--ignore-blank-lines|--strip-trailing-cr|-a|--text|-d|--minimal|` +
  `--speed-large-files|--left-column|--suppress-blank-empty|--normal|--no-dereference|-v|${HELP}`]: 'flag',
};

const LESS = reader(
  {
    '-b|--buffers|-h|--max-back-scroll|-j|--jump-target|-p|--pattern|-P|--prompt|-t|--tag|-x|--tabs|-y': 'data',
    '--max-forw-scroll|-z|--window|-#|--shift|--header|--line-num-width|--status-col-width|--rscroll': 'data',
    '-o|--log-file|-O|--LOG-FILE': 'overwrite',
    '-k|--lesskey-file|--lesskey-src|-T|--tag-file': 'read',
    '-a|--search-skip-screen|-A|-B|--auto-buffers|-c|--clear-screen|-C|-d|--dumb|-e|--quit-at-eof|-E': 'flag',
    '--QUIT-AT-EOF|-f|--force|-F|--quit-if-one-screen|-g|--hilite-search|-G|--HILITE-SEARCH|-i': 'flag',
    '--ignore-case|-I|--IGNORE-CASE|-J|--status-column|-K|--quit-on-intr|-L|--no-lessopen|-m|--long-prompt': 'flag',
    '-M|--LONG-PROMPT|-n|--line-numbers|-N|--LINE-NUMBERS|-q|--quiet|--silent|-Q|--QUIET|-r': 'flag',
    '--raw-control-chars|-R|--RAW-CONTROL-CHARS|-s|--squeeze-blank-lines|-S|--chop-long-lines|-u': 'flag',
    '--underline-special|-U|-V|--version|-w|--hilite-unread|-W|-X|--no-init|--mouse|--no-keypad': 'flag',
    '--use-color|--help': 'flag',
  },
  // less `+CMD` may hand text to a shell: its reader checks
  { reader: 'editor', plusOptions: true, aliases: ['more'] },
);

const JQ = {
  urlsAreText: true,
  options: {
    '--arg|--argjson|--indent|--seq|--tab|--stream|--stream-errors': 'data',
    '--slurpfile|--rawfile': 'data',
    '-f|--from-file': 'read',
    '-L|--library-path': 'read',
    '-n|--null-input|-R|--raw-input|-s|--slurp|-c|--compact-output|-r|--raw-output|-j|--join-output|-a': 'flag',
    '--ascii-output|-S|--sort-keys|-C|--color-output|-M|--monochrome-output|-e|--exit-status|--raw-output0': 'flag',
    '--unbuffered|--args|--jsonargs|-h|--help|-V|--version|--build-configuration': 'flag',
  },
  operands: { leading: ['data'], leadingUnless: ['-f', '--from-file'], rest: 'read' },
} satisfies CommandSpec;

// mikefarah yq and the jq wrapper yq both edit their files in place with -i
const YQ_NODE: CommandSpec = {
  urlsAreText: true,
  options: {
    '--arg|--argjson|--indent|-I|-p|--input-format|-o|--output-format|--expression|--front-matter|--xml-attribute-prefix|--xml-content-name':
      'data',
    '-f|--from-file': 'read',
    '-C|--colors|-M|--no-colors|-e|--exit-status|-n|--null-input|-N|--no-doc|-P|--prettyPrint|-r': 'flag',
    '--unwrapScalar|-s|--split-exp|-v|--verbose|-y|--yaml-output|-Y|--yaml-roundtrip|-c|--compact-output': 'flag',
    '-S|--sort-keys|--header-preprocess|-h|--help|-V|--version|--raw-output|-j|--tojson': 'flag',
  },
  operands: { leading: ['data'], leadingUnless: ['-f', '--from-file', '--expression'], rest: 'read' },
  with: {
    '-i|--inplace|--in-place': {
      operands: { leading: ['data'], leadingUnless: ['-f', '--from-file', '--expression'], rest: 'overwrite' },
    },
  },
};

/** Programs that only read the files they name. */
export const FILE_READER_COMMANDS: CommandSpecs = {
  cat: reader({
    [`-A|--show-all|-b|--number-nonblank|-e|-E|--show-ends|-n|--number|-s|--squeeze-blank|-t|-T|--show-tabs|-u|-v|--show-nonprinting|${HELP}`]:
      'flag',
  }),
  tac: reader({ '-s|--separator': 'data', [`-b|--before|-r|--regex|${HELP}`]: 'flag' }),
  nl: reader({
    '-b|--body-numbering|-d|--section-delimiter|-f|--footer-numbering|-h|--header-numbering|-i': 'data',
    '--line-increment|-l|--join-blank-lines|-n|--number-format|-s|--number-separator|-v': 'data',
    '--starting-line-number|-w|--number-width': 'data',
    [`-p|--no-renumber|${HELP}`]: 'flag',
  }),
  head: reader(
    { '-c|--bytes|-n|--lines': 'data', [`-q|--quiet|--silent|-v|--verbose|-z|--zero-terminated|${HELP}`]: 'flag' },
    { numericOptions: true },
  ),
  tail: reader(
    {
      '-c|--bytes|-n|--lines|--max-unchanged-stats|--pid|-s|--sleep-interval': 'data',
      '-f|--follow': 'optional',
      [`-F|-q|--quiet|--silent|--retry|-v|--verbose|-z|--zero-terminated|${HELP}`]: 'flag',
    },
    { numericOptions: true, plusOptions: true },
  ),
  wc: reader({
    '--files0-from': 'read',
    '--total': 'data',
    [`-c|--bytes|-m|--chars|-l|--lines|-L|--max-line-length|-w|--words|${HELP}`]: 'flag',
  }),
  cut: reader({
    '-b|--bytes|-c|--characters|-d|--delimiter|-f|--fields|--output-delimiter': 'data',
    [`-n|--complement|-s|--only-delimited|-z|--zero-terminated|${HELP}`]: 'flag',
  }),
  paste: reader({ '-d|--delimiters': 'data', [`-s|--serial|-z|--zero-terminated|${HELP}`]: 'flag' }),
  column: reader({
    '-n|--table-name|-O|--table-order|-N|--table-columns|-l|--table-columns-limit|-E|--table-noextreme|-H': 'data',
    '--table-hide|-R|--table-right|-T|--table-truncate|-W|--table-wrap|-r|--tree|-i|--tree-id|-p': 'data',
    '--tree-parent|-c|--output-width|-o|--output-separator|-s|--separator': 'data',
    '-t|--table|-d|--table-noheadings|-e|--table-header-repeat|-L|--keep-empty-lines|-J|--json|-x|--fillrows|-h|--help|-V|--version':
      'flag',
  }),
  fold: reader({ '-w|--width': 'data', [`-b|--bytes|-s|--spaces|${HELP}`]: 'flag' }, { numericOptions: true }),
  expand: reader({ '-t|--tabs': 'data', [`-i|--initial|${HELP}`]: 'flag' }, { numericOptions: true }),
  unexpand: reader({ '-t|--tabs': 'data', [`-a|--all|--first-only|${HELP}`]: 'flag' }, { numericOptions: true }),
  tr: {
    urlsAreText: true,
    options: { [`-c|-C|--complement|-d|--delete|-s|--squeeze-repeats|-t|--truncate-set1|${HELP}`]: 'flag' },
    operands: 'data',
  },
  // uniq [INPUT [OUTPUT]]: a second operand is written
  uniq: {
    urlsAreText: true,
    options: {
      '-f|--skip-fields|-s|--skip-chars|-w|--check-chars': 'data',
      '--all-repeated|--group': 'optional',
      [`-c|--count|-d|--repeated|-D|-i|--ignore-case|-u|--unique|-z|--zero-terminated|${HELP}`]: 'flag',
    },
    operands: { leading: ['read', 'overwrite'], rest: 'unknown' },
  },
  comm: reader({
    '--output-delimiter': 'data',
    [`-1|-2|-3|--check-order|--nocheck-order|--total|-z|--zero-terminated|${HELP}`]: 'flag',
  }),
  join: reader({
    '-a|-e|-j|-o|-t|-v|-1|-2': 'data',
    [`-i|--ignore-case|--check-order|--nocheck-order|--header|-z|--zero-terminated|${HELP}`]: 'flag',
  }),
  sort: reader({
    '-k|--key|-t|--field-separator|-S|--buffer-size|--parallel|--batch-size|--sort': 'data',
    '-o|--output': 'overwrite',
    '-T|--temporary-directory': 'write',
    '--random-source|--files0-from': 'read',
    '--compress-program': 'script',
    '--check': 'optional',
    [`-b|--ignore-leading-blanks|-d|--dictionary-order|-f|--ignore-case|-g|--general-numeric-sort|-i|` +
    `--ignore-nonprinting|-M|--month-sort|-h|--human-numeric-sort|-n|--numeric-sort|-R|` +
    `--random-sort|-r|--reverse|-V|--version-sort|-c|-C|--debug|-m|--merge|-s|--stable|-u|--unique|-z|--zero-terminated|${HELP}`]:
      'flag',
  }),
  od: reader({
    '-A|--address-radix|--endian|-j|--skip-bytes|-N|--read-bytes|-t|--format': 'data',
    '-S|--strings|-w|--width': 'optional',
    [`-v|--output-duplicates|--traditional|-a|-b|-c|-d|-f|-i|-l|-o|-s|-x|${HELP}`]: 'flag',
  }),
  hexdump: reader({ '-e|-n|-s': 'data', '-f': 'read', '-b|-c|-C|-d|-o|-v|-x|-h|--help|-V|--version': 'flag' }),
  // xxd [options] [infile [outfile]]: a second operand is written
  xxd: {
    urlsAreText: true,
    options: {
      '-c|-cols|-g|-groupsize|-l|-len|-o|-offset|-s|-seek|-n|-name': 'data',
      '-a|-autoskip|-b|-bits|-C|-capitalize|-E|-EBCDIC|-e|-h|-help|-i|-include|-p|-ps|-postscript|-plain|-r|-revert|-d|-u|-v|-version|-R':
        'flag',
    },
    operands: { leading: ['read', 'overwrite'], rest: 'unknown' },
  },
  strings: reader(
    {
      '-n|--bytes|-t|--radix|-e|--encoding|-T|--target|-s|--output-separator': 'data',
      '-a|--all|-d|--data|-f|--print-file-name|-w|--include-all-whitespace|-U|--unicode|-h|--help|-v|-V|--version':
        'flag',
    },
    { numericOptions: true },
  ),
  base64: reader(
    { '-w|--wrap': 'data', [`-d|--decode|-i|--ignore-garbage|${HELP}`]: 'flag' },
    { aliases: ['base32', 'basenc'] },
  ),
  md5sum: { ...CHECKSUM, aliases: ['sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'shasum'] },
  cksum: reader(
    {
      '-a|--algorithm|-l|--length': 'data',
      [`-c|--check|--tag|--untagged|-z|--zero|--ignore-missing|--quiet|--status|--strict|-w|--warn|--debug|${HELP}`]:
        'flag',
    },
    { aliases: ['sum'] },
  ),
  stat: reader({
    '--cached|-c|--format|--printf': 'data',
    [`-L|--dereference|-f|--file-system|-t|--terse|${HELP}`]: 'flag',
  }),
  file: reader({
    '-m|--magic-file|-e|--exclude|--exclude-quiet|-F|--separator|-P|--parameter': 'data',
    '-f|--files-from': 'read',
    '--help|-v|--version|-z|--uncompress|-Z|--uncompress-noreport|-b|--brief|-c|--checking-printout|-i': 'flag',
    '--mime|--apple|--extension|--mime-type|--mime-encoding|-k|--keep-going|-l|--list|-L|--dereference|-h': 'flag',
    '--no-dereference|-n|--no-buffer|-N|--no-pad|-0|--print0|-p|--preserve-date|-r|--raw|-s': 'flag',
    '--special-files|-S|--no-sandbox|-d|--debug': 'flag',
  }),
  ls: { ...LS, aliases: ['dir', 'vdir'] },
  tree: reader({
    '-L|-P|-I|--filelimit|--timefmt|--charset|-H|-T|--sort|--gitfile|--infofile': 'data',
    '-o': 'overwrite',
    '--fromfile': 'flag',
    '-a|-d|-l|-f|-x|-q|-N|-Q|-p|-u|-g|-s|-h|--si|--du|-D|-F|--inodes|--device|-v|-t|-c|-U|-r|--dirsfirst': 'flag',
    '--filesfirst|-i|-A|-S|-n|-C|-X|-J|--noreport|--prune|--matchdirs|--ignore-case|--gitignore|--info': 'flag',
    '--metafirst|--help|--version|-R': 'flag',
  }),
  du: reader({
    '-B|--block-size|-d|--max-depth|-t|--threshold|--time-style|--exclude': 'data',
    '--time': 'optional',
    '--files0-from|-X|--exclude-from': 'read',
    [`-0|--null|-a|--all|--apparent-size|-b|--bytes|-c|--total|-D|--dereference-args|-H|-h|` +
    `--human-readable|--inodes|-k|-L|--dereference|-l|--count-links|-m|-P|--no-dereference|-S|` +
    `--separate-dirs|--si|-s|--summarize|-x|--one-file-system|${HELP}`]: 'flag',
  }),
  df: reader({
    '-B|--block-size|-t|--type|-x|--exclude-type': 'data',
    '--output': 'optional',
    [`-a|--all|-h|--human-readable|-H|--si|-i|--inodes|-k|-l|--local|--no-sync|-P|--portability|--sync|--total|-T|--print-type|-v|${HELP}`]:
      'flag',
  }),
  realpath: reader({
    '--relative-to|--relative-base': 'data',
    [`-e|--canonicalize-existing|-m|--canonicalize-missing|-L|--logical|-P|--physical|-q|--quiet|-s|--strip|--no-symlinks|-z|--zero|${HELP}`]:
      'flag',
  }),
  readlink: reader({
    [`-f|--canonicalize|-e|--canonicalize-existing|-m|--canonicalize-missing|-n|--no-newline|-q|--quiet|-s|--silent|-v|--verbose|-z|--zero|${HELP}`]:
      'flag',
  }),
  basename: {
    urlsAreText: true,
    options: { '-s|--suffix': 'data', [`-a|--multiple|-z|--zero|${HELP}`]: 'flag' },
    operands: 'data',
  },
  dirname: { urlsAreText: true, options: { [`-z|--zero|${HELP}`]: 'flag' }, operands: 'data' },
  whoami: { urlsAreText: true, options: { [HELP]: 'flag' }, operands: 'data' },
  id: {
    urlsAreText: true,
    options: { [`-a|-Z|--context|-g|--group|-G|--groups|-n|--name|-r|--real|-u|--user|-z|--zero|${HELP}`]: 'flag' },
    operands: 'data',
  },
  groups: { operands: 'data' },
  getent: { options: { '-s|--service': 'data', '-i|--no-idn|-h|--help|-V|--version': 'flag' }, operands: 'data' },
  uname: {
    urlsAreText: true,
    options: {
      [`-a|--all|-s|--kernel-name|-n|--nodename|-r|--kernel-release|-v|--kernel-version|-m|--machine|` +
      `-p|--processor|-i|--hardware-platform|-o|--operating-system|${HELP}`]: 'flag',
    },
    operands: 'data',
  },
  date: {
    options: {
      '-d|--date|--rfc-3339|-s|--set': 'data',
      '-f|--file|-r|--reference': 'read',
      '-I|--iso-8601': 'optional',
      [`--debug|--resolution|-R|--rfc-email|-u|--utc|--universal|${HELP}`]: 'flag',
    },
    operands: 'data',
  },
  // the environment, where tokens and keys live
  printenv: { urlsAreText: true, options: { [`-0|--null|${HELP}`]: 'flag' }, operands: 'data', printsSecrets: true },
  seq: { options: { '-f|--format|-s|--separator': 'data', [`-w|--equal-width|${HELP}`]: 'flag' }, operands: 'data' },
  yes: { options: { [HELP]: 'flag' }, operands: 'data' },
  nproc: { options: { '--ignore': 'data', [`--all|${HELP}`]: 'flag' }, operands: 'data' },
  fmt: reader(
    {
      '-p|--prefix|-w|--width|-g|--goal': 'data',
      [`-c|--crown-margin|-s|--split-only|-t|--tagged-paragraph|-u|--uniform-spacing|${HELP}`]: 'flag',
    },
    { numericOptions: true },
  ),
  rev: reader({ '-0|--zero|-h|--help|-V|--version': 'flag' }),
  diff: reader(DIFF),
  cmp: {
    urlsAreText: true,
    options: {
      '-i|--ignore-initial|-n|--bytes': 'data',
      [`-b|--print-bytes|-l|--verbose|-s|--quiet|--silent|${HELP}`]: 'flag',
    },
    operands: { leading: ['read', 'read'], rest: 'data' },
  },
  less: LESS,
  jq: JQ,
  yq: {
    ...YQ_NODE,
    subcommands: { e: YQ_NODE, eval: YQ_NODE, ea: YQ_NODE, 'eval-all': YQ_NODE },
    otherSubcommand: YQ_NODE,
  },
  // whereis, ps, free and kin read the system, not files named on their line
  free: {
    options: {
      '-b|-k|-m|-g|--bytes|--kilo|--mega|--giga|--tera|--peta|--kibi|--mebi|--gibi|--tebi|--pebi|-h': 'flag',
      '--human|--si|-l|--lohi|-t|--total|-v|--committed|-w|--wide|--help|-V|--version': 'flag',
      '-s|--seconds|-c|--count': 'data',
    },
    operands: 'data',
  },
  uptime: { options: { '-p|--pretty|-s|--since|-h|--help|-V|--version': 'flag' }, operands: 'data' },
  ps: { options: { '-o|-p|-u|-U|-g|-G|-C|-t|--sort|--pid|--ppid|--user|--format|-q': 'data' }, operands: 'data' },
  pgrep: {
    options: {
      '-d|--delimiter|-g|--pgroup|-G|--group|-P|--parent|-s|--session|-t|--terminal|-u|--euid|-U|--uid|--ns|--nslist|-F|--pidfile':
        'data',
      '-l|--list-name|-a|--list-full|-v|--inverse|-w|--lightweight|-c|--count|-f|--full|-i|--ignore-case': 'flag',
      '-n|--newest|-o|--oldest|-x|--exact|-h|--help|-V|--version': 'flag',
    },
    operands: 'data',
  },
  lsof: { options: { '-p|-u|-c|-g|-s|-i|-d|+d|+D|-F|-a': 'data' }, plusOptions: true, operands: 'read' },
  tput: { operands: 'data' },
  clear: { operands: 'data' },
  locale: { operands: 'data' },
  getconf: { operands: 'data' },
  tty: { operands: 'data' },
  hostname: {
    options: { '-f|--fqdn|-s|--short|-i|--ip-address|-I|--all-ip-addresses|-d|--domain|-A|--all-fqdns': 'flag' },
    operands: 'data',
    rules: [
      {
        category: 'SYSTEM_IMPACT',
        note: 'host name change',
        level: 'network',
        when: { operands: 'some' },
        examples: ['hostname web-1'],
        notExamples: ['hostname', 'hostname -f'],
      },
    ],
  },
};
