/**
 * A pure function of one object whose answer is kept for the last object asked. The readers of
 * one command ask about the same reading many times in a row (git's options, the folder `-C`
 * moves to), and each decision's readings are new objects: a WeakMap would add an entry per
 * reading for the garbage collector to clear, which costs more than the answers. Holds the last
 * object until another is asked.
 */
export function lastAnswerOf<Key extends object, Answer>(compute: (key: Key) => Answer): (key: Key) => Answer {
  let lastKey: Key | undefined;
  let lastAnswer: Answer | undefined;
  return (key) => {
    if (key !== lastKey) {
      // kept only once computed: a compute that asks this memo of another key leaves it consistent
      const answer = compute(key);
      lastKey = key;
      lastAnswer = answer;
      return answer;
    }
    return lastAnswer as Answer;
  };
}
