import path from 'node:path';
import { pathBelow } from '../../paths/pathBelow';
import type { ShellPathOperand } from '../catalog/shellAnalysis';
import type { PathAnalyzer } from '../../paths/pathAnalyzer';

/**
 * What a command line writes, as the decision resolves it: the files and folders it may write
 * or overwrite, and whether it writes somewhere that cannot be known (`> "$f"`). A file of code
 * the same line writes (a script, a Makefile, a hook) cannot be read before it runs: anywhere in
 * the line, since a loop may run the write after the run.
 */
export interface WrittenPaths {
  readonly absolute: Written[];
  /** the first write whose place cannot be known, as written */
  unknown: string | undefined;
}

/** One write, resolved; `byGit`: git itself changes the work tree there (a checkout, a stash), which never writes into .git. */
export interface Written {
  readonly path: string;
  readonly byGit: boolean;
}

export function noWrites(): WrittenPaths {
  return { absolute: [], unknown: undefined };
}

/** Whether the line writes nothing at all, not even somewhere unknown. */
export function writesNothing(writes: WrittenPaths): boolean {
  return writes.absolute.length === 0 && writes.unknown === undefined;
}

const WRITING_ROLES: ReadonlySet<ShellPathOperand['role']> = new Set(['write', 'overwrite']);
// the simple command of an operand read as git (its first word, by basename)
const GIT_COMMAND = /^(?:\S*\/)?git(?:\s|$)/;

/** Adds the writes of one analysed command line (or script) to `into`, resolved from `context.base`. */
export function collectWrites(
  operands: readonly ShellPathOperand[],
  context: { readonly base: string; readonly analyze: PathAnalyzer },
  into: WrittenPaths,
): void {
  for (const operand of operands) {
    // a write whose content the analysis read (the value `git config` stores) hides no code
    if (!WRITING_ROLES.has(operand.role) || operand.contentAnalysed === true) continue;
    const absolute = operand.path === undefined ? undefined : context.analyze(operand.path, context.base).absolute;
    if (absolute === undefined) into.unknown ??= operand.source;
    else into.absolute.push({ path: absolute, byGit: GIT_COMMAND.test(operand.command) });
  }
}

/** Whether `inner` is `outer` or lies below it (both absolute), compared by whole components. */
const within = (inner: string, outer: string): boolean => pathBelow(outer, inner) !== undefined;

/**
 * The write that may change the file of code at `codeFile` (absolute): the file itself, a folder
 * holding it (`cp -r`, `git clone`, `tar -x` into it), or a write whose place is unknown.
 */
export function writeOver(codeFile: string, writes: WrittenPaths): string | undefined {
  if (writes.unknown !== undefined) return writes.unknown;
  const insideGit = isInGitFolder(codeFile);
  // git's own work-tree writes (`git stash` writes '.') never reach a hook or config inside .git
  return writes.absolute.find(
    (written) => within(codeFile, written.path) && !(insideGit && written.byGit && !isInGitFolder(written.path)),
  )?.path;
}

function isInGitFolder(file: string): boolean {
  return file.split(path.sep).includes('.git');
}

/** A write into the folder `folder` (absolute), or one whose place is unknown: a program put there. */
export function writeInto(folder: string, writes: WrittenPaths): string | undefined {
  if (writes.unknown !== undefined) return writes.unknown;
  return writes.absolute.find((written) => within(written.path, folder))?.path;
}

/** A write into a `.git` folder (its config, its hooks), which every git command reads. */
export function writeIntoGit(writes: WrittenPaths): string | undefined {
  if (writes.unknown !== undefined) return writes.unknown;
  return writes.absolute.find((written) => isInGitFolder(written.path))?.path;
}
