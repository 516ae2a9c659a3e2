import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { hasOption, isOptionWord, optionValue, readArguments, valuedSet } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { membersAnywhere, recordFile } from './archiveWords';

const ZIP_VALUED = valuedSet([
  '-b',
  '--temp-path',
  '-n',
  '--suffixes',
  '-t',
  '--from-date',
  '-tt',
  '--before-date',
  '-P',
  '--password',
  '-O',
  '--output-file',
  '-Z',
  '--compression-method',
  '-s',
  '--split-size',
  '-TT',
  '--unzip-command',
  '-lf',
  '--logfile-path',
  '-ds',
  '--dot-size',
]);
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

/** zip ARCHIVE FILES: the archive is written, the files read (deleted with -m). */
function zipPaths(sink: CommandEffects, words: readonly ShellWord[]): void {
  const parsed = readArguments(withoutNameLists(words), 1, ZIP_VALUED);
  const output = optionValue(parsed, ['-O', '--output-file']);
  const [archive, ...members] = parsed.operands;
  recordFile(sink, archive, output === undefined ? 'overwrite' : 'read');
  recordFile(sink, output, 'overwrite');
  // zip -d names entries inside the archive, not files
  if (hasOption(parsed, ['-d', '--delete'])) return;
  const moved = hasOption(parsed, ['-m', '--move']);
  for (const member of members) recordFile(sink, member, moved ? 'delete' : 'read');
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

/** zip ARCHIVE FILES, with -TT running a test command. */
export const zipReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    zipPaths(effects, reading.words);
    const command = optionValue(readArguments(withoutNameLists(reading.words), 1, ZIP_VALUED), [
      '-TT',
      '--unzip-command',
    ]);
    if (command !== undefined) effects.scripts.push({ word: command, what: 'zip -TT command' });
    return effects;
  },
};

export const unzipReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    unzipPaths(effects, reading.words);
    return effects;
  },
};
