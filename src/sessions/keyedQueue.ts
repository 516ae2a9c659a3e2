/** Runs tasks one at a time per key, in the order they were queued; tasks of other keys run meanwhile. */
export type KeyedQueue = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/** A queue per key, each forgotten once it runs empty. */
export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(task, task);
    // the next task waits for this one however it ends
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
