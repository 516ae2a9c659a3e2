import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader, ReaderSite } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { readSqliteInput } from './sqliteCommands';

// options that take a second value, skipped: the catalog reads their first (sqliteSpecs.ts)
const TWO_VALUES: ReadonlySet<string> = new Set([
  '-lookaside',
  '--lookaside',
  '-pagecache',
  '--pagecache',
  '-heap',
  '--heap',
]);
// `-A` and what follows it in the same word (`-Acf`, `--Ax`): an archive command
const ARCHIVE = /^--?A/;
// no file at all: an in-memory database
const NO_FILE: ReadonlySet<string> = new Set(['', ':memory:']);

/** What sqlite3 input given as text does: its shell lines analysed as a script, its problems failing closed. */
function inputEffects(effects: CommandEffects, text: string, what: string): void {
  const read = readSqliteInput(text);
  for (const problem of read.problems) effects.problems.push({ reason: `${problem}: fail closed` });
  if (read.shell !== '') effects.scripts.push({ word: staticWord(read.shell), what });
}

/** A file of sqlite3 commands: read by the caller, or the call fails closed. */
function inputFile(effects: CommandEffects, word: ShellWord): void {
  effects.paths.push({ word, role: 'read' });
  effects.scriptRuns.push({ word, how: 'sqlite', details: { mustRead: 'always' } });
}

/** Commands sqlite3 reads from stdin when none are on its line. */
function stdinEffects(effects: CommandEffects, site: ReaderSite): void {
  const stdin = site.stdin();
  switch (stdin.kind) {
    case 'text':
      inputEffects(effects, stdin.text, 'sqlite3 commands read from stdin');
      break;
    case 'file':
      inputFile(effects, stdin.word);
      break;
    case 'runtime':
      effects.problems.push({
        reason: 'text produced at run time piped into sqlite3, whose dot commands run a shell: fail closed',
        trigger: stdin.trigger,
      });
      break;
    case 'inherited':
      effects.problems.push({ reason: 'sqlite3 reading its commands from the caller: fail closed' });
      break;
    default:
      break;
  }
}

/** The operands the catalog read, without the second values of the two-value options. */
function operandsOf(reading: CommandReading): ShellWord[] {
  const seconds = new Set<ShellWord>();
  for (const option of reading.options) {
    if (!TWO_VALUES.has(option.name) || option.value === undefined) continue;
    const at = reading.words.indexOf(option.value);
    const second = at === -1 ? undefined : reading.words[at + 1];
    if (second !== undefined) seconds.add(second);
  }
  return reading.operands.filter((word) => !seconds.has(word));
}

/**
 * `sqlite3 [OPTIONS] [DATABASE [SQL]...]`: the database is written; each SQL argument, each
 * `-cmd`, and otherwise stdin, is sqlite3 input whose dot commands may run a shell or write
 * files (see sqliteCommands.ts); an `-init` file, or a file on stdin, is read by the caller.
 * The options and operands are the catalog's reading of sqliteSpecs.ts.
 */
export const sqliteReader: Reader = {
  readsArguments: true,
  read(reading, site) {
    const effects = noEffects();
    const archive = reading.options.find((option) => ARCHIVE.test(option.name));
    if (archive !== undefined) {
      effects.problems.push({
        reason: 'sqlite3 -A reads or extracts the files of an archive: fail closed',
        trigger: reading.words.find((word) => ARCHIVE.test(word.value ?? ''))?.value ?? archive.name,
      });
      return effects;
    }
    for (const option of reading.options) {
      const value = option.value;
      if (value === undefined) continue;
      if (option.kind === 'code') {
        if (value.value === undefined)
          effects.problems.push({ reason: 'sqlite3 -cmd built at run time: fail closed', trigger: value.source });
        else inputEffects(effects, value.value, 'sqlite3 -cmd commands');
      } else if (option.kind === 'program') inputFile(effects, value);
    }
    const [database, ...commands] = operandsOf(reading);
    if (database !== undefined && !NO_FILE.has(database.value ?? '-'))
      effects.paths.push({ word: database, role: 'write' });
    for (const command of commands) {
      if (command.value === undefined)
        effects.problems.push({ reason: 'sqlite3 commands built at run time: fail closed', trigger: command.source });
      else inputEffects(effects, command.value, 'sqlite3 commands');
    }
    if (commands.length === 0) stdinEffects(effects, site);
    return effects;
  },
};
