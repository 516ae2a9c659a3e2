import { operandEffects, optionEffects } from '../../catalog/argumentEffects';
import { mergeEffects, noEffects, type CommandEffects, type PathEffect } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { sshOptionsReader } from './sshOptions';

// scp and rsync copy their sources to the last operand. Into a folder they write each source under
// its own name (`scp host:f.txt .` writes ./f.txt), as cp does: the folder itself is not replaced,
// so a copy into the workspace root writes a file in it, not the root.

// `host:path`, `user@host:path`, `rsync://host/module/path`: what comes before the path
const REMOTE_PREFIX = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*\/?|[^/:]+:)/;

/** Whether a destination names a folder by how it is written: `.`, `..`, `~`, or a trailing slash. */
function namesFolder(path: string): boolean {
  return path === '.' || path === '..' || path === '~' || path.endsWith('/') || /\/\.\.?$/.test(path);
}

/**
 * The name a source is written under inside a folder, or undefined when that name is not known
 * from the line: built at run time, a glob, a folder's contents (`rsync src/ dest/`), the remote
 * home (`host:`) or a name like `.` or `~`.
 */
function copiedName(source: ShellWord): string | undefined {
  const value = source.value;
  if (value === undefined) return undefined;
  const path = value.replace(REMOTE_PREFIX, '');
  if (path === '' || path.endsWith('/') || /[*?[]/.test(path)) return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '.' || name === '..' || name === '~' ? undefined : name;
}

/** `dest/name`, without doubling the slash of a destination written with one. */
function inside(folder: string, name: string): ShellWord {
  return staticWord(folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`);
}

/**
 * The files a copy into a folder writes, one per source, in place of the folder; undefined when
 * the destination is not a folder by its writing, or when the name of any source is not known
 * (then the folder stays the write, as something unnamed lands in it).
 */
function writesInFolder(reading: CommandReading): { folder: ShellWord; files: ShellWord[] } | undefined {
  const { operands, roles } = reading;
  const folder = operands.at(-1);
  if (operands.length < 2 || folder?.value === undefined || roles.at(-1) !== 'overwrite') return undefined;
  const sources = operands.slice(0, -1);
  // several sources go into a folder, or the copy fails
  if (!namesFolder(folder.value) && sources.length < 2) return undefined;
  const files: ShellWord[] = [];
  for (const source of sources) {
    const name = copiedName(source);
    if (name === undefined) return undefined;
    files.push(inside(folder.value, name));
  }
  return { folder, files };
}

/**
 * scp and rsync: their options and operands as the spec reads them, with a copy into a folder
 * read as the files it writes there (`scp host:/etc/hosts .` writes ./hosts); scp's `-o` options
 * are ssh's (rsync's `-o` is a flag, with no value to read).
 */
export const remoteCopyReader: Reader = {
  readsArguments: true,
  read(reading, site): CommandEffects {
    const effects = noEffects();
    mergeEffects(effects, sshOptionsReader.read(reading, site));
    optionEffects(effects, reading);
    operandEffects(effects, reading);
    const copied = writesInFolder(reading);
    if (copied === undefined) return effects;
    const paths = effects.paths.flatMap((path): PathEffect[] =>
      path.word === copied.folder ? copied.files.map((word) => ({ ...path, word })) : [path],
    );
    return { ...effects, paths };
  },
};
