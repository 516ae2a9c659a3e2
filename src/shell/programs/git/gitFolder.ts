import { fromProgramFolder } from '../../catalog/argumentEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { ShellWord } from '../../words/shellWord';
import { lastAnswerOf } from '../../words/lastAnswer';
import { gitOwnOptions } from './gitOptions';

const isAnchored = (path: string): boolean => path.startsWith('/') || path.startsWith('~');

/** The folder `git -C` moves git to, from where it starts ('' for none); undefined when one is built at run time. */
function gitFolderOf(reading: CommandReading): string | undefined {
  let folder: string | undefined = '';
  for (const option of gitOwnOptions(reading)) {
    if (option.kind !== 'cwd') continue;
    const value = option.value?.value;
    if (value === undefined || folder === undefined) return undefined;
    folder = isAnchored(value) || folder === '' ? value : `${folder.replace(/\/+$/, '')}/${value}`;
  }
  return folder;
}

// worked out once for the reading asked last: each of its paths asks
const gitFolder = lastAnswerOf(gitFolderOf);

/**
 * A path a git subcommand names, from the folder `git -C` moves it to: the catalog places the
 * operands of a subcommand that takes no `-C` of its own, and this places them for one that
 * does (`git -C sub commit -C HEAD x`, `git -C sub log -C`), where `-C` is the subcommand's.
 */
export function inGitFolder(word: ShellWord, reading: CommandReading): ShellWord {
  if (reading.node?.movesFolder === true) return fromProgramFolder(word, reading);
  const value = word.value;
  if (value === undefined || isAnchored(value)) return word;
  const folder = gitFolder(reading);
  if (folder === '') return word;
  if (folder === undefined) return { value: undefined, literal: undefined, source: word.source };
  const path = `${folder.replace(/\/+$/, '')}/${value}`;
  return { value: path, literal: path, source: word.source };
}

/** Whether the catalog already placed this reading's paths in git's folder. */
export const placedByCatalog = (reading: CommandReading): boolean => reading.node?.movesFolder === true;
