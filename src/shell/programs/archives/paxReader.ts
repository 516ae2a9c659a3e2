import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { hasOption, optionValue, readArguments, valuedSet, type ParsedArguments } from '../../words/options';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { extractsBelow, membersAnywhere, recordFile } from './archiveWords';

// pax (POSIX; MirBSD's on Debian): one-letter options, those below taking a value
const PAX_VALUED = valuedSet(['-B', '-b', '-E', '-f', '-G', '-M', '-o', '-p', '-s', '-T', '-U', '-x']);

/** Whether a file operand of `pax -rw` keeps its place below the folder: a plain relative path without '..'. */
function staysBelow(word: ShellWord): boolean {
  const path = word.value;
  return path !== undefined && !path.split('/').includes('..');
}

/** -r: members are extracted into '.' by the names the archive holds, absolute and '..' ones as they are. */
function extract(sink: CommandEffects, parsed: ParsedArguments, keep: boolean): void {
  const archive = optionValue(parsed, ['-f']);
  recordFile(sink, archive, 'read');
  recordFile(sink, staticWord('.'), keep ? 'write' : 'overwrite');
  membersAnywhere(sink, archive, 'pax -r keeps absolute and .. names');
}

/** -rw FILE... DIR: each file is copied to DIR/FILE, so a file named with '..', renamed by -s or -i, or read from stdin may climb out. */
function copy(sink: CommandEffects, parsed: ParsedArguments, keep: boolean): void {
  const sources = parsed.operands.slice(0, -1);
  const folder = parsed.operands[parsed.operands.length - 1];
  for (const source of sources) recordFile(sink, source, 'read');
  recordFile(sink, folder, keep ? 'write' : 'overwrite');
  const renamed = hasOption(parsed, ['-s', '-i']);
  if (renamed || sources.length === 0 || !sources.every(staysBelow))
    membersAnywhere(sink, folder, 'pax -rw copies each file to the folder joined with its name');
}

/** pax: lists by default, extracts with -r, writes an archive with -w (appends with -a), copies with both. */
export const paxReader: Reader = {
  readsArguments: true,
  read(reading) {
    const parsed = readArguments(reading.words, 1, PAX_VALUED);
    const effects = noEffects();
    const reads = hasOption(parsed, ['-r']);
    const writes = hasOption(parsed, ['-w']);
    const keep = hasOption(parsed, ['-k']);
    if (reads && writes) copy(effects, parsed, keep);
    else if (reads) extract(effects, parsed, keep);
    else if (writes) {
      recordFile(effects, optionValue(parsed, ['-f']), hasOption(parsed, ['-a']) ? 'write' : 'overwrite');
      for (const file of parsed.operands) recordFile(effects, file, 'read');
    } else recordFile(effects, optionValue(parsed, ['-f']), 'read');
    extractsBelow(effects, reading);
    return effects;
  },
};
