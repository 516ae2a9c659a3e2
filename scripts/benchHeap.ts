// Heap per live governor: fresh ones, and ones that have decided a few calls, as a host keeps them.
// Measured in a child process (scripts/benchHeapChild.mjs): the built library, as hosts load it,
// against the target, and the sources under tsx for information (tsx keeps every function's name,
// which costs about 256 B per closure a governor makes). Used by scripts/bench.ts; run alone with
// `npx tsx scripts/benchHeap.ts` (after `npm run build` for the built figure).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runJsonChild } from './benchHarness';
import { BUILT_LIBRARY } from './benchLibrary';

/** 100,000 sessions in 1 GiB. */
export const HEAP_TARGET_BYTES = 8 * 1024;
const CHILD_TIMEOUT_MS = 120_000;

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHILD = path.join(REPO_ROOT, 'scripts', 'benchHeapChild.mjs');
const SOURCES = path.join(REPO_ROOT, 'src', 'index.ts');

export interface HeapFigures {
  readonly governors: number;
  /** bytes of heap per governor after gc, the governors still live */
  readonly freshBytes: number;
  readonly workedBytes: number;
  /** ns per createGovernor, and per createGovernor with its four calls */
  readonly createNs: number;
  readonly workNs: number;
}

/** What the library measured: the built one, or the sources under tsx. */
export type HeapSubject = 'built' | 'sources';

function runChild(subject: HeapSubject, workspaceRoot: string): Promise<HeapFigures> {
  const loader = subject === 'sources' ? ['--import', 'tsx'] : [];
  const args = ['--expose-gc', ...loader, CHILD, subject === 'built' ? BUILT_LIBRARY : SOURCES, workspaceRoot];
  return runJsonChild<HeapFigures>(args, REPO_ROOT, CHILD_TIMEOUT_MS, 'heap child');
}

/** Heap per governor with 10,000 live; the built figure is undefined (with the reason) without dist/. */
export async function measureHeap(
  workspaceRoot: string,
): Promise<{ readonly built: HeapFigures | string; readonly sources: HeapFigures }> {
  const built = existsSync(BUILT_LIBRARY)
    ? await runChild('built', workspaceRoot)
    : 'no dist/index.js: run `npm run build` first';
  return { built, sources: await runChild('sources', workspaceRoot) };
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
    const { built, sources } = await measureHeap(root);
    for (const [name, figures] of [
      ['built  ', built],
      ['sources', sources],
    ] as const) {
      if (typeof figures === 'string') console.log(`${name} ${figures}`);
      else
        console.log(
          `${name} fresh ${kib(figures.freshBytes)} ${heapVerdict(figures.freshBytes)}, worked ` +
            `${kib(figures.workedBytes)}, createGovernor ${(figures.createNs / 1000).toFixed(1)} µs`,
        );
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
