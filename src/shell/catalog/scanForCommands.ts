import { commandBasename, type ShellWord } from '../words/shellWord';
import type { Catalog } from './reader';
import { noEffects, type CommandEffects } from './commandEffects';
import type { CommandReading } from './commandReading';

/** Commands found in one unknown program's words beyond this many fail closed: each is analysed over the rest of the line. */
export const MAX_SCANNED_COMMANDS = 8;

// what separates simple commands in a command line held in one word
const SEPARATORS = /[;&|\n()`]|\$\(/;

/** Whether a name runs a program of the catalog that does more than read. */
function isActiveProgram(name: string | undefined, catalog: Catalog): boolean {
  if (name === undefined || name === '') return false;
  const node = catalog.lookup(commandBasename(name));
  return node !== undefined && !node.inert;
}

/** Whether text held in one word reads as a command line that runs a program of the catalog. */
function holdsCommandLine(text: string, catalog: Catalog): boolean {
  if (!/\s/.test(text)) return false;
  return text.split(SEPARATORS).some((part) => isActiveProgram(/^\s*(\S+)/.exec(part)?.[1], catalog));
}

/**
 * A program the catalog does not know may run a command given in its words: as a later word
 * (`op run npm publish`), or as a command line in one word (`foo 'git push'`); what follows
 * `--` is read as its command already (see unknownReading). Each command found is analysed as
 * run; finding more than MAX_SCANNED_COMMANDS fails closed. A command found takes the rest of
 * the words and is marked `found`: this search has seen every one of them, so neither it nor
 * what it runs searches them again (searching each suffix again would grow exponentially with
 * `foo git foo git ...`). Undefined when it finds nothing, which is most of the time.
 */
export function scanForCommands(reading: CommandReading, catalog: Catalog): CommandEffects | undefined {
  // an unknown program's `--` says where its command is: that command is read already
  if (reading.node === undefined && reading.runs !== undefined) return undefined;
  // a command the program runs (after `--`, or by its spec) is read in its own right: only the words before it are looked at
  const words = reading.words;
  const end = reading.runs === undefined ? words.length : reading.runs.index;
  let effects: CommandEffects | undefined;
  let found = 0;
  for (let index = reading.next; index < end; index++) {
    const word: ShellWord | undefined = words[index];
    const text = word?.value;
    if (word === undefined || text === undefined) continue;
    const asCommand = isActiveProgram(text, catalog);
    const value = text.slice(text.indexOf('=') + 1);
    if (!asCommand && !holdsCommandLine(value, catalog)) continue;
    effects ??= noEffects();
    found++;
    if (found > MAX_SCANNED_COMMANDS) {
      effects.problems.push({
        reason: `more than ${MAX_SCANNED_COMMANDS} commands in the words of a program the command catalog does not know: fail closed`,
      });
      break;
    }
    // the words after a found command are its own
    if (asCommand) effects.commands.push({ words: words.slice(index, end), stdin: 'pass', found: true });
    else
      effects.scripts.push({
        word: text.startsWith('-') ? { ...word, value } : word,
        what: `command line given to '${reading.name}'`,
      });
  }
  return effects;
}
