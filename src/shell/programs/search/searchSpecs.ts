import type { CommandSpecs } from '../../catalog/commandSpec';
import { FIND } from './findSpec';

// Search tools read the files and folders they name; the first operand is the pattern unless an
// option gives it. Each reads its own options: grep's -r is a flag, ripgrep's -r (replace) takes a value.

const GREP_FLAGS =
  '-E|--extended-regexp|-F|--fixed-strings|-G|--basic-regexp|-P|--perl-regexp|-i|-y|--ignore-case|' +
  '--no-ignore-case|-w|--word-regexp|-x|--line-regexp|-z|--null-data|-s|--no-messages|-v|' +
  '--invert-match|-V|--version|--help|-b|--byte-offset|-n|--line-number|--line-buffered|-H|' +
  '--with-filename|-h|--no-filename|-o|--only-matching|-q|--quiet|--silent|-a|--text|-I|-r|' +
  '--recursive|-R|--dereference-recursive|-L|--files-without-match|-l|--files-with-matches|-c|' +
  '--count|-T|--initial-tab|-Z|--null|--no-group-separator|-U|--binary';

const RG_FLAGS =
  '-i|--ignore-case|-s|--case-sensitive|-S|--smart-case|-F|--fixed-strings|-w|--word-regexp|-x|' +
  '--line-regexp|-v|--invert-match|-U|--multiline|--multiline-dotall|-P|--pcre2|--no-pcre2|-z|' +
  '--search-zip|-n|--line-number|-N|--no-line-number|-H|--with-filename|-I|--no-filename|--heading|' +
  '--no-heading|-o|--only-matching|-l|--files-with-matches|--files-without-match|-c|--count|' +
  '--count-matches|-q|--quiet|--files|--type-list|-L|--follow|--hidden|--no-hidden|-u|-uu|-uuu|' +
  '--unrestricted|--no-ignore|--no-ignore-vcs|--no-ignore-dot|--no-ignore-exclude|--no-ignore-files|' +
  '--no-ignore-global|--no-ignore-parent|--no-messages|--no-require-git|-a|--text|--binary|--json|' +
  '--vimgrep|--stats|--debug|--trace|-0|--null|--null-data|--one-file-system|-p|--pretty|--column|' +
  '--no-column|-b|--byte-offset|--crlf|--trim|--passthru|--sort-files|--line-buffered|' +
  '--block-buffered|--no-config|--mmap|--no-mmap|--max-columns-preview|--include-zero|' +
  '--glob-case-insensitive|--ignore-file-case-insensitive|--no-unicode|-h|--help|-V|--version';

/** grep, ripgrep, the silver searcher and ack. */
export const SEARCH_COMMANDS: CommandSpecs = {
  grep: {
    urlsAreText: true,
    aliases: ['egrep', 'fgrep'],
    numericOptions: true,
    options: {
      '-e|--regexp|-m|--max-count|-A|--after-context|-B|--before-context|-C|--context|-d|--directories|-D': 'data',
      '--devices|--include|--exclude|--exclude-dir|--label|--binary-files|--group-separator': 'data',
      '-f|--file|--exclude-from': 'read',
      '--color|--colour': 'optional',
      [GREP_FLAGS]: 'flag',
    },
    operands: { leading: ['data'], leadingUnless: ['-e', '-f', '--regexp', '--file'], rest: 'read' },
    // a recursive search of the workspace, or for a secret's name, prints the secrets it finds
    printsSecrets: { searchesTree: ['-r|--recursive|-R|--dereference-recursive'] },
  },
  rg: {
    urlsAreText: true,
    // ripgrep always searches a tree
    printsSecrets: { searchesTree: true },
    numericOptions: true,
    options: {
      '-e|--regexp|-m|--max-count|-A|--after-context|-B|--before-context|-C|--context|-g|--glob|--iglob|-t': 'data',
      '--type|-T|--type-not|--type-add|--type-clear|-r|--replace|-j|--threads|-M|--max-columns|-d': 'data',
      '--max-depth|--maxdepth|-E|--encoding|--engine|--color|--colors|--pre-glob|--sort|--sortr': 'data',
      '--max-filesize|--path-separator|--context-separator|--field-context-separator': 'data',
      '--field-match-separator|--dfa-size-limit|--regex-size-limit|--hyperlink-format|--generate': 'data',
      '-f|--file|--ignore-file': 'read',
      // rg runs a preprocessor on every file searched
      '--pre': 'script',
      [RG_FLAGS]: 'flag',
    },
    operands: {
      leading: ['data'],
      leadingUnless: ['-e', '--regexp', '-f', '--file', '--files', '--type-list'],
      rest: 'read',
    },
  },
  // -g PATTERN lists files, so no operand is a pattern; long context options take no separate value
  ag: {
    urlsAreText: true,
    options: {
      '-A|-B|-C|-G|--file-search-regex|-g|--ignore|--ignore-dir|-m|--max-count|--depth|--pager|-W|--width': 'data',
      '--workers|--color-line-number|--color-match|--color-path': 'data',
      '-p|--path-to-ignore': 'read',
      '-r|--recurse|-R|--no-recurse|-a|--all-types|-D|--debug|--ackmate|--color|--nocolor|--column': 'flag',
      '--nocolumn|-c|--count|-f|--follow|-F|--fixed-strings|--filename|--nofilename|-H|--heading': 'flag',
      '--noheading|--group|--nogroup|-i|--ignore-case|-l|--files-with-matches|-L|--files-without-matches': 'flag',
      '--line-numbers|--nobreak|--break|-n|--norecurse|-o|--only-matching|--print-long-lines|-0|--null': 'flag',
      '--print0|-Q|--literal|-s|--case-sensitive|-S|--smart-case|--search-binary|-t|--all-text|-u': 'flag',
      '--unrestricted|-U|--skip-vcs-ignores|-v|--invert-match|-w|--word-regexp|-z|--search-zip|--hidden': 'flag',
      '--stats|--vimgrep|--passthrough|--silent|--one-device|-h|--help|-V|--version|--context|--after': 'flag',
      '--before': 'flag',
    },
    operands: { leading: ['data'], leadingUnless: ['-g'], rest: 'read' },
  },
  // ack: -f and -g list files and --match gives the pattern; -C takes its value only attached
  ack: {
    urlsAreText: true,
    options: {
      '-A|--after-context|-B|--before-context|-m|--max-count|-t|--type|-T|--ignore-dir|--ignore-directory': 'data',
      '--noignore-dir|--ignore-file|--output|--pager|--match|-g|--type-add|--type-set|--type-del': 'data',
      '--range-start|--range-end|--color-filename|--color-match|--color-lineno|--color-colno': 'data',
      '--files-from|--ackrc': 'read',
      '-C|--context': 'optional',
      '-i|--ignore-case|-I|--no-ignore-case|-S|--smart-case|-v|--invert-match|-w|--word-regexp|-Q': 'flag',
      '--literal|-l|--files-with-matches|-L|--files-without-matches|-c|--count|-h|--no-filename|-H': 'flag',
      '--with-filename|-o|--column|--no-column|-s|--nocolor|--color|--colour|--heading|--noheading|--break': 'flag',
      '--nobreak|--group|--nogroup|-f|-x|-r|-R|--recurse|-n|--no-recurse|--follow|--nofollow|-k': 'flag',
      '--known-types|--env|--noenv|--help|--version|-1|--sort-files|--flush|--filter|--nofilter|--print0': 'flag',
    },
    operands: { leading: ['data'], leadingUnless: ['--match', '-g', '-f', '--files-from', '-x'], rest: 'read' },
  },
  // find: starting points, then an expression whose -exec runs commands and -delete deletes
  find: FIND,
  fd: {
    aliases: ['fdfind'],
    options: {
      '-d|--max-depth|--min-depth|--exact-depth|-t|--type|-e|--extension|-E|--exclude|-S|--size': 'data',
      '--changed-within|--changed-before|-o|--owner|--format|-j|--threads|--max-results|--base-directory': 'data',
      '--path-separator|--search-path|-c|--color|--max-buffer-time|--batch-size|--hyperlink': 'data',
      '--ignore-file': 'read',
      // fd -x / -X run the words after them for each result
      '-x|--exec|-X|--exec-batch': 'command',
      '-H|--hidden|-I|--no-ignore|--no-ignore-vcs|--no-ignore-parent|-u|--unrestricted|-s|--case-sensitive': 'flag',
      '-i|--ignore-case|-g|--glob|--regex|-F|--fixed-strings|-a|--absolute-path|-l|--list-details|-L': 'flag',
      '--follow|-p|--full-path|-0|--print0|--prune|-1|-q|--quiet|--show-errors|--strip-cwd-prefix': 'flag',
      '--one-file-system|-h|--help|-V|--version': 'flag',
    },
    operands: { leading: ['data'], rest: 'read' },
  },
  locate: {
    options: {
      '-d|--database|-l|--limit|-n': 'data',
      '-A|--all|-b|--basename|-c|--count|-e|--existing|-i|--ignore-case|-r|--regexp|--regex|-S|--statistics|-w|--wholename|-0|--null|-h|--help|-V|--version':
        'flag',
    },
    operands: 'data',
  },
};
