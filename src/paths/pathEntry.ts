import { statSync, type Stats } from 'node:fs';

/** What a lookup saw at the end of a resolved path: nothing, or an entry of some kind with its number of names. */
export type PathEntry =
  { readonly kind: 'missing' } | { readonly kind: 'file' | 'folder' | 'other'; readonly names: number };

export const MISSING_ENTRY: PathEntry = Object.freeze({ kind: 'missing' });

/** The entry an lstat of a path that is not a symbolic link saw. */
export function entryOfStats(stats: Stats): PathEntry {
  const kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
  return { kind, names: stats.nlink };
}

/**
 * A value that carries what the lookup that resolved it saw at its end, in a private field: no
 * copy, comparison or JSON of the value shows it, so it goes where the value goes and no further.
 * A class field rather than a property added later, which would give each value a slower shape.
 */
export class CarriesEntry {
  readonly #entry: PathEntry;

  constructor(entry: PathEntry) {
    this.#entry = entry;
  }

  /** The entry `value` carries; undefined for any other value. */
  static entryOf(value: object): PathEntry | undefined {
    return #entry in value ? value.#entry : undefined;
  }
}

/** What the lookup that resolved `analysis` saw at its end; undefined when it did not look (links, '..', errors). */
export function entrySeen(analysis: object): PathEntry | undefined {
  return CarriesEntry.entryOf(analysis);
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
