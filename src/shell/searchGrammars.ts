import type { PathGrammar } from './pathGrammar';

// each search tool reads its own options: grep's -r is a flag, ripgrep's -r (replace) takes a value

/** GNU grep, egrep and fgrep. `--color` takes its value only attached (`--color=always`). */
export const GREP: PathGrammar = {
  valued: [
    '-e', '--regexp', '-f', '--file', '-m', '--max-count', '-A', '--after-context', '-B', '--before-context', '-C', '--context',
    '-d', '--directories', '-D', '--devices', '--include', '--exclude', '--exclude-from', '--exclude-dir', '--label',
    '--binary-files', '--group-separator',
  ],
  role: 'read',
  skipFirst: true,
  unlessOptions: ['-e', '-f', '--regexp', '--file'],
  inputOptions: ['-f', '--file', '--exclude-from'],
};

/** ripgrep: `--files` and `--type-list` take no pattern. */
export const RG: PathGrammar = {
  valued: [
    '-e', '--regexp', '-f', '--file', '-m', '--max-count', '-A', '--after-context', '-B', '--before-context', '-C', '--context',
    '-g', '--glob', '--iglob', '-t', '--type', '-T', '--type-not', '--type-add', '--type-clear', '-r', '--replace',
    '-j', '--threads', '-M', '--max-columns', '-d', '--max-depth', '--maxdepth', '-E', '--encoding', '--engine', '--color', '--colors',
    '--pre', '--pre-glob', '--ignore-file', '--sort', '--sortr', '--max-filesize', '--path-separator', '--context-separator',
    '--field-context-separator', '--field-match-separator', '--dfa-size-limit', '--regex-size-limit', '--hyperlink-format', '--generate',
  ],
  role: 'read',
  skipFirst: true,
  unlessOptions: ['-e', '--regexp', '-f', '--file', '--files', '--type-list'],
  inputOptions: ['-f', '--file', '--ignore-file'],
};

/** The silver searcher: `-g PATTERN` lists files, so no operand is a pattern; long context options take no separate value. */
export const AG: PathGrammar = {
  valued: [
    '-A', '-B', '-C', '-G', '--file-search-regex', '-g', '--ignore', '--ignore-dir', '-m', '--max-count', '--depth',
    '-p', '--path-to-ignore', '--pager', '-W', '--width', '--workers', '--color-line-number', '--color-match', '--color-path',
  ],
  role: 'read',
  skipFirst: true,
  unlessOptions: ['-g'],
  inputOptions: ['-p', '--path-to-ignore'],
};

/** ack: `-f` and `-g` list files and `--match` gives the pattern; `-C` takes its value only attached. */
export const ACK: PathGrammar = {
  valued: [
    '-A', '--after-context', '-B', '--before-context', '-m', '--max-count', '-t', '--type', '-T', '--ignore-dir', '--ignore-directory',
    '--noignore-dir', '--ignore-file', '--output', '--pager', '--match', '-g', '--files-from', '--type-add', '--type-set', '--type-del',
    '--range-start', '--range-end', '--ackrc', '--color-filename', '--color-match', '--color-lineno', '--color-colno',
  ],
  role: 'read',
  skipFirst: true,
  unlessOptions: ['--match', '-g', '-f', '--files-from', '-x'],
  inputOptions: ['--files-from', '--ackrc'],
};
