import { lstatSync, realpathSync, type Stats } from 'node:fs';

/**
 * What the file-system lookups of one decision saw, so that no path is looked up twice in it.
 * A link can change between two decisions: a memo never outlives the analyzer that made it.
 */
export interface LookupMemo {
  /** lstat answers: the stats, undefined for ENOENT, null for any other error */
  readonly entries: Map<string, Stats | undefined | null>;
  /** whether realpath gives the path back (it exists and no component is a link); the ancestors of one that does are recorded too */
  readonly linkFree: Map<string, boolean>;
  /** the workspace root: a folder the host chose, so expected to exist, and asked of realpath without an lstat first */
  readonly root: string | undefined;
}

/** An empty memo, for one decision in the workspace at `root` (absolute, normalised). */
export function newLookupMemo(root?: string): LookupMemo {
  return { entries: new Map(), linkFree: new Map(), root };
}

/** lstat of an absolute path, once per memo: ENOENT is an answer; any other error (ENOTDIR, EACCES, ELOOP) is null. */
export function lstatOnce(absolute: string, memo: LookupMemo): Stats | undefined | null {
  const known = memo.entries.get(absolute);
  if (known !== undefined || memo.entries.has(absolute)) return known;
  let stats: Stats | undefined | null;
  try {
    stats = lstatSync(absolute, { throwIfNoEntry: false });
  } catch {
    stats = null;
  }
  memo.entries.set(absolute, stats);
  return stats;
}

/**
 * Whether the absolute, normalised path exists with no symbolic link on it, as one realpath
 * shows; its ancestors are then folders with no link either, and are answered without a lookup.
 */
export function isLinkFree(absolute: string, memo: LookupMemo): boolean {
  const known = memo.linkFree.get(absolute);
  if (known !== undefined) return known;
  let real: string | undefined;
  try {
    real = realpathSync.native(absolute);
  } catch {
    real = undefined;
  }
  const free = real === absolute;
  memo.linkFree.set(absolute, free);
  if (free) {
    for (let slash = absolute.lastIndexOf('/'); slash >= 0; slash = slash === 0 ? -1 : absolute.lastIndexOf('/', slash - 1)) {
      const up = slash === 0 ? '/' : absolute.slice(0, slash);
      if (memo.linkFree.get(up) === true) break;
      memo.linkFree.set(up, true);
    }
  }
  return free;
}
