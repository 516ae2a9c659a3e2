import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { extractsBelow, membersAnywhere, recordFile } from './archiveWords';

/** A 7-Zip line: its command letter, archive, file names and switches (`-o{dir}`: values are attached). */
interface SevenZipLine {
  readonly command: ShellWord | undefined;
  readonly archive: ShellWord | undefined;
  readonly files: readonly ShellWord[];
  readonly switches: readonly string[];
  /** `@listfile` and `-i@list`, `-x@list`: files of names it reads */
  readonly lists: readonly ShellWord[];
}

const LIST_SWITCH = /^-(?:i|x|ai|ax)[rmw0-9-]*@(.+)$/;

function readSevenZip(words: readonly ShellWord[]): SevenZipLine {
  const operands: ShellWord[] = [];
  const switches: string[] = [];
  const lists: ShellWord[] = [];
  let switchesDone = false;
  for (const word of words.slice(1)) {
    const text = word.value ?? word.literal;
    if (!switchesDone && text === '--') switchesDone = true;
    else if (!switchesDone && text !== undefined && text.startsWith('-') && text.length > 1) {
      switches.push(text);
      const list = LIST_SWITCH.exec(text)?.[1];
      if (list !== undefined) lists.push({ ...staticWord(list), source: word.source });
    } else if (text?.startsWith('@') === true && operands.length >= 2)
      lists.push({ ...staticWord(text.slice(1)), source: word.source });
    else operands.push(word);
  }
  const [command, archive, ...files] = operands;
  return { command, archive, files, switches, lists };
}

/** The value attached to the first switch with `prefix` (`-o{dir}`), or undefined. */
function attached(line: SevenZipLine, prefix: string): ShellWord | undefined {
  const text = line.switches.find((item) => item.startsWith(prefix) && item.length > prefix.length);
  return text === undefined ? undefined : staticWord(text.slice(prefix.length));
}

/**
 * x and e: the archive is read and its members written to -o's folder ('.' by default), or to
 * stdout with -so; -aos and -aou keep files already there. 7-Zip drops '..' and a leading '/'
 * unless -spf keeps absolute names, which then land where they say.
 */
function extractPaths(sink: CommandEffects, line: SevenZipLine): void {
  recordFile(sink, line.archive, 'read');
  if (line.switches.includes('-so')) return;
  const keeps = line.switches.some((item) => item === '-aos' || item === '-aou');
  recordFile(sink, attached(line, '-o') ?? staticWord('.'), keeps ? 'write' : 'overwrite');
  const absolute = line.switches.find((item) => item.startsWith('-spf'));
  if (absolute !== undefined) membersAnywhere(sink, line.archive, `7z ${absolute}`);
}

/** a and u: the archive is written and the files read, deleted after with -sdel; no files means '.'. */
function addPaths(sink: CommandEffects, line: SevenZipLine): void {
  recordFile(sink, line.archive, 'write');
  const role = line.switches.includes('-sdel') ? 'delete' : 'read';
  const files = line.files.length === 0 ? [staticWord('.')] : line.files;
  for (const file of files) recordFile(sink, file, role);
}

/** 7z, 7za, 7zr, 7zz: what a command letter reads and writes. */
export const sevenZipReader: Reader = {
  readsArguments: true,
  read(reading) {
    const line = readSevenZip(reading.words);
    const effects = noEffects();
    for (const list of line.lists) recordFile(effects, list, 'read');
    const work = attached(line, '-w');
    if (work !== undefined) recordFile(effects, work, 'write');
    const command = line.command?.value;
    if (command === 'x' || command === 'e') {
      extractPaths(effects, line);
      extractsBelow(effects, reading);
    } else if (command === 'a' || command === 'u') addPaths(effects, line);
    else if (command === 'd' || command === 'rn') recordFile(effects, line.archive, 'overwrite');
    else if (command === 'h') for (const file of [line.archive, ...line.files]) recordFile(effects, file, 'read');
    else if (command === 'l' || command === 't' || command === 'i' || command === 'b')
      recordFile(effects, line.archive, 'read');
    else {
      // a command built at run time or not known: what it does to its words is not known
      const assumed = `7-Zip command '${line.command?.source ?? ''}' is not known`;
      for (const word of [line.archive, ...line.files])
        if (word !== undefined) effects.paths.push({ word, role: 'write', assumed });
    }
    return effects;
  },
};
