import type { CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import { writesFilesBelow } from '../../catalog/filesBelowFolder';
import type { PathRole } from '../../catalog/shellAnalysis';
import type { ShellWord } from '../../words/shellWord';

// What every archiver's reader shares: the files it names, the members it writes by the names
// the archive holds, and the long options it reads abbreviated.

/** Records a file named by an option or operand; '-' is stdin or stdout, not a file. */
export function recordFile(sink: CommandEffects, word: ShellWord | undefined, role: PathRole): void {
  if (word !== undefined && word.value !== '-') sink.paths.push({ word, role });
}

/**
 * Extraction into a folder named as a whole ('.', by default): the members the archive holds
 * are any files below it, not the folder itself, which no scope covers; a member named on the
 * line or placed by its own name is recorded as it is.
 */
export function extractsBelow(sink: CommandEffects, reading: CommandReading): void {
  writesFilesBelow(sink, ['write', 'overwrite'], { trigger: reading.name, command: reading.command });
}

/**
 * Members written where their own names say: an absolute name or one that climbs with '..' is
 * kept (`tar -P`, `unzip -:`, `cpio -i`, `pax -r`), and the names are the archive's, not the
 * line's. The write has no place the line shows, so it is a write somewhere unknown: outside
 * every scope, and a possible change outside the workspace. `why` names what keeps the names.
 */
export function membersAnywhere(sink: CommandEffects, archive: ShellWord | undefined, why: string): void {
  const of = archive === undefined || archive.value === '-' ? 'its input' : archive.source;
  const members: ShellWord = { value: undefined, literal: undefined, source: `members of ${of} (${why})` };
  sink.paths.push({ word: members, role: 'overwrite' });
  sink.notes.push(`extracts members where their own names say (${why}): absolute or '..' names land anywhere`);
}

/** The long option `given` abbreviates, as getopt_long reads it: itself when known, the one name it begins, else itself. */
function longName(given: string, names: ReadonlySet<string>): string {
  if (names.has(given)) return given;
  let found: string | undefined;
  for (const name of names) {
    if (!name.startsWith(given)) continue;
    // an ambiguous abbreviation is refused: the program runs nothing
    if (found !== undefined) return given;
    found = name;
  }
  return found ?? given;
}

/**
 * The words with each abbreviated long option written out (`--abs` is `--absolute-names`), up
 * to `--`: GNU tar, bsdtar and cpio take any unambiguous beginning of a long option's name.
 */
export function withLongNames(words: readonly ShellWord[], names: ReadonlySet<string>): readonly ShellWord[] {
  let changed: ShellWord[] | undefined;
  for (let index = 1; index < words.length; index++) {
    const word = words[index];
    const text = word?.value ?? word?.literal;
    if (word === undefined || text === undefined || !text.startsWith('--')) continue;
    if (text === '--') break;
    const equals = text.indexOf('=');
    const given = equals === -1 ? text : text.slice(0, equals);
    const name = longName(given, names);
    if (name === given) continue;
    const full = name + text.slice(given.length);
    changed ??= [...words];
    changed[index] = word.value === undefined ? { ...word, literal: full } : { ...word, value: full, literal: full };
  }
  return changed ?? words;
}
