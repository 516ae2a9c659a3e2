import { staticWord, type ShellWord } from '../../words/shellWord';
import { emptyUnwrapped, type Unwrapped } from '../../catalog/unwrapped';

// option letters that take a value, attached (`-Swork`) or as the next word
const VALUED_LETTERS: ReadonlySet<string> = new Set(['c', 'e', 'h', 'p', 's', 'S', 't', 'T']);
// options screen reads as whole words
const LISTINGS: ReadonlySet<string> = new Set([
  '-ls',
  '-list',
  '-wipe',
  '-v',
  '-version',
  '--version',
  '-help',
  '--help',
]);
// with these the operand names a session to attach or detach, unless -m starts a new one
const ATTACH_LETTERS: ReadonlySet<string> = new Set(['r', 'R', 'x', 'd', 'D']);
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

interface ScreenOptions {
  readonly flags: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, ShellWord>;
  /** index of the first operand; -1 when a listing option means nothing runs */
  readonly next: number;
}

function readOptions(words: readonly ShellWord[]): ScreenOptions {
  const flags = new Set<string>();
  const values = new Map<string, ShellWord>();
  let index = 1;
  for (; index < words.length; index++) {
    const value = words[index]?.value;
    if (value === undefined || value.length < 2 || !value.startsWith('-')) break;
    if (value === '--') return { flags, values, next: index + 1 };
    if (LISTINGS.has(value)) return { flags, values, next: -1 };
    if (value === '-Logfile') {
      index++;
      continue;
    }
    for (let at = 1; at < value.length; at++) {
      const letter = value[at] ?? '';
      if (!VALUED_LETTERS.has(letter)) {
        flags.add(letter);
        continue;
      }
      const rest = value.slice(at + 1);
      const given = rest.length > 0 ? staticWord(rest) : words[++index];
      if (given !== undefined) values.set(letter, given);
      break;
    }
  }
  return { flags, values, next: index };
}

/**
 * `screen [OPTIONS] [CMD [ARGS]]` runs CMD in a new window (a shell when none is given); with
 * -r/-x/-d the operand is a session, with -ls nothing runs; `-X CMD` sends a command to a running
 * session (`stuff` types text into it): unknown, so it fails closed unless harmless.
 */
export function unwrapScreen(words: readonly ShellWord[]): Unwrapped {
  const result = emptyUnwrapped();
  // the command reads the new window's terminal, not screen's stdin
  result.passesStdin = false;
  const options = readOptions(words);
  if (options.next === -1) return result;
  const operands = words.slice(options.next);
  const config = options.values.get('c');
  if (config !== undefined && config.value !== '/dev/null') {
    result.problem = 'screen -c reads a config file that is not analysed: fail closed';
    return result;
  }
  const sends = ['X', 'Q'].find((letter) => options.flags.has(letter));
  if (sends !== undefined) {
    const command = operands[0]?.value;
    if (command === undefined || !HARMLESS_COMMANDS.has(command))
      result.problem = `screen -${sends} sends a command to a running session: fail closed`;
    return result;
  }
  if (!options.flags.has('m') && [...ATTACH_LETTERS].some((letter) => options.flags.has(letter))) return result;
  if (operands.length > 0) {
    result.commands.push(operands);
    return result;
  }
  // `-s SHELL` names the program a new window runs (a leading '-' makes it a login shell)
  const shell = options.values.get('s');
  if (shell !== undefined)
    result.commands.push([shell.value?.startsWith('-') === true ? staticWord(shell.value.slice(1)) : shell]);
  return result;
}
