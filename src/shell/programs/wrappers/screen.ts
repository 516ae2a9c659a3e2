import type { CommandReading } from '../../catalog/commandReading';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { hasAny, valueOf } from './leadingOptions';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

// listing options: nothing runs
const LISTINGS = ['-ls', '-list', '-wipe', '-v', '-version', '--version', '-help', '--help'];
// options that send the operands to a running session as a command
const SENDS = ['-X', '-Q'];
// `screen -X CMD`: session commands that run and type nothing
const HARMLESS_COMMANDS: ReadonlySet<string> = new Set([
  'quit',
  'detach',
  'kill',
  'select',
  'title',
  'info',
  'windows',
  'lastmsg',
  'time',
  'echo',
  'number',
  'sessionname',
]);

/** Whether the operand roles in force run a command: no listing, sending or attaching option says otherwise. */
function runsCommand(reading: CommandReading): boolean {
  const spec = reading.operandSpec;
  return typeof spec === 'object' && spec.rest === 'command';
}

/**
 * `screen [OPTIONS] [CMD [ARGS]]` runs CMD in a new window (a shell when none is given); with
 * -r/-x/-d the operand is a session, with -ls nothing runs; `-X CMD` sends a command to a running
 * session (`stuff` types text into it): unknown, so it fails closed unless harmless.
 */
export function unwrapScreen(words: readonly ShellWord[], reading: CommandReading): Unwrapped {
  const result = emptyUnwrapped();
  // the command reads the new window's terminal, not screen's stdin
  result.passesStdin = false;
  const { options } = reading;
  if (hasAny(options, LISTINGS)) return result;
  const config = valueOf(options, ['-c']);
  if (config !== undefined && config.value !== '/dev/null') {
    result.problem = 'screen -c reads a config file that is not analysed: fail closed';
    return result;
  }
  const sends = SENDS.find((name) => hasAny(options, [name]));
  if (sends !== undefined) {
    const command = reading.operands[0]?.value;
    if (command === undefined || !HARMLESS_COMMANDS.has(command))
      result.problem = `screen ${sends} sends a command to a running session: fail closed`;
    return result;
  }
  if (reading.runs !== undefined) {
    result.commands.push(words.slice(reading.runs.index));
    return result;
  }
  if (!runsCommand(reading)) return result;
  // `-s SHELL` names the program a new window runs (a leading '-' makes it a login shell)
  const shell = valueOf(options, ['-s']);
  if (shell !== undefined)
    result.commands.push([shell.value?.startsWith('-') === true ? staticWord(shell.value.slice(1)) : shell]);
  return result;
}
