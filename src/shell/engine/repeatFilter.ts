// a line names a few paths and raises a few findings; comparing more than this costs more than keys
const FEW = 16;

/**
 * Tells records already seen from new ones, within one simple command each: a few records are
 * compared field by field, with no key to build; past `FEW`, by keys in a set per command. The
 * command text stays out of the keys: it can be 1 MB, and V8 hashes one string instance once.
 */
export class RepeatFilter<T extends { readonly command: string }> {
  readonly #seen: T[] = [];
  #keys: Map<string, Set<string>> | undefined;

  constructor(
    /** whether two records of one command are the same */
    private readonly same: (one: T, other: T) => boolean,
    /** a record's fields other than its command, as text that tells any two records apart */
    private readonly keyOf: (record: T) => string,
  ) {}

  /** Whether a record the same as `record` was seen; records it if not. */
  isRepeat(record: T): boolean {
    if (this.#keys !== undefined) return this.#keyed(this.#keys, record);
    for (const seen of this.#seen) if (seen.command === record.command && this.same(seen, record)) return true;
    this.#seen.push(record);
    if (this.#seen.length >= FEW) {
      const keys = new Map<string, Set<string>>();
      for (const seen of this.#seen) this.#keyed(keys, seen);
      this.#keys = keys;
      this.#seen.length = 0;
    }
    return false;
  }

  #keyed(keys: Map<string, Set<string>>, record: T): boolean {
    let ofCommand = keys.get(record.command);
    if (ofCommand === undefined) keys.set(record.command, (ofCommand = new Set()));
    const key = this.keyOf(record);
    if (ofCommand.has(key)) return true;
    ofCommand.add(key);
    return false;
  }
}
