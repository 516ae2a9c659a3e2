// Heap per live governor: fresh ones, and ones that have decided a few calls, as a host keeps them.
// Used by scripts/bench.ts; needs node --expose-gc. `node --expose-gc --import tsx scripts/benchHeap.ts` prints these rows alone.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGovernor, type Governor, type Intent } from '../src/index';

/** 100,000 sessions in 1 GiB. */
export const HEAP_TARGET_BYTES = 8 * 1024;
const GOVERNORS = 10_000;
const WARM_UP = 200;

export interface HeapFigures {
  readonly governors: number;
  /** bytes of heap per governor after gc, the governors still live */
  readonly freshBytes: number;
  readonly workedBytes: number;
  /** ns per createGovernor, and per createGovernor with its four calls */
  readonly createNs: number;
  readonly workNs: number;
}

// traced to a function, as a host that keeps one governor per session does: one trace file would see every governor's appends
const noTrace = (): void => {};

/** A prompt, the intent selected, a write in scope, and a push held for a human. */
function work(governor: Governor): void {
  governor.userPrompt('add login');
  governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
  governor.handleToolCall('write_to_file', { path: 'src/auth/jwt.ts', content: 'x' });
  const held = governor.handleToolCall('execute_command', { command: 'git push origin main' });
  if (held.code !== 'needs_approval') throw new Error(`bench setup: expected the push to be held, got ${held.code}`);
}

function measure(gc: () => void, make: () => Governor): { bytes: number; ns: number } {
  for (let i = 0; i < WARM_UP; i++) make().stop();
  const governors: Governor[] = [];
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  for (let i = 0; i < GOVERNORS; i++) governors.push(make());
  const ns = Number(process.hrtime.bigint() - start) / GOVERNORS;
  gc();
  gc();
  const bytes = (process.memoryUsage().heapUsed - before) / governors.length;
  return { bytes, ns };
}

/** Heap per governor with 10,000 live, fresh and worked; undefined without --expose-gc. */
export function measureHeap(workspaceRoot: string, intents: Intent[]): HeapFigures | undefined {
  const gc = globalThis.gc;
  if (!gc) return undefined;
  const fresh = measure(gc, () => createGovernor({ workspaceRoot, intents }));
  const worked = measure(gc, () => {
    const governor = createGovernor({ workspaceRoot, intents, trace: noTrace });
    work(governor);
    return governor;
  });
  return { governors: GOVERNORS, freshBytes: fresh.bytes, workedBytes: worked.bytes, createNs: fresh.ns, workNs: worked.ns };
}

/** `8.00 KiB <= 8 KiB PASS` */
export function heapVerdict(bytes: number): string {
  return `<= ${HEAP_TARGET_BYTES / 1024} KiB ${bytes <= HEAP_TARGET_BYTES ? 'PASS' : 'FAIL'}`;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KiB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-heap-'));
  mkdirSync(path.join(root, '.orchestration'));
  try {
    const intents: Intent[] = [
      { id: 'INT-001', name: 'JWT authentication', owned_scope: ['src/auth/**', 'tests/auth/**'] },
      { id: 'INT-002', name: 'API documentation', owned_scope: ['docs/**'] },
    ];
    const figures = measureHeap(root, intents);
    if (!figures) {
      console.log('heap per governor: run with node --expose-gc');
    } else {
      console.log(`fresh  ${kib(figures.freshBytes)} ${heapVerdict(figures.freshBytes)}  createGovernor ${(figures.createNs / 1000).toFixed(1)} µs`);
      console.log(`worked ${kib(figures.workedBytes)} ${heapVerdict(figures.workedBytes)}  create + 4 calls ${(figures.workNs / 1000).toFixed(1)} µs`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
