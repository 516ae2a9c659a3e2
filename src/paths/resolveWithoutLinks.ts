import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { isAtOrBelow } from './pathBelow';
import { entryOfStats, MISSING_ENTRY, type PathEntry } from './pathEntry';

/** A path whose components, from a folder down, are no symbolic links, and what is at its end. */
export interface LinkFreeResolution {
  /** the path itself: with no link on the way, the kernel resolves it to where it is written */
  readonly path: string;
  readonly entry: PathEntry;
}

function parentOf(absolute: string): string {
  const slash = absolute.lastIndexOf('/');
  return slash <= 0 ? '/' : absolute.slice(0, slash);
}

// ENOENT is an answer; any other error (ENOTDIR, EACCES, ELOOP) leaves the path to the component walk
function lstatOrMissing(absolute: string): Stats | undefined | null {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false });
  } catch {
    return null;
  }
}

/**
 * Resolves an absolute, normalised path with no '..' in two or three lookups when nothing on it
 * is a symbolic link: lstat from its end up to the nearest entry that exists, then one realpath
 * of that entry, which must be the entry itself. Every component down to the entry is then no
 * link (the realpath says so) and nothing exists below it (the lstat said so), which is all the
 * component walk of resolveThroughLinks would find. Undefined when that is not shown, the
 * entry is above `floor` (whose own real location the caller needs), or a lookup fails
 * otherwise than with ENOENT: the caller then walks the components.
 */
export function resolveWithoutLinks(absolute: string, floor: string): LinkFreeResolution | undefined {
  if (!isAtOrBelow(floor, absolute)) return undefined;
  let entry = absolute;
  let stats = lstatOrMissing(entry);
  while (stats === undefined) {
    if (entry === floor) return undefined;
    entry = parentOf(entry);
    stats = lstatOrMissing(entry);
  }
  if (stats === null) return undefined;
  let real: string;
  try {
    real = realpathSync.native(entry);
  } catch {
    return undefined;
  }
  if (real !== entry) return undefined;
  return { path: absolute, entry: entry === absolute ? entryOfStats(stats) : MISSING_ENTRY };
}
