import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTraceSink, parseTrace, readTrace, type TraceRecord } from '../../src/index';

const record = (tool: string): TraceRecord => ({
  time: '2026-01-01T00:00:00.000Z',
  session_id: 's',
  intent_id: null,
  tool,
  categories: ['EXEC_ARBITRARY'],
  verdict: 'ask',
  reasons: [{ code: 'needs_approval', message: 'm' }],
});

const traceFile = () => path.join(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'trace-')), 'agent_trace.jsonl');

describe('the trace file', () => {
  it('holds one whole JSON line per record', () => {
    const file = traceFile();
    const sink = fileTraceSink(file);
    sink(record('a'));
    sink(record('b'));
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3);
    expect(readTrace(file)).toEqual({ records: [record('a'), record('b')], skipped: 0 });
  });

  it('reads past a torn last line left by a crash', () => {
    const file = traceFile();
    writeFileSync(file, `${JSON.stringify(record('a'))}\n${JSON.stringify(record('b')).slice(0, 20)}`);
    expect(readTrace(file)).toEqual({ records: [record('a')], skipped: 1 });
  });

  it('does not let a torn line swallow the next record', () => {
    const file = traceFile();
    appendFileSync(file, `${JSON.stringify(record('a'))}\n{"time":"2026`);
    fileTraceSink(file)(record('c'));
    expect(readTrace(file)).toEqual({ records: [record('a'), record('c')], skipped: 1 });
  });

  it('closes a torn line another writer leaves between two records of the same sink', () => {
    const file = traceFile();
    const sink = fileTraceSink(file);
    sink(record('a'));
    appendFileSync(file, '{"time":"2026');
    sink(record('b'));
    expect(readTrace(file)).toEqual({ records: [record('a'), record('b')], skipped: 1 });
  });

  it('adds one newline after a torn tail and none after a whole line', () => {
    const file = traceFile();
    appendFileSync(file, 'torn');
    const sink = fileTraceSink(file);
    sink(record('a'));
    sink(record('b'));
    expect(readFileSync(file, 'utf8')).toBe(`torn\n${JSON.stringify(record('a'))}\n${JSON.stringify(record('b'))}\n`);
  });

  it('skips lines that are not records and reads a missing file as empty', () => {
    expect(parseTrace('{"x":1}\nnot json\n\n').skipped).toBe(2);
    expect(readTrace(path.join(tmpdir(), 'no-such-dir-intentgate', 'trace.jsonl'))).toEqual({ records: [], skipped: 0 });
  });
});
