import path from 'node:path';
import { firstWrite, type Written, type WrittenPaths } from '../../runFiles/writtenCode';

// the simple command of a write read as git (its first word, by basename)
const GIT_COMMAND = /^(?:\S*\/)?git(?:\s|$)/;

/** Whether a path lies in a `.git` folder, where git keeps the config and hooks it reads. */
function isInGitFolder(file: string): boolean {
  return file.split(path.sep).includes('.git');
}

/**
 * git's own writes of the work tree (a checkout, a stash: '.') never reach a hook or the config
 * inside its `.git`: git writes tracked files, and nothing in `.git` is one.
 */
export function unreachedByGit(written: Written, codeFile: string): boolean {
  return isInGitFolder(codeFile) && GIT_COMMAND.test(written.command) && !isInGitFolder(written.path);
}

// a ref a git command moves or makes (`git branch -M x`, `-f x`): git writes a commit's name there, never code
const REF_FILE = /(?:^|\/)\.git\/refs\//;

/** Whether git itself writes a ref, which holds no configuration and no hook. */
const gitMovesRef = (written: Written): boolean =>
  GIT_COMMAND.test(written.command) && REF_FILE.test(written.path.split(path.sep).join('/'));

/**
 * A write into a `.git` folder (its config, its hooks), which every git command reads, or one
 * whose place is unknown; git's own write of a ref is none.
 */
export function writeIntoGit(writes: WrittenPaths): string | undefined {
  return firstWrite(writes, (written) => isInGitFolder(written.path) && !gitMovesRef(written));
}
