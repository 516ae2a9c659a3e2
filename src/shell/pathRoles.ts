import type { PathGrammar } from './pathGrammar';
import { READER_GRAMMARS } from './readerGrammars';
import { ACK, AG, GREP, RG } from './searchGrammars';

const READER: PathGrammar = { valued: [], role: 'read' };
const NONE: PathGrammar = { valued: [], role: 'none' };
const COPY: PathGrammar = { valued: ['-t', '--target-directory', '-S', '--suffix'], role: 'read', lastRole: 'overwrite', targetOptions: ['-t', '--target-directory'] };
const OWNERSHIP: PathGrammar = { valued: [], role: 'write', skipFirst: true, unlessOptions: ['--reference'] };

/** Path roles of the commands the brief names; any other command's path-looking words are reads. */
export const PATH_GRAMMARS: ReadonlyMap<string, PathGrammar> = new Map<string, PathGrammar>([
  ...['echo', 'printf', 'true', 'false', 'test', '[', ':', 'which', 'type', 'basename', 'dirname', 'pwd', 'printenv', 'whoami', 'id', 'sleep', 'exit', 'return', 'shift', 'set', 'unset', 'export', 'local', 'declare', 'typeset', 'readonly', 'alias', 'unalias', 'let', 'read', 'wait', 'cd', 'pushd', 'popd'].map((name) => [name, NONE] as const),
  ...['cat', 'more', 'file', 'stat', 'ls', 'realpath', 'readlink', 'tac', 'nl', 'comm', 'md5sum', 'sha1sum', 'sha256sum', 'du', 'tree', 'zcat', 'bat', 'column', 'paste', 'expand', 'fold'].map((name) => [name, READER] as const),
  ...READER_GRAMMARS,
  ['tr', NONE],
  ...['grep', 'egrep', 'fgrep'].map((name) => [name, GREP] as const),
  ['rg', RG],
  ['ag', AG],
  ['ack', ACK],
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
  // a FIFO or device node in a file's place: a write (mknod's type and numbers read as paths too)
  ['mkfifo', { valued: ['-m', '--mode'], role: 'write' }],
  ['mknod', { valued: ['-m', '--mode'], role: 'write' }],
  ['chmod', OWNERSHIP],
  ['chown', OWNERSHIP],
  ['chgrp', OWNERSHIP],
  ['curl', { valued: ['-o', '--output', '-X', '--request', '-H', '--header', '-d', '--data', '--data-raw', '--data-binary', '--data-urlencode', '--json', '-F', '--form', '-u', '--user', '-A', '--user-agent', '-e', '--referer', '-T', '--upload-file', '-K', '--config', '-b', '--cookie', '-c', '--cookie-jar', '--url', '-w', '--write-out', '--connect-timeout', '-m', '--max-time', '--retry', '-x', '--proxy', '--resolve', '--cacert', '--cert', '--key'], role: 'none', outputOptions: ['-o', '--output', '-c', '--cookie-jar'], inputOptions: ['-T', '--upload-file', '-K', '--config'] }],
  ['wget', { valued: ['-O', '--output-document', '-o', '--output-file', '-P', '--directory-prefix', '-i', '--input-file', '--post-file', '-U', '--user-agent', '--header', '-t', '--tries', '-T', '--timeout'], role: 'none', outputOptions: ['-O', '--output-document', '-o', '--output-file'], inputOptions: ['-i', '--input-file', '--post-file'] }],
]);

/** The commands whose operands chmod-like change permissions or owners. */
export const PERMISSION_COMMANDS: ReadonlySet<string> = new Set(['chmod', 'chown', 'chgrp']);

/** A word that reads as a file path: it has a slash, or starts with `.` or `~`. */
export function looksLikePath(value: string): boolean {
  if (value.includes('://')) return false;
  return value.includes('/') || value.startsWith('.') || value.startsWith('~');
}
