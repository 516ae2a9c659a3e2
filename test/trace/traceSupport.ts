import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TraceRecord } from '../../src/index';

/** A record whose JSON line, newline included, is `bytes` long (at least the bare record's length). */
export function sizedRecord(tool: string, bytes = 0): TraceRecord {
  const bare: TraceRecord = {
    time: '2026-01-01T00:00:00.000Z',
    session_id: 's',
    intent_id: null,
    tool,
    categories: ['EXEC_ARBITRARY'],
    verdict: 'ask',
    reasons: [{ code: 'needs_approval', message: '' }],
  };
  const pad = Math.max(0, bytes - (JSON.stringify(bare).length + 1));
  return { ...bare, reasons: [{ code: 'needs_approval', message: 'm'.repeat(pad) }] };
}

/** A trace file path in a fresh temporary folder. */
export const tempTrace = (): string =>
  path.join(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'trace-')), 'agent_trace.jsonl');

/** The names in the trace's folder, sorted. */
export const folderNames = (file: string): string[] => readdirSync(path.dirname(file)).sort();
