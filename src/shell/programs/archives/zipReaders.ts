import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { operandEffects, optionEffects } from '../../catalog/argumentEffects';
import { readCommand } from '../../catalog/commandReading';
import { hasOption, isOptionWord, optionValue, readArguments, valuedSet } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { extractsBelow, membersAnywhere, recordFile } from './archiveWords';

const UNZIP_VALUED = valuedSet(['-d', '-P', '-I', '-O']);

/** Drops `-x names...` / `-i names...` (zip and unzip read names up to the next option). */
function withoutNameLists(words: readonly ShellWord[]): ShellWord[] {
  const kept: ShellWord[] = [];
  let inList = false;
  for (const word of words) {
    const value = word.value;
    if (value === '-x' || value === '-i' || value === '--exclude' || value === '--include') {
      inList = true;
      continue;
    }
    if (inList && !isOptionWord(word)) continue;
    inList = false;
    kept.push(word);
  }
  return kept;
}

/**
 * unzip ARCHIVE: extraction writes the -d folder ('.' by default); -l, -t, -v, -p, -c, -z only
 * read. unzip strips a leading '/' always and '../' unless `-:` keeps it, so with `-:` a member
 * may climb out of the folder to anywhere.
 */
function unzipPaths(sink: CommandEffects, words: readonly ShellWord[]): void {
  const parsed = readArguments(withoutNameLists(words), 1, UNZIP_VALUED);
  const archive = parsed.operands[0];
  recordFile(sink, archive, 'read');
  if (hasOption(parsed, ['-l', '-t', '-v', '-p', '-c', '-z', '-Z'])) return;
  const never = hasOption(parsed, ['-n']);
  recordFile(sink, optionValue(parsed, ['-d']) ?? staticWord('.'), never ? 'write' : 'overwrite');
  if (hasOption(parsed, ['-:'])) membersAnywhere(sink, archive, 'unzip -:');
}

/**
 * zip, read by its spec (zipSpec.ts) without the names of its -x and -i lists: they are
 * patterns of names to leave out or take in, not files, and run to the next option, which the
 * spec's option table cannot say. With no such list the catalog's reading is used as it is.
 */
export const zipReader: Reader = {
  readsArguments: true,
  read(reading, site) {
    const words = withoutNameLists(reading.words);
    const read =
      words.length === reading.words.length ? reading : readCommand(words, reading.command, reading.name, site.catalog);
    const effects = noEffects();
    optionEffects(effects, read);
    operandEffects(effects, read);
    return effects;
  },
};

export const unzipReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    unzipPaths(effects, reading.words);
    extractsBelow(effects, reading);
    return effects;
  },
};
