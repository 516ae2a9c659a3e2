/** Answers of a pure function of a string, kept until their keys add up to a bound, then dropped together. */
export interface BoundedMemo<T> {
  /** the kept answer for `key`, or the one `compute` gives, kept */
  get(key: string, compute: (key: string) => T): T;
}

const NONE: unique symbol = Symbol('no answer');

/**
 * A memo whose keys (characters, plus `perKey` for each) never hold more than `maxCost`: the
 * keys are paths the agent chooses, so nothing it asks can grow the heap past the bound.
 * `onClear` runs when the answers are dropped, for a cache the function keeps of its own.
 */
export function createBoundedMemo<T>(
  maxCost: number,
  perKey: (key: string) => number,
  onClear?: () => void,
): BoundedMemo<T> {
  // an undefined answer is kept as NONE, so that one lookup tells a kept answer from none
  const answers = new Map<string, T | typeof NONE>();
  let cost = 0;
  return {
    get(key, compute) {
      const kept = answers.get(key);
      if (kept !== undefined) return kept === NONE ? (undefined as T) : kept;
      const added = key.length + perKey(key);
      if (cost + added > maxCost) {
        answers.clear();
        cost = 0;
        onClear?.();
      }
      const answer = compute(key);
      answers.set(key, answer === undefined ? NONE : answer);
      cost += added;
      return answer;
    },
  };
}
