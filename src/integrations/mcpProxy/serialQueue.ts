/** Runs tasks one at a time, in the order they were queued. */
export type SerialQueue = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * The governor decides one conversation: a held call and its answer must not interleave with
 * another call's decision, so clients that send calls in parallel are decided in turn.
 */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    // the next task waits for this one however it ends
    tail = run.catch(() => undefined);
    return run;
  };
}
