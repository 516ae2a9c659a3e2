import {
  controlFilePairs,
  sameControlFiles,
  type ControlFileMark,
  type ControlFileMarks,
  type ControlFiles,
} from '../intents/controlFiles';
import type { IntentIgnore } from '../intents/intentIgnore';

/** The digests a human rejected of one control file since the last adoption. */
export interface RejectedDigests {
  readonly label: string;
  readonly digests: readonly string[];
}

/** The rejected digests a snapshot keeps per file; past it, the oldest is asked about again (never adopted unasked). */
export const MAX_REJECTED_DIGESTS = 16;

/**
 * What a governor knows of its control files: the content it adopted (and enforces), and the
 * contents a human rejected, which are not asked about again while they stay on disk.
 */
export interface ControlFileWatch {
  /** the content in effect */
  readonly adopted: ControlFiles;
  /** the .intentignore rules in effect */
  readonly ignore: IntentIgnore;
  /**
   * True when `found` holds something the governor has neither adopted, nor rejected, nor (as
   * `shown`, the change a human is being asked about) already put to a human.
   */
  isNew(found: ControlFileMarks, shown: ControlFileMarks | undefined): boolean;
  adopt(found: ControlFiles): void;
  /** Remembers each changed file's content in `rejected` as rejected by a human. */
  reject(rejected: ControlFileMarks): void;
  /** the rejected digests, per file, oldest first, for a snapshot */
  rejectedDigests(): RejectedDigests[];
}

// never adopted (an unusable file is thrown or held), but if it were, every path would be excluded
const EVERYTHING_IGNORED: IntentIgnore = { ignores: (relativePath) => relativePath !== '' };

/** A class, not an object literal with getters: V8 keeps such a literal in dictionary mode, ~450 B per governor. */
class WatchedControlFiles implements ControlFileWatch {
  #adopted: ControlFiles;
  // per file label, the digests a human rejected since the last adoption; made on the first one
  #rejected: Map<string, Set<string>> | undefined;

  constructor(initial: ControlFiles, rejectedBefore: readonly RejectedDigests[]) {
    this.#adopted = initial;
    if (rejectedBefore.length > 0)
      this.#rejected = new Map(rejectedBefore.map((entry) => [entry.label, new Set(entry.digests)]));
  }

  get adopted(): ControlFiles {
    return this.#adopted;
  }

  get ignore(): IntentIgnore {
    const { ignore } = this.#adopted;
    return ignore.content.usable ? ignore.content.value : EVERYTHING_IGNORED;
  }

  isNew(found: ControlFileMarks, shown: ControlFileMarks | undefined): boolean {
    if (shown !== undefined && sameControlFiles(found, shown)) return false;
    return !this.#pairs(found).every(
      (pair) =>
        pair.before.digest === pair.after.digest ||
        this.#rejected?.get(pair.after.label)?.has(pair.after.digest) === true,
    );
  }

  adopt(found: ControlFiles): void {
    this.#adopted = found;
    this.#rejected = undefined;
  }

  reject(found: ControlFileMarks): void {
    for (const pair of this.#pairs(found)) {
      if (pair.before.digest === pair.after.digest) continue;
      const rejected = (this.#rejected ??= new Map());
      const digests = rejected.get(pair.after.label) ?? new Set<string>();
      digests.add(pair.after.digest);
      rejected.set(pair.after.label, digests);
    }
  }

  rejectedDigests(): RejectedDigests[] {
    return [...(this.#rejected ?? [])].map(([label, digests]) => ({
      label,
      digests: [...digests].slice(-MAX_REJECTED_DIGESTS),
    }));
  }

  #pairs(found: ControlFileMarks) {
    return controlFilePairs<ControlFileMark, ControlFileMark>(this.#adopted, found);
  }
}

export function createControlFileWatch(
  initial: ControlFiles,
  rejectedBefore: readonly RejectedDigests[] = [],
): ControlFileWatch {
  return new WatchedControlFiles(initial, rejectedBefore);
}
