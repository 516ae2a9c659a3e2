// Trace appends: the cost of fsync per line, and of rotation at its smallest size, each against the
// plain append measured in the same run. Used by scripts/bench.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileTraceSink, type TraceFileOptions, type TraceRecord } from '../src/index';
import { MIN_TRACE_ROTATION_BYTES } from '../src/trace/traceRotation';
import { median } from './benchHarness';

const APPENDS = 200;
const WARM_UP = 20;
const ROUNDS = 3;

export interface TraceAppendFigures {
  readonly appends: number;
  /** ns per append of each kind: the median of ROUNDS rounds */
  readonly plain: number;
  readonly fsync: number;
  readonly rotation: number;
}

const record: TraceRecord = {
  time: '2026-01-01T00:00:00.000Z',
  session_id: 'bench',
  intent_id: 'INT-001',
  tool: 'execute_command',
  categories: ['EXEC_ARBITRARY'],
  verdict: 'allow',
  reasons: [{ code: 'destructive_in_scope', message: 'echo x > src/auth/jwt.ts: inside INT-001' }],
};

/** ns per append of APPENDS appends into a new trace file in a folder of its own. */
function appendRound(options: TraceFileOptions): number {
  const folder = mkdtempSync(path.join(tmpdir(), 'intentgate-bench-trace-'));
  try {
    const sink = fileTraceSink(path.join(folder, 'agent_trace.jsonl'), options);
    for (let index = 0; index < WARM_UP; index++) sink(record);
    const start = process.hrtime.bigint();
    for (let index = 0; index < APPENDS; index++) sink(record);
    return Number(process.hrtime.bigint() - start) / APPENDS;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Measures the three kinds of append in alternating rounds, so a busy disk weighs on each alike. */
export function measureTraceAppends(): TraceAppendFigures {
  const kinds: Record<'plain' | 'fsync' | 'rotation', TraceFileOptions> = {
    plain: {},
    fsync: { fsync: true },
    // the smallest maxBytes, the worst case: a rotation (lock, renames) every 15 or so lines
    rotation: { rotation: { maxBytes: MIN_TRACE_ROTATION_BYTES, keep: 3 } },
  };
  const times: Record<keyof typeof kinds, number[]> = { plain: [], fsync: [], rotation: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of ['plain', 'fsync', 'rotation'] as const) times[kind].push(appendRound(kinds[kind]));
  }
  return { appends: APPENDS, plain: median(times.plain), fsync: median(times.fsync), rotation: median(times.rotation) };
}
