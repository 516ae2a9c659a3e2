import type { PathRole } from './shellAnalysis';

/** How a command uses its operands as paths; `valued` options take a value that is not an operand. */
export interface PathGrammar {
  readonly valued: readonly string[];
  /** the role of every operand, or of the sources when `lastRole` is set */
  readonly role: PathRole | 'none';
  /** the last operand's role (`cp src dst`: dst is overwritten) */
  readonly lastRole?: PathRole;
  /** options whose value is the destination directory (`cp -t DIR`): every operand is then a source */
  readonly targetOptions?: readonly string[];
  /** operands to skip first: a pattern (grep), a mode (chmod), a jq filter */
  readonly skipFirst?: boolean;
  /** options that give the pattern/mode instead, so no operand is skipped (`grep -e`, `chmod --reference`) */
  readonly unlessOptions?: readonly string[];
  /** options whose value is a file written (`sort -o`, `curl -o`) */
  readonly outputOptions?: readonly string[];
  /** options whose value is a file read (`grep -f`, `touch -r`) */
  readonly inputOptions?: readonly string[];
}

const READER: PathGrammar = { valued: [], role: 'read' };
const NONE: PathGrammar = { valued: [], role: 'none' };
const GREP: PathGrammar = {
  valued: ['-e', '-f', '-m', '-A', '-B', '-C', '--regexp', '--file', '--max-count', '--include', '--exclude', '--exclude-dir', '--label', '-g', '--glob', '-t', '--type', '-T', '--type-not', '-r', '--replace', '-j', '--threads', '-M', '--max-columns', '--color', '--colors', '--context', '--after-context', '--before-context', '--pre', '--pre-glob', '--ignore-file', '--sort', '--sortr'],
  role: 'read',
  skipFirst: true,
  unlessOptions: ['-e', '-f', '--regexp', '--file'],
  inputOptions: ['-f', '--file'],
};
const COPY: PathGrammar = { valued: ['-t', '--target-directory', '-S', '--suffix'], role: 'read', lastRole: 'overwrite', targetOptions: ['-t', '--target-directory'] };
const OWNERSHIP: PathGrammar = { valued: [], role: 'write', skipFirst: true, unlessOptions: ['--reference'] };

/** Path roles of the commands the brief names; any other command's path-looking words are reads. */
export const PATH_GRAMMARS: ReadonlyMap<string, PathGrammar> = new Map<string, PathGrammar>([
  ...['echo', 'printf', 'true', 'false', 'test', '[', ':', 'which', 'type', 'basename', 'dirname', 'pwd', 'printenv', 'whoami', 'id', 'sleep', 'exit', 'return', 'shift', 'set', 'unset', 'export', 'local', 'declare', 'typeset', 'readonly', 'alias', 'unalias', 'let', 'read', 'wait', 'cd', 'pushd', 'popd'].map((name) => [name, NONE] as const),
  ...['cat', 'less', 'more', 'wc', 'file', 'stat', 'ls', 'realpath', 'readlink', 'tac', 'nl', 'diff', 'cmp', 'comm', 'md5sum', 'sha1sum', 'sha256sum', 'du', 'tree', 'strings', 'od', 'hexdump', 'zcat', 'bat', 'column', 'paste', 'expand', 'fold'].map((name) => [name, READER] as const),
  ['head', { valued: ['-n', '-c', '--lines', '--bytes'], role: 'read' }],
  ['tail', { valued: ['-n', '-c', '--lines', '--bytes', '-s', '--sleep-interval', '--pid'], role: 'read' }],
  ['cut', { valued: ['-d', '-f', '-c', '-b', '--delimiter', '--fields', '--characters', '--bytes', '--output-delimiter'], role: 'read' }],
  ['sort', { valued: ['-k', '-t', '-o', '-S', '-T', '--key', '--field-separator', '--output', '--buffer-size', '--temporary-directory', '--parallel'], role: 'read', outputOptions: ['-o', '--output'] }],
  ['uniq', { valued: ['-f', '-s', '-w', '--skip-fields', '--skip-chars', '--check-chars'], role: 'read', lastRole: 'overwrite' }],
  ['tr', NONE],
  ...['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack'].map((name) => [name, GREP] as const),
  ...['jq', 'yq'].map((name) => [name, { valued: ['--arg', '--argjson', '--slurpfile', '--rawfile', '--indent', '-f', '--from-file'], role: 'read', skipFirst: true, unlessOptions: ['-f', '--from-file'] } satisfies PathGrammar] as const),
  ...['rm', 'rmdir', 'unlink', 'shred'].map((name) => [name, { valued: ['-n', '--iterations', '-s', '--size'], role: 'delete' } satisfies PathGrammar] as const),
  // truncate keeps the file but loses its content: an overwrite (the brief listed it with deletes)
  ['truncate', { valued: ['-s', '--size', '-r', '--reference'], role: 'overwrite', inputOptions: ['-r', '--reference'] }],
  ['mv', { valued: ['-t', '--target-directory', '-S', '--suffix'], role: 'delete', lastRole: 'overwrite', targetOptions: ['-t', '--target-directory'] }],
  ['cp', COPY],
  ['ln', COPY],
  ['install', { ...COPY, valued: [...COPY.valued, '-m', '--mode', '-o', '--owner', '-g', '--group'] }],
  ['tee', { valued: [], role: 'overwrite' }],
  ['touch', { valued: ['-d', '-t', '-r', '--date', '--reference'], role: 'write', inputOptions: ['-r', '--reference'] }],
  ['mkdir', { valued: ['-m', '--mode'], role: 'write' }],
  ['chmod', OWNERSHIP],
  ['chown', OWNERSHIP],
  ['chgrp', OWNERSHIP],
  ['curl', { valued: ['-o', '--output', '-X', '--request', '-H', '--header', '-d', '--data', '--data-raw', '--data-binary', '--data-urlencode', '--json', '-F', '--form', '-u', '--user', '-A', '--user-agent', '-e', '--referer', '-T', '--upload-file', '-K', '--config', '-b', '--cookie', '-c', '--cookie-jar', '--url', '-w', '--write-out', '--connect-timeout', '-m', '--max-time', '--retry', '-x', '--proxy', '--resolve', '--cacert', '--cert', '--key'], role: 'none', outputOptions: ['-o', '--output', '-c', '--cookie-jar'], inputOptions: ['-T', '--upload-file', '-K', '--config'] }],
  ['wget', { valued: ['-O', '--output-document', '-o', '--output-file', '-P', '--directory-prefix', '-i', '--input-file', '--post-file', '-U', '--user-agent', '--header', '-t', '--tries', '-T', '--timeout'], role: 'none', outputOptions: ['-O', '--output-document', '-o', '--output-file'], inputOptions: ['-i', '--input-file', '--post-file'] }],
]);

/** A word that reads as a file path: it has a slash, or starts with `.` or `~`. */
export function looksLikePath(value: string): boolean {
  if (value.includes('://')) return false;
  return value.includes('/') || value.startsWith('.') || value.startsWith('~');
}
