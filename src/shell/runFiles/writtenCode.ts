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

/** One write, resolved: where, and the simple command that makes it, whose family may know what it cannot reach. */
export interface Written {
  readonly path: string;
  /** the simple command that writes there, its evaluated words joined by spaces */
  readonly command: string;
}

export function noWrites(): WrittenPaths {
  return { absolute: [], unknown: undefined };
}

/** Whether the line writes nothing at all, not even somewhere unknown. */
export function writesNothing(writes: WrittenPaths): boolean {
  return writes.absolute.length === 0 && writes.unknown === undefined;
}

const WRITING_ROLES: ReadonlySet<ShellPathOperand['role']> = new Set(['write', 'overwrite']);

/** Adds the writes of one analysed command line (or script) to `into`, resolved from `context.base`. */
export function collectWrites(
  operands: readonly ShellPathOperand[],
  context: { readonly base: string; readonly analyze: PathAnalyzer },
  into: WrittenPaths,
): void {
  for (const operand of operands) {
    // a write whose content the analysis read (a configuration value it stores) hides no code
    if (!WRITING_ROLES.has(operand.role) || operand.contentAnalysed === true) continue;
    const absolute = operand.path === undefined ? undefined : context.analyze(operand.path, context.base).absolute;
    if (absolute === undefined) into.unknown ??= operand.source;
    else into.absolute.push({ path: absolute, command: operand.command });
  }
}

/** Whether `inner` is `outer` or lies below it (both absolute), compared by whole components. */
const within = (inner: string, outer: string): boolean => pathBelow(outer, inner) !== undefined;

/** The first write that passes `test`, or one whose place is unknown, which may be anywhere. */
export function firstWrite(writes: WrittenPaths, test: (written: Written) => boolean): string | undefined {
  if (writes.unknown !== undefined) return writes.unknown;
  return writes.absolute.find(test)?.path;
}

/**
 * What a family knows a write cannot reach: a program that writes a folder may never write some
 * files below it (a checkout writes the work tree, never the hooks in its `.git`). The family's
 * reader of the files it runs gives it; the mechanism names no program.
 */
export type UnreachedBy = (written: Written, codeFile: string) => boolean;

/**
 * The write that may change the file of code at `codeFile` (absolute): the file itself, a folder
 * holding it (`cp -r`, `git clone`, `tar -x` into it), or a write whose place is unknown; a write
 * `unreached` says cannot reach the file is passed over.
 */
export function writeOver(codeFile: string, writes: WrittenPaths, unreached?: UnreachedBy): string | undefined {
  return firstWrite(writes, (written) => within(codeFile, written.path) && unreached?.(written, codeFile) !== true);
}

/** A write into the folder `folder` (absolute), or one whose place is unknown: a program put there. */
export function writeInto(folder: string, writes: WrittenPaths): string | undefined {
  return firstWrite(writes, (written) => within(written.path, folder));
}
