import { statSync, type Stats } from 'node:fs';

/** What a lookup saw at the end of a resolved path: nothing, or an entry of some kind with its number of names. */
export type PathEntry = { readonly kind: 'missing' } | { readonly kind: 'file' | 'folder' | 'other'; readonly names: number };

export const MISSING_ENTRY: PathEntry = Object.freeze({ kind: 'missing' });

/** The entry an lstat of a path that is not a symbolic link saw. */
export function entryOfStats(stats: Stats): PathEntry {
  const kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
  return { kind, names: stats.nlink };
}

// a property no copy, comparison or JSON of the analysis shows, so it goes where the analysis goes and no further
const ENTRY: unique symbol = Symbol('entry seen');

/** Records what the lookup that resolved `analysis` saw at its end, for the checks of the same decision. */
export function rememberEntry(analysis: object, entry: PathEntry): void {
  Object.defineProperty(analysis, ENTRY, { value: entry });
}

/** What the lookup that resolved `analysis` saw at its end; undefined when it did not look (links, '..', errors). */
export function entrySeen(analysis: object): PathEntry | undefined {
  return (analysis as { readonly [ENTRY]?: PathEntry })[ENTRY];
}

/**
 * What is at an analysed path now, links followed: 'folder', 'file' (anything else that exists)
 * or undefined when nothing is. The decision's own lookup answers when it looked; else one stat.
 */
export function whatIsAt(analysis: { readonly absolute: string | undefined }): 'folder' | 'file' | undefined {
  if (analysis.absolute === undefined) return undefined;
  const entry = entrySeen(analysis);
  if (entry !== undefined) return entry.kind === 'missing' ? undefined : entry.kind === 'folder' ? 'folder' : 'file';
  let stats: Stats | undefined;
  try {
    stats = statSync(analysis.absolute, { throwIfNoEntry: false });
  } catch {
    // ENOTDIR, EACCES, ELOOP: nothing a write would overwrite can be seen there
    stats = undefined;
  }
  return stats === undefined ? undefined : stats.isDirectory() ? 'folder' : 'file';
}
