import type { PathGrammar } from './pathGrammar';

// text tools whose option values (counts, formats, patterns) are not files

const LESS: PathGrammar = {
  valued: [
    '-b', '--buffers', '-h', '--max-back-scroll', '-j', '--jump-target', '-k', '--lesskey-file', '--lesskey-src', '-o', '--log-file',
    '-O', '--LOG-FILE', '-p', '--pattern', '-P', '--prompt', '-t', '--tag', '-T', '--tag-file', '-x', '--tabs', '-y', '--max-forw-scroll',
    '-z', '--window', '-#', '--shift', '--header', '--line-num-width', '--status-col-width', '--rscroll',
  ],
  role: 'read',
  outputOptions: ['-o', '--log-file', '-O', '--LOG-FILE'],
  inputOptions: ['-k', '--lesskey-file', '--lesskey-src', '-T', '--tag-file'],
};

const DIFF: PathGrammar = {
  valued: [
    '-C', '-U', '-I', '--ignore-matching-lines', '-x', '--exclude', '-X', '--exclude-from', '-S', '--starting-file', '-L', '--label',
    '-F', '--show-function-line', '--from-file', '--to-file', '-D', '--ifdef', '--horizon-lines', '--tabsize', '-W', '--width',
    '--line-format', '--old-line-format', '--new-line-format', '--unchanged-line-format', '--old-group-format', '--new-group-format',
    '--changed-group-format', '--unchanged-group-format', '--palette',
  ],
  role: 'read',
  inputOptions: ['-X', '--exclude-from', '--from-file', '--to-file'],
};

/** A PathGrammar per command name: pagers, diffs, dumps, line tools and awk. */
export const READER_GRAMMARS: readonly (readonly [string, PathGrammar])[] = [
  ['less', LESS],
  ['diff', DIFF],
  ['cmp', { valued: ['-i', '--ignore-initial', '-n', '--bytes'], role: 'read' }],
  ['od', { valued: ['-A', '--address-radix', '-j', '--skip-bytes', '-N', '--read-bytes', '-t', '--format', '-S', '--endian'], role: 'read' }],
  ['strings', { valued: ['-n', '--bytes', '-t', '--radix', '-e', '--encoding', '-T', '--target', '-s', '--output-separator'], role: 'read' }],
  ['hexdump', { valued: ['-e', '-f', '-n', '-s'], role: 'read', inputOptions: ['-f'] }],
  // xxd [options] [infile [outfile]]: a second operand is written
  ['xxd', { valued: ['-c', '-cols', '-g', '-groupsize', '-l', '-len', '-o', '-offset', '-s', '-seek', '-n', '-name'], role: 'read', lastRole: 'overwrite' }],
  ['head', { valued: ['-n', '-c', '--lines', '--bytes'], role: 'read' }],
  ['tail', { valued: ['-n', '-c', '--lines', '--bytes', '-s', '--sleep-interval', '--pid', '--max-unchanged-stats'], role: 'read' }],
  ['cut', { valued: ['-d', '-f', '-c', '-b', '--delimiter', '--fields', '--characters', '--bytes', '--output-delimiter'], role: 'read' }],
  ['wc', { valued: ['--files0-from'], role: 'read', inputOptions: ['--files0-from'] }],
  [
    'sort',
    {
      valued: ['-k', '-t', '-o', '-S', '-T', '--key', '--field-separator', '--output', '--buffer-size', '--temporary-directory', '--parallel', '--random-source', '--files0-from', '--batch-size'],
      role: 'read',
      outputOptions: ['-o', '--output'],
      inputOptions: ['--random-source', '--files0-from'],
    },
  ],
  ['uniq', { valued: ['-f', '-s', '-w', '--skip-fields', '--skip-chars', '--check-chars'], role: 'read', lastRole: 'overwrite' }],
  ...['awk', 'gawk', 'mawk', 'nawk'].map(
    (name) =>
      [
        name,
        {
          valued: ['-F', '-v', '-f', '--field-separator', '--assign', '--file', '-i', '--include', '-l', '--load', '-E', '--exec', '-W'],
          role: 'read',
          skipFirst: true,
          unlessOptions: ['-f', '--file', '-E', '--exec'],
          inputOptions: ['-f', '--file', '-E', '--exec', '-i', '--include'],
          assignmentOperands: true,
        },
      ] as const,
  ),
];
