import type { CommandReading } from '../../catalog/commandReading';
import type { OptionKind } from '../../catalog/commandSpec';
import { takesValue } from '../../catalog/readOptions';
import { type ShellWord } from '../../words/shellWord';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

// the options that take more values than the one their kind in bwrap's spec describes
// (programWrapperSpecs.ts): `--bind SRC DEST`, `--overlay RWSRC WORKDIR DEST`
const MORE_VALUES: ReadonlyMap<string, number> = new Map([
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
  ].map((name) => [name, 1] as const),
  ['--overlay', 2],
]);
// options read from a file descriptor: what they hold is not known
const READS_OPTIONS = '--args';

/** How many words an option of bwrap's spec takes after it; undefined when it is not known. */
function valuesOf(name: string, options: ReadonlyMap<string, OptionKind>): number | undefined {
  const kind = options.get(name);
  if (kind === undefined || name === READS_OPTIONS) return undefined;
  return (takesValue(kind) ? 1 : 0) + (MORE_VALUES.get(name) ?? 0);
}

/**
 * `bwrap [OPTIONS] [--] COMMAND [ARGS]`: the command runs in a sandbox that may bind the host's
 * folders writable, so it is analysed as if run directly. Options take zero to three values, as
 * its spec and MORE_VALUES say; an unknown option, or `--args FD` (options read from a
 * descriptor), leaves the command unknown.
 */
export function unwrapBwrap(words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  const options = reading.node?.options ?? new Map<string, OptionKind>();
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
    const arity = valuesOf(value, options);
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
