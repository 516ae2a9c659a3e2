import path from 'node:path';
import type { ShellPathOperand } from '../shell/shellAnalysis';
import type { PathContext } from './fileRisk';

/**
 * What a command line writes, as the decision resolves it: the files and folders it may write
 * or overwrite, and whether it writes somewhere that cannot be known (`> "$f"`). A file of code
 * the same line writes (a script, a Makefile, a hook) cannot be read before it runs: anywhere in
 * the line, since a loop may run the write after the run.
 */
export interface WrittenPaths {
  readonly absolute: string[];
  /** the first write whose place cannot be known, as written */
  unknown: string | undefined;
}

export function noWrites(): WrittenPaths {
  return { absolute: [], unknown: undefined };
}

const WRITING_ROLES: ReadonlySet<ShellPathOperand['role']> = new Set(['write', 'overwrite']);

/** Adds the writes of one analysed command line (or script) to `into`, resolved from `context.base`. */
export function collectWrites(operands: readonly ShellPathOperand[], context: PathContext, into: WrittenPaths): void {
  for (const operand of operands) {
    // a write whose content the analysis read (the value `git config` stores) hides no code
    if (!WRITING_ROLES.has(operand.role) || operand.contentAnalysed === true) continue;
    const absolute = operand.path === undefined ? undefined : context.analyze(operand.path, context.base).absolute;
    if (absolute === undefined) into.unknown ??= operand.source;
    else into.absolute.push(absolute);
  }
}

/** Whether `inner` is `outer` or lies below it. */
function within(inner: string, outer: string): boolean {
  if (inner === outer) return true;
  const relative = path.relative(outer, inner);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * The write that may change the file of code at `codeFile` (absolute): the file itself, a folder
 * holding it (`cp -r`, `git clone`, `tar -x` into it), or a write whose place is unknown.
 */
export function writeOver(codeFile: string, writes: WrittenPaths): string | undefined {
  if (writes.unknown !== undefined) return writes.unknown;
  return writes.absolute.find((written) => within(codeFile, written));
}

/** A write into the folder `folder` (absolute), or one whose place is unknown: a program put there. */
export function writeInto(folder: string, writes: WrittenPaths): string | undefined {
  if (writes.unknown !== undefined) return writes.unknown;
  return writes.absolute.find((written) => within(written, folder));
}

/** A write into a `.git` folder (its config, its hooks), which every git command reads. */
export function writeIntoGit(writes: WrittenPaths): string | undefined {
  if (writes.unknown !== undefined) return writes.unknown;
  return writes.absolute.find((written) => written.split(path.sep).includes('.git'));
}
