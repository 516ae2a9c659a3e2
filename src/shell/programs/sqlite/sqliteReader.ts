import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader, ReaderSite } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { readSqliteInput } from './sqliteCommands';

// sqlite3's options that take a value (one dash or two); -lookaside, -pagecache and -heap take two
const VALUED: ReadonlyMap<string, number> = new Map([
  ['cmd', 1],
  ['init', 1],
  ['separator', 1],
  ['newline', 1],
  ['nullvalue', 1],
  ['vfs', 1],
  ['mmap', 1],
  ['maxsize', 1],
  ['nonce', 1],
  ['escape', 1],
  ['limit', 1],
  ['lookaside', 2],
  ['pagecache', 2],
  ['heap', 2],
]);
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

/**
 * `sqlite3 [OPTIONS] [DATABASE [SQL]...]`: the database is written; each SQL argument, each
 * `-cmd`, and otherwise stdin, is sqlite3 input whose dot commands may run a shell or write
 * files (see sqliteCommands.ts); an `-init` file, or a file on stdin, is read by the caller.
 */
export const sqliteReader: Reader = {
  readsArguments: true,
  read(reading, site) {
    const effects = noEffects();
    const words = reading.words;
    const operands: ShellWord[] = [];
    let optionsDone = false;
    for (let index = 1; index < words.length; index++) {
      const word = words[index];
      if (word === undefined) break;
      const value = word.value;
      if (!optionsDone && value === '--') {
        optionsDone = true;
        continue;
      }
      if (optionsDone || value === undefined || !value.startsWith('-') || value.length < 2) {
        operands.push(word);
        continue;
      }
      const name = value.replace(/^--?/, '');
      if (name === 'A' || name.startsWith('A')) {
        effects.problems.push({
          reason: 'sqlite3 -A reads or extracts the files of an archive: fail closed',
          trigger: value,
        });
        return effects;
      }
      const count = VALUED.get(name) ?? 0;
      const operand = words[index + 1];
      if (name === 'cmd' && operand !== undefined) {
        if (operand.value === undefined)
          effects.problems.push({ reason: 'sqlite3 -cmd built at run time: fail closed', trigger: operand.source });
        else inputEffects(effects, operand.value, 'sqlite3 -cmd commands');
      }
      if (name === 'init' && operand !== undefined) inputFile(effects, operand);
      index += count;
    }
    const [database, ...commands] = operands;
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
