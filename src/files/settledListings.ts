import { readdirSync, statfsSync, statSync, type Stats } from 'node:fs';

/**
 * Folder listings kept between decisions while the folder stays as it was: python's search for
 * modules that shadow the standard library and the option globs list the folder a command runs
 * in, most often the same few folders, and a listing costs several times the stat that shows
 * the folder unchanged. A kept listing is given only while the folder's device, inode, change
 * time and modification time are the ones seen before it was listed.
 *
 * A change time is only as fine as the clock the kernel stamps it with (a tick of a few
 * milliseconds), so a folder changed twice within one tick, once before and once after a
 * listing, would show the same time for both: the second change would be missed. As git does
 * for its racily clean index entries, a listing is kept only when the folder last changed at
 * least `settledMs` before it was listed: any later change is stamped with a later time, so it
 * is seen. Only folders of local file systems whose times this machine's kernel stamps are kept
 * (a network file system's server has a clock of its own, and its client caches attributes).
 */
export interface SettledListingsOptions {
  /** how long ago a folder must have last changed for its listing to be kept */
  readonly settledMs: number;
  /** folders kept at most; the one used longest ago is dropped first */
  readonly maxFolders: number;
  /** a folder of more names is listed afresh each time */
  readonly maxNames: number;
  /** the wall clock, in ms since the epoch, as the kernel stamps change times */
  readonly now: () => number;
  /** lists a folder; throws when it cannot */
  readonly readFolder: (folder: string) => string[];
}

/** A folder's names, kept while the folder is unchanged. */
export interface SettledListings {
  /** the names in `folder`; none when it cannot be listed */
  list(folder: string): readonly string[];
}

// times in ms with their fraction, as Stats gives them: two changes at least the settling time
// apart never read as one, and a Stats of numbers costs less to make than one of bigints
interface KeptListing {
  readonly dev: number;
  readonly ino: number;
  readonly ctimeMs: number;
  readonly mtimeMs: number;
  readonly names: readonly string[];
}

// statfs(2) magic numbers of the local file systems whose times the kernel stamps: ext2/3/4,
// xfs, btrfs, tmpfs, overlayfs, zfs, f2fs
const LOCAL_FILE_SYSTEMS: ReadonlySet<number> = new Set([
  0xef53, 0x58465342, 0x9123683e, 0x01021994, 0x794c7630, 0x2fc12fc1, 0xf2f52010,
]);

function isLocalFileSystem(folder: string): boolean {
  try {
    return LOCAL_FILE_SYSTEMS.has(statfsSync(folder).type);
  } catch {
    return false;
  }
}

function statOf(folder: string): Stats | undefined {
  try {
    return statSync(folder, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** How long ago, in ms, a folder must have last changed for its listing to be kept, unless a test says otherwise. */
export const SETTLED_MS = 5000;

const sameFolder = (kept: KeptListing, now: Stats): boolean =>
  kept.ctimeMs === now.ctimeMs && kept.mtimeMs === now.mtimeMs && kept.ino === now.ino && kept.dev === now.dev;

/** Listings kept while their folders are unchanged; `options` are for tests, the disk uses the defaults. */
export function createSettledListings(options: Partial<SettledListingsOptions> = {}): SettledListings {
  const {
    settledMs = SETTLED_MS,
    maxFolders = 256,
    maxNames = 4096,
    now = () => Date.now(),
    readFolder = (folder: string) => readdirSync(folder),
  } = options;
  // a Map keeps insertion order: a listing used is put back last, so the first is the one used longest ago
  const kept = new Map<string, KeptListing>();
  return {
    list(folder) {
      const before = statOf(folder);
      if (before === undefined || !before.isDirectory()) return [];
      const found = kept.get(folder);
      if (found !== undefined) {
        kept.delete(folder);
        if (sameFolder(found, before)) {
          kept.set(folder, found);
          return found.names;
        }
      }
      let names: string[];
      try {
        names = readFolder(folder);
      } catch {
        return [];
      }
      const changed = Math.max(before.ctimeMs, before.mtimeMs);
      if (now() - changed >= settledMs && names.length <= maxNames && isLocalFileSystem(folder)) {
        if (kept.size >= maxFolders) kept.delete(kept.keys().next().value ?? '');
        // shared by every later caller, so frozen
        const shared = Object.freeze(names);
        kept.set(folder, {
          dev: before.dev,
          ino: before.ino,
          ctimeMs: before.ctimeMs,
          mtimeMs: before.mtimeMs,
          names: shared,
        });
      }
      return names;
    },
  };
}
