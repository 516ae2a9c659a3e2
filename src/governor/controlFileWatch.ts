import { controlFilePairs, sameControlFiles, type ControlFiles } from '../intents/controlFiles';
import type { IntentIgnore } from '../intents/intentIgnore';

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
  isNew(found: ControlFiles, shown: ControlFiles | undefined): boolean;
  adopt(found: ControlFiles): void;
  /** Remembers each changed file's content in `rejected` as rejected by a human. */
  reject(rejected: ControlFiles): void;
}

// never adopted (an unusable file is thrown or held), but if it were, every path would be excluded
const EVERYTHING_IGNORED: IntentIgnore = { ignores: (relativePath) => relativePath !== '' };

export function createControlFileWatch(initial: ControlFiles): ControlFileWatch {
  let adopted = initial;
  // per file label, the digests a human rejected since the last adoption
  const rejected = new Map<string, Set<string>>();
  const accountedFor = (found: ControlFiles): boolean =>
    controlFilePairs(adopted, found).every((pair) => pair.before.digest === pair.after.digest || rejected.get(pair.after.label)?.has(pair.after.digest) === true);
  return {
    get adopted() {
      return adopted;
    },
    get ignore() {
      return adopted.ignore.content.usable ? adopted.ignore.content.value : EVERYTHING_IGNORED;
    },
    isNew(found, shown) {
      if (shown !== undefined && sameControlFiles(found, shown)) return false;
      return !accountedFor(found);
    },
    adopt(found) {
      adopted = found;
      rejected.clear();
    },
    reject(found) {
      for (const pair of controlFilePairs(adopted, found)) {
        if (pair.before.digest === pair.after.digest) continue;
        const digests = rejected.get(pair.after.label) ?? new Set<string>();
        digests.add(pair.after.digest);
        rejected.set(pair.after.label, digests);
      }
    },
  };
}
