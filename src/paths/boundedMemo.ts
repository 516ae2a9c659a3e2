/** Answers of a pure function of a string, kept until their keys add up to a bound, then dropped together. */
export interface BoundedMemo<T> {
  /** the kept answer for `key`, or the one `compute` gives, kept */
  get(key: string, compute: (key: string) => T): T;
}

/**
 * A memo whose keys (characters, plus `perKey` for each) never hold more than `maxCost`: the
 * keys are paths the agent chooses, so nothing it asks can grow the heap past the bound.
 * `onClear` runs when the answers are dropped, for a cache the function keeps of its own.
 */
export function createBoundedMemo<T>(maxCost: number, perKey: (key: string) => number, onClear?: () => void): BoundedMemo<T> {
  const answers = new Map<string, T>();
  let cost = 0;
  return {
    get(key, compute) {
      // one lookup for a kept answer; a second only tells a kept undefined from none
      const kept = answers.get(key);
      if (kept !== undefined || answers.has(key)) return kept as T;
      const added = key.length + perKey(key);
      if (cost + added > maxCost) {
        answers.clear();
        cost = 0;
        onClear?.();
      }
      const answer = compute(key);
      answers.set(key, answer);
      cost += added;
      return answer;
    },
  };
}
