// Timing of measured loops for scripts/bench.ts: calibrated rounds, alternated with a
// baseline measured in the same run, reported as medians; and measurements run in a process of their own.
import { spawn } from 'node:child_process';

export const ROUNDS = 7;
export const ROUND_MS = 100;
// a long-running host has compiled its hot code and grown its young generation: the first
// rounds of each loop (about a second) only warm it up
const WARM_UP_ROUNDS = 10;

export type Loop = (iterations: number) => number;

function nsPerCall(loop: Loop, iterations: number, keep: (result: number) => void): number {
  const start = process.hrtime.bigint();
  keep(loop(iterations));
  return Number(process.hrtime.bigint() - start) / iterations;
}

/** Doubles the iteration count until a run is long enough to time, then scales to ROUND_MS. */
function calibrate(loop: Loop, keep: (result: number) => void): number {
  let iterations = 1_000;
  for (;;) {
    const ns = nsPerCall(loop, iterations, keep) * iterations;
    if (ns >= 20e6) return Math.max(1, Math.round((iterations * ROUND_MS * 1e6) / ns));
    iterations *= 2;
  }
}

/** The value `fraction` of the way through values sorted ascending (0.5: the median, 0.99: p99); NaN when there are none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/** The median of values in any order. */
export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Times `call` on each item in turn, pushing each time in ns to `into`. */
export function timeEach<T>(items: readonly T[], call: (item: T) => unknown, into: number[]): void {
  for (const item of items) {
    const start = process.hrtime.bigint();
    call(item);
    into.push(Number(process.hrtime.bigint() - start));
  }
}

export interface Pair {
  readonly value: number;
  readonly baseline: number;
}

/** Times a subject loop against a baseline; every loop result goes to `keep`, which the caller prints, so no loop is optimised away. */
export function createHarness(keep: (result: number) => void) {
  /** Warms both loops, then alternates them for ROUNDS rounds and returns the medians (ns per call). */
  const comparePair = (subject: Loop, baseline: Loop): Pair => {
    const subjectIterations = calibrate(subject, keep);
    const baselineIterations = calibrate(baseline, keep);
    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      nsPerCall(baseline, baselineIterations, keep);
      nsPerCall(subject, subjectIterations, keep);
    }
    const subjectTimes: number[] = [];
    const baselineTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      baselineTimes.push(nsPerCall(baseline, baselineIterations, keep));
      subjectTimes.push(nsPerCall(subject, subjectIterations, keep));
    }
    return { value: median(subjectTimes), baseline: median(baselineTimes) };
  };
  return { comparePair };
}

/**
 * Runs `node ARGS` (a bench's measurement in a process of its own) and parses the last line it
 * prints as JSON; rejects with the last lines of its stderr when it fails or passes `timeoutMs`.
 */
export function runJsonChild<T>(args: readonly string[], cwd: string, timeoutMs: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${what} exited ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as T);
    });
  });
}
