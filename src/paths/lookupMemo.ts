import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { isAtOrBelow } from './pathBelow';
import { resolveThroughLinks } from './realPath';

/** An lstat answer: the stats, undefined for ENOENT, null for any other error (ENOTDIR, EACCES, ELOOP). */
export type LstatAnswer = Stats | undefined | null;

/** lstat answers a memo keeps in its lists before it keeps the rest in a map. */
const FEW_LOOKUPS = 8;

/**
 * What the file-system lookups of one decision saw, so that no path is looked up twice in it.
 * A link can change between two decisions: a memo never outlives the analyzer that made it.
 * Most decisions look up one path: the lists are made by the first answer they keep.
 */
export class LookupMemo {
  // the first lstat answers as two lists, path and answer at one index: most decisions keep a
  // few, which a scan finds sooner than a map made and filled for each decision finds them;
  // past FEW_LOOKUPS (a line of many paths) the rest go in a map, so a lookup stays constant
  #looked: string[] | undefined;
  #answers: LstatAnswer[] | undefined;
  #more: Map<string, LstatAnswer> | undefined;
  // paths realpath gave back (or shown so): they and every folder above them have no link
  #linkFree: string[] | undefined;
  // paths realpath did not give back
  #notLinkFree: string[] | undefined;
  // the real locations of the workspace root and bases (undefined: their links loop)
  #realFolders: Map<string, string | undefined> | undefined;

  /** `root`: the workspace root, a folder the host chose, so expected to exist, and asked of realpath without an lstat first */
  constructor(readonly root?: string) {}

  /** How many lstat answers the memo keeps. */
  get lookups(): number {
    return (this.#looked?.length ?? 0) + (this.#more?.size ?? 0);
  }

  /** Whether `absolute` was lstat'ed in this decision. */
  looked(absolute: string): boolean {
    return this.#looked?.includes(absolute) === true || this.#more?.has(absolute) === true;
  }

  /** lstat of an absolute path, once per memo. */
  lstat(absolute: string): LstatAnswer {
    const looked = (this.#looked ??= []);
    const answers = (this.#answers ??= []);
    const index = looked.indexOf(absolute);
    if (index !== -1) return answers[index];
    const more = this.#more;
    if (more?.has(absolute) === true) return more.get(absolute);
    let stats: LstatAnswer;
    try {
      stats = lstatSync(absolute, { throwIfNoEntry: false });
    } catch {
      stats = null;
    }
    if (looked.length < FEW_LOOKUPS) {
      looked.push(absolute);
      answers.push(stats);
    } else (this.#more ??= new Map<string, LstatAnswer>()).set(absolute, stats);
    return stats;
  }

  /** What the memo knows of `path` having no link on it: true for a path shown so and every folder above one, false for one realpath did not give back. */
  knownLinkFree(path: string): boolean | undefined {
    // a path seen not to be link-free stays so, even if a race showed a path below it otherwise
    if (this.#notLinkFree?.includes(path) === true) return false;
    return this.#linkFree?.some((free) => isAtOrBelow(path, free)) === true ? true : undefined;
  }

  /** Records that `path` exists with no link on it, shown otherwise than by its own realpath. */
  markLinkFree(path: string): void {
    (this.#linkFree ??= []).push(path);
  }

  /**
   * Whether the absolute, normalised path exists with no symbolic link on it, as one realpath
   * shows; its ancestors are then folders with no link either, and are answered without a lookup.
   */
  isLinkFree(absolute: string): boolean {
    const known = this.knownLinkFree(absolute);
    if (known !== undefined) return known;
    let real: string | undefined;
    try {
      real = realpathSync.native(absolute);
    } catch {
      real = undefined;
    }
    const free = real === absolute;
    if (free) this.markLinkFree(absolute);
    else (this.#notLinkFree ??= []).push(absolute);
    return free;
  }

  /**
   * The real location of a workspace root or base, once per decision: a folder the host chose,
   * not an argument the model wrote, whose component walk costs a lookup per component. A folder
   * a realpath gives back (asked first of the workspace root) is its own real location.
   */
  realFolder(folder: string): string | undefined {
    const known = (this.#realFolders ??= new Map<string, string | undefined>());
    if (known.has(folder)) return known.get(folder);
    const linkFree = this.knownLinkFree(folder) ?? (folder === this.root && this.isLinkFree(folder));
    const real = linkFree ? folder : resolveThroughLinks('/', folder, this).path;
    known.set(folder, real);
    return real;
  }
}
