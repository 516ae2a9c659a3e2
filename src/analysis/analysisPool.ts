import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { preparedFromAnswer } from './analyseShellWork';
import { isAnalysisReply, type AnalysisRequest } from './analysisMessages';
import { analysisWorkerStart, type AnalysisWorkerStart } from './analysisWorkerStart';
import { analysisRefusal, type PreparedShellRisk } from './preparedShellRisk';
import type { ShellWork } from './shellWork';

/** Defaults of an analysis pool's options. */
export const ANALYSIS_POOL_DEFAULTS = Object.freeze({
  /** one core is left to the event loop: min(2, cores - 1), at least 1 */
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  budgetMs: 2000,
  maxQueued: 64,
});

// a worker that has not loaded by then is taken for broken: the calls waiting for it are refused
const START_TIMEOUT_MS = 30_000;

export interface AnalysisPoolOptions {
  /** worker threads, each running one analysis at a time */
  readonly size?: number;
  /** an analysis running longer is stopped, its worker replaced, and its call refused */
  readonly budgetMs?: number;
  /** analyses waiting for a worker (at least 1); one more is refused at once */
  readonly maxQueued?: number;
  /** where a worker starts from; the built worker beside this module by default */
  readonly worker?: AnalysisWorkerStart;
}

/** Worker threads that run calls' shell analyses off the event loop, each within a time budget. */
export interface AnalysisPool {
  /**
   * The analysis of one work, or a refusal of it: over the budget (`analysis_over_budget`), or a
   * worker that failed, too many waiting, or a closed pool (`analysis_unavailable`). Never rejects.
   */
  analyse(work: ShellWork): Promise<PreparedShellRisk>;
  /** Refuses what waits or runs, and terminates every worker. */
  close(): Promise<void>;
  readonly size: number;
  readonly budgetMs: number;
  /** the worker threads alive now (started on the first analysis) */
  readonly threads: number;
}

interface Job {
  readonly id: number;
  readonly work: ShellWork;
  readonly done: (prepared: PreparedShellRisk) => void;
}

interface Slot {
  worker: Worker | undefined;
  ready: boolean;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * Creates a bounded pool of analysis worker threads. Workers start on the first analysis and are
 * replaced when one fails or runs past the budget; an idle worker never keeps the process alive.
 */
export function createAnalysisPool(options: AnalysisPoolOptions = {}): AnalysisPool {
  const size = options.size ?? ANALYSIS_POOL_DEFAULTS.size;
  const budgetMs = options.budgetMs ?? ANALYSIS_POOL_DEFAULTS.budgetMs;
  // the first analysis waits for its worker to load, so at least one may wait
  const maxQueued = Math.max(1, options.maxQueued ?? ANALYSIS_POOL_DEFAULTS.maxQueued);
  const start = options.worker ?? analysisWorkerStart();
  const slots: Slot[] = Array.from({ length: size }, () => ({
    worker: undefined,
    ready: false,
    job: undefined,
    timer: undefined,
  }));
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  /** Drops a slot's worker (terminated if alive) and settles its job with `refusal`; resolves once the thread is gone. */
  const release = (slot: Slot, refusal: (job: Job) => PreparedShellRisk): Promise<unknown> => {
    const { worker, job } = slot;
    clearTimeout(slot.timer);
    Object.assign(slot, { worker: undefined, ready: false, job: undefined, timer: undefined });
    if (job !== undefined) job.done(refusal(job));
    return worker === undefined ? Promise.resolve() : worker.terminate();
  };

  const failed = (slot: Slot, problem: string): void => {
    const wasReady = slot.ready;
    void release(slot, (job) => analysisRefusal(job.work.key, 'analysis_unavailable', problem));
    if (wasReady) return pump();
    // a worker that cannot even load is not started again at once; with no other worker, the waiting calls are refused
    if (slots.every((other) => other.worker === undefined)) {
      for (const job of queue.splice(0)) job.done(analysisRefusal(job.work.key, 'analysis_unavailable', problem));
    }
  };

  const startWorker = (slot: Slot): void => {
    let worker: Worker;
    try {
      worker = new Worker(start.file, { workerData: start.workerData });
    } catch (error) {
      return failed(
        slot,
        `the analysis worker could not start: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    worker.unref();
    slot.worker = worker;
    slot.timer = setTimeout(
      () => failed(slot, `the analysis worker did not start within ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    ).unref();
    const current = (): boolean => slot.worker === worker;
    worker.on('message', (message: unknown) => {
      if (!current()) return;
      if (!isAnalysisReply(message)) return failed(slot, 'the analysis worker sent a message that is not an answer');
      if (message.type === 'ready') {
        clearTimeout(slot.timer);
        slot.ready = true;
        return pump();
      }
      const job = slot.job;
      if (job === undefined || job.id !== message.id)
        return failed(slot, 'the analysis worker answered a work it was not given');
      clearTimeout(slot.timer);
      Object.assign(slot, { job: undefined, timer: undefined });
      worker.unref();
      job.done(preparedFromAnswer(message.answer, job.work.key));
      pump();
    });
    worker.on('error', (error: Error) => current() && failed(slot, `the analysis worker failed: ${error.message}`));
    worker.on(
      'messageerror',
      (error: Error) =>
        current() && failed(slot, `an answer of the analysis worker could not be read: ${error.message}`),
    );
    worker.on('exit', (code: number) => current() && failed(slot, `the analysis worker exited with code ${code}`));
  };

  const dispatch = (slot: Slot, job: Job): void => {
    const worker = slot.worker;
    if (worker === undefined) return;
    slot.job = job;
    // a running analysis keeps the process alive until it answers or is stopped
    worker.ref();
    slot.timer = setTimeout(() => {
      void release(slot, (over) =>
        analysisRefusal(over.work.key, 'analysis_over_budget', `it ran past the ${budgetMs} ms budget and was stopped`),
      );
      pump();
    }, budgetMs);
    worker.postMessage({ id: job.id, input: job.work.input } satisfies AnalysisRequest);
  };

  /** Hands waiting work to idle workers, and starts as many workers as the rest needs. */
  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      const job = slot.ready && slot.job === undefined ? queue.shift() : undefined;
      if (job !== undefined) dispatch(slot, job);
    }
    let wanted = queue.length - slots.filter((slot) => slot.worker !== undefined && !slot.ready).length;
    for (const slot of slots) {
      if (wanted <= 0) return;
      if (slot.worker !== undefined) continue;
      startWorker(slot);
      wanted -= 1;
    }
  }

  return {
    size,
    budgetMs,
    get threads() {
      return slots.filter((slot) => slot.worker !== undefined).length;
    },
    analyse(work) {
      if (closed) return Promise.resolve(analysisRefusal(work.key, 'analysis_unavailable', 'the service is closing'));
      if (queue.length >= maxQueued) {
        const waiting = queue.length === 1 ? '1 analysis is' : `${queue.length} analyses are`;
        return Promise.resolve(
          analysisRefusal(
            work.key,
            'analysis_unavailable',
            `${waiting} already waiting, the service's limit; try again shortly`,
          ),
        );
      }
      return new Promise((done) => {
        queue.push({ id: nextId++, work, done });
        pump();
      });
    },
    async close() {
      closed = true;
      const closing = (job: Job): PreparedShellRisk =>
        analysisRefusal(job.work.key, 'analysis_unavailable', 'the service is closing');
      for (const job of queue.splice(0)) job.done(closing(job));
      await Promise.all(slots.map((slot) => release(slot, closing)));
    },
  };
}
