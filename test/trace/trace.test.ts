import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTraceSink, parseTrace, readTrace, type TraceRecord } from '../../src/index';
import { openTraceFile } from '../../src/trace/traceFile';

const record = (tool: string): TraceRecord => ({
  time: '2026-01-01T00:00:00.000Z',
  session_id: 's',
  intent_id: null,
  tool,
  categories: ['EXEC_ARBITRARY'],
  verdict: 'ask',
  reasons: [{ code: 'needs_approval', message: 'm' }],
});

const traceFile = () =>
  path.join(mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'trace-')), 'agent_trace.jsonl');

describe('the trace file', () => {
  it('holds one whole JSON line per record', () => {
    const file = traceFile();
    const sink = fileTraceSink(file);
    sink(record('a'));
    sink(record('b'));
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(3);
    expect(readTrace(file)).toEqual({ records: [record('a'), record('b')], notices: [], skipped: 0 });
  });

  it('reads past a torn last line left by a crash', () => {
    const file = traceFile();
    writeFileSync(file, `${JSON.stringify(record('a'))}\n${JSON.stringify(record('b')).slice(0, 20)}`);
    expect(readTrace(file)).toEqual({ records: [record('a')], notices: [], skipped: 1 });
  });

  it('does not let a torn line swallow the next record', () => {
    const file = traceFile();
    appendFileSync(file, `${JSON.stringify(record('a'))}\n{"time":"2026`);
    fileTraceSink(file)(record('c'));
    expect(readTrace(file)).toEqual({ records: [record('a'), record('c')], notices: [], skipped: 1 });
  });

  it('closes a torn line another writer leaves between two records of the same sink', () => {
    const file = traceFile();
    const sink = fileTraceSink(file);
    sink(record('a'));
    appendFileSync(file, '{"time":"2026');
    sink(record('b'));
    expect(readTrace(file)).toEqual({ records: [record('a'), record('b')], notices: [], skipped: 1 });
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
    expect(readTrace(path.join(tmpdir(), 'no-such-dir-intentgate', 'trace.jsonl'))).toEqual({
      records: [],
      notices: [],
      skipped: 0,
    });
  });
});

describe("the trace file is append-only from its writer's view", () => {
  const changed = (file: string) => readTrace(file).notices.map((notice) => notice.change.kind);

  it.each([
    { name: 'truncated to nothing (: > file)', tamper: (file: string) => writeFileSync(file, ''), kind: 'truncated' },
    {
      name: 'cut to its first line',
      tamper: (file: string) => writeFileSync(file, `${readFileSync(file, 'utf8').split('\n')[0]}\n`),
      kind: 'truncated',
    },
    {
      name: 'rewritten in place with the same length',
      tamper: (file: string) => writeFileSync(file, readFileSync(file, 'utf8').replace('"ask"', '"yes"')),
      kind: 'rewritten',
    },
    {
      name: 'rewritten and grown',
      tamper: (file: string) =>
        writeFileSync(file, `${JSON.stringify(record('forged'))}\n${readFileSync(file, 'utf8')}`),
      kind: 'rewritten',
    },
    {
      name: 'replaced by a copy of itself (mv over it)',
      tamper: (file: string) => {
        writeFileSync(`${file}.copy`, readFileSync(file));
        renameSync(`${file}.copy`, file);
      },
      kind: 'replaced',
    },
    {
      name: 'removed, then made again shorter',
      tamper: (file: string) => {
        rmSync(file);
        writeFileSync(file, `${JSON.stringify(record('x'))}\n`);
      },
      // the new file may or may not get the old inode number
      kind: ['truncated', 'replaced'],
    },
  ])('reports a file $name in a notice before the next record, and loses no record', ({ tamper, kind }) => {
    const file = traceFile();
    const trace = openTraceFile(file);
    expect(trace.append(record('a'))).toBeUndefined();
    expect(trace.append(record('b'))).toBeUndefined();
    tamper(file);
    const change = trace.append(record('c'));
    expect([kind].flat()).toContain(change?.kind);
    expect(change?.message).toMatch(/outside intentgate/);
    expect(changed(file)).toEqual([change?.kind]);
    expect(readTrace(file).records.at(-1)).toEqual(record('c'));
    // reported once: the file as found is what the next append is checked against
    expect(trace.append(record('d'))).toBeUndefined();
    expect(readTrace(file).records.slice(-2)).toEqual([record('c'), record('d')]);
  });

  it("takes other writers' appends, whole or torn, as they come", () => {
    const file = traceFile();
    const trace = openTraceFile(file);
    const other = openTraceFile(file);
    trace.append(record('a'));
    other.append(record('b'));
    appendFileSync(file, '{"torn');
    expect(trace.append(record('c'))).toBeUndefined();
    expect(other.append(record('d'))).toBeUndefined();
    expect(readTrace(file)).toMatchObject({
      records: [record('a'), record('b'), record('c'), record('d')],
      notices: [],
      skipped: 1,
    });
  });

  it('vouches for what it found before its first append too', () => {
    const file = traceFile();
    writeFileSync(file, `${JSON.stringify(record('earlier'))}\n`);
    const trace = openTraceFile(file);
    trace.append(record('a'));
    writeFileSync(file, readFileSync(file, 'utf8').replace('earlier', 'EARLIER'));
    expect(trace.append(record('b'))?.kind).toBe('rewritten');
  });

  it("refuses a FIFO in the file's place without blocking", () => {
    const file = traceFile();
    execFileSync('mkfifo', [file]);
    expect(() => openTraceFile(file).append(record('a'))).toThrow(/not a regular file/);
  });
});
