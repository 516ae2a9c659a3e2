import type { Stats } from 'node:fs';
import { parentOf } from './lexicalPath';
import { isAtOrBelow } from './pathBelow';
import { LookupMemo } from './lookupMemo';
import { entryOfStats, MISSING_ENTRY, type PathEntry } from './pathEntry';

/** A path whose components, from a folder down, are no symbolic links, and what is at its end. */
export interface LinkFreeResolution {
  /** the path itself: with no link on the way, the kernel resolves it to where it is written */
  readonly path: string;
  /** undefined for the workspace root itself when only where it is was asked: what is there is looked up when a check needs it */
  readonly entry: PathEntry | undefined;
}

/** Whether an existing entry has no link on it: no realpath when it is no link and its folder was shown to have none. */
function entryLinkFree(absolute: string, stats: Stats, memo: LookupMemo): boolean {
  if (!stats.isSymbolicLink() && memo.knownLinkFree(parentOf(absolute)) === true) {
    memo.markLinkFree(absolute);
    return true;
  }
  return memo.isLinkFree(absolute);
}

/** `folder`, when it exists with no link on it: lstat first, so a missing one costs no failed realpath, except for the workspace root. */
function existingLinkFree(folder: string, memo: LookupMemo): string | undefined {
  if (memo.knownLinkFree(folder) === true) return folder;
  if (folder === memo.root) return memo.isLinkFree(folder) ? folder : undefined;
  const stats = memo.lstat(folder);
  return stats !== undefined && stats !== null && memo.isLinkFree(folder) ? folder : undefined;
}

/**
 * The nearest existing entry above a missing `absolute`, at or below `floor`, when it is a
 * folder with no link on it: its parent (a new file in a folder), else found from the floor
 * down, which takes two lookups rather than one per missing component of a new deep path.
 */
function linkFreeAncestor(absolute: string, floor: string, memo: LookupMemo): string | undefined {
  const parent = parentOf(absolute);
  if (memo.knownLinkFree(parent) === true) return parent;
  if (parent === floor) return existingLinkFree(floor, memo);
  const stats = memo.lstat(parent);
  if (stats === null) return undefined;
  if (stats !== undefined) return memo.isLinkFree(parent) ? parent : undefined;
  // the parent is missing too: the first missing component below the floor ends what exists
  let existing = floor;
  let slash = floor === '/' ? 0 : floor.length;
  for (;;) {
    const next = absolute.indexOf('/', slash + 1);
    const child = absolute.slice(0, next);
    if (child === parent) break;
    if (memo.knownLinkFree(child) !== true) {
      const found = memo.lstat(child);
      if (found === null) return undefined;
      if (found === undefined) break;
    }
    existing = child;
    slash = next;
  }
  return existingLinkFree(existing, memo);
}

/**
 * Resolves an absolute, normalised path with no '..' in two to four lookups when nothing on it
 * is a symbolic link: lstat of the path; when it is missing, of the nearest entry above it that
 * exists; then one realpath of that entry, which must be the entry itself. Every component
 * down to the entry is then no link (the realpath says so) and nothing exists below it (the
 * lstat said so), which is all the component walk of resolveThroughLinks would find. Undefined
 * when that is not shown, the entry is above `floor` (whose own real location the caller
 * needs), or a lookup fails otherwise than with ENOENT: the caller then walks the components.
 * Lookups already made in the same decision (`memo`) are not made again, and an entry that is
 * no link in a folder the memo shows has none needs no realpath.
 */
export function resolveWithoutLinks(
  absolute: string,
  floor: string,
  memo: LookupMemo = new LookupMemo(),
): LinkFreeResolution | undefined {
  if (!isAtOrBelow(floor, absolute)) return undefined;
  // the workspace root itself (a git run's folder, the scratch rule's root): one realpath says where it is
  if (absolute === memo.root && !memo.looked(absolute))
    return memo.isLinkFree(absolute) ? { path: absolute, entry: undefined } : undefined;
  const stats = memo.lstat(absolute);
  if (stats === null) return undefined;
  if (stats !== undefined)
    return entryLinkFree(absolute, stats, memo) ? { path: absolute, entry: entryOfStats(stats) } : undefined;
  if (absolute === floor) return undefined;
  return linkFreeAncestor(absolute, floor, memo) === undefined ? undefined : { path: absolute, entry: MISSING_ENTRY };
}
