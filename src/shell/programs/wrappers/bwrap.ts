import { type ShellWord } from '../../words/shellWord';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

// bubblewrap 0.11's options by the number of values each takes; every option is a long one
const BWRAP_ARITY: ReadonlyMap<string, number> = new Map([
  ...[
    '--help',
    '--version',
    '--unshare-all',
    '--share-net',
    '--unshare-user',
    '--unshare-user-try',
    '--unshare-ipc',
    '--unshare-pid',
    '--unshare-net',
    '--unshare-uts',
    '--unshare-cgroup',
    '--unshare-cgroup-try',
    '--disable-userns',
    '--assert-userns-disabled',
    '--clearenv',
    '--new-session',
    '--die-with-parent',
    '--as-pid-1',
    '--level-prefix',
  ].map((name) => [name, 0] as const),
  ...[
    '--userns',
    '--userns2',
    '--pidns',
    '--uid',
    '--gid',
    '--hostname',
    '--chdir',
    '--unsetenv',
    '--lock-file',
    '--sync-fd',
    '--remount-ro',
    '--overlay-src',
    '--tmp-overlay',
    '--exec-label',
    '--file-label',
    '--proc',
    '--dev',
    '--tmpfs',
    '--mqueue',
    '--dir',
    '--seccomp',
    '--add-seccomp-fd',
    '--block-fd',
    '--userns-block-fd',
    '--info-fd',
    '--json-status-fd',
    '--cap-add',
    '--cap-drop',
    '--perms',
    '--size',
    '--argv0',
    '--ro-overlay',
  ].map((name) => [name, 1] as const),
  ...[
    '--setenv',
    '--bind',
    '--bind-try',
    '--dev-bind',
    '--dev-bind-try',
    '--ro-bind',
    '--ro-bind-try',
    '--bind-fd',
    '--ro-bind-fd',
    '--file',
    '--bind-data',
    '--ro-bind-data',
    '--symlink',
    '--chmod',
  ].map((name) => [name, 2] as const),
  ['--overlay', 3],
]);

/**
 * `bwrap [OPTIONS] [--] COMMAND [ARGS]`: the command runs in a sandbox that may bind the host's
 * folders writable, so it is analysed as if run directly. Options take zero to three values;
 * an unknown option, or `--args FD` (options read from a descriptor), leaves the command unknown.
 */
export function unwrapBwrap(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  let index = 1;
  while (index < words.length) {
    const value = words[index]?.value;
    if (value === undefined) {
      result.problem = 'a bwrap argument built at run time: fail closed';
      return result;
    }
    if (value === '--') {
      index++;
      break;
    }
    if (!value.startsWith('--')) break;
    const arity = BWRAP_ARITY.get(value);
    if (arity === undefined) {
      result.problem = `bwrap option ${value} reads options or values that are not known: fail closed`;
      return result;
    }
    index += 1 + arity;
  }
  const command = words.slice(index);
  if (command.length > 0) result.commands.push(command);
  return result;
}
