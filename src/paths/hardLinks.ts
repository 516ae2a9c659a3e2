import { lstatSync } from 'node:fs';
import { entrySeen } from './pathEntry';

/**
 * How many names (hard links) the regular file at `absolute` has; 1 when it has one, is not a
 * regular file or does not exist. A write through one name changes the file under every
 * name, and the others may be anywhere on the disk: no path resolution can see them.
 */
export function hardLinkCount(absolute: string): number {
  try {
    const stats = lstatSync(absolute, { throwIfNoEntry: false });
    return stats?.isFile() === true ? stats.nlink : 1;
  } catch {
    return 1;
  }
}

/** hardLinkCount of an analysed path: the decision's own lookup answers when it looked; 1 when the path has no known place. */
export function hardLinkCountOf(analysis: { readonly absolute: string | undefined }): number {
  if (analysis.absolute === undefined) return 1;
  const entry = entrySeen(analysis);
  if (entry === undefined) return hardLinkCount(analysis.absolute);
  return entry.kind === 'file' ? entry.names : 1;
}

/** Why a write through a file with `names` hard links cannot be placed in any scope, and what to do instead. */
export function hardLinkedWriteProblem(names: number): string {
  return (
    `it is a file with ${names} names (hard links), and a write through one changes it under ` +
    `every name, wherever the others are; write a new file and move it into place instead`
  );
}
