import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTrace, rotatedTraceFiles, type TraceRotation } from '../../src/index';
import { openTraceFile } from '../../src/trace/traceFile';
import { folderNames, sizedRecord, tempTrace } from './traceSupport';

const KIB = 1024;

/** The tools of the records in one file, read on its own. */
const toolsIn = (file: string): string[] => readTrace(file).records.map((record) => record.tool);

const cases: ReadonlyArray<{
  readonly name: string;
  readonly rotation: TraceRotation;
  /** the byte length of each appended line, in order; line i is tool `t<i>` */
  readonly lines: readonly number[];
  /** per file name, the lines it holds, in order */
  readonly files: Readonly<Record<string, readonly number[]>>;
}> = [
  {
    name: 'keeps one file while the lines fit',
    rotation: { maxBytes: 4 * KIB, keep: 3 },
    lines: Array(10).fill(400),
    files: { 'agent_trace.jsonl': [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
  },
  {
    name: 'keeps a line that fills the file to maxBytes exactly',
    rotation: { maxBytes: 4 * KIB, keep: 3 },
    lines: Array(8).fill(512),
    files: { 'agent_trace.jsonl': [0, 1, 2, 3, 4, 5, 6, 7] },
  },
  {
    name: 'starts a new file when a line would pass maxBytes',
    rotation: { maxBytes: 4 * KIB, keep: 3 },
    lines: Array(9).fill(512),
    files: { 'agent_trace.jsonl.1': [0, 1, 2, 3, 4, 5, 6, 7], 'agent_trace.jsonl': [8] },
  },
  {
    name: 'shifts older files up, .1 the newest',
    rotation: { maxBytes: 4 * KIB, keep: 3 },
    lines: Array(12).fill(1 * KIB),
    files: {
      'agent_trace.jsonl.2': [0, 1, 2, 3],
      'agent_trace.jsonl.1': [4, 5, 6, 7],
      'agent_trace.jsonl': [8, 9, 10, 11],
    },
  },
  {
    name: 'deletes the oldest file past keep',
    rotation: { maxBytes: 4 * KIB, keep: 2 },
    lines: Array(20).fill(1 * KIB),
    files: {
      'agent_trace.jsonl.2': [8, 9, 10, 11],
      'agent_trace.jsonl.1': [12, 13, 14, 15],
      'agent_trace.jsonl': [16, 17, 18, 19],
    },
  },
  {
    name: 'keeps one rotated file with keep 1',
    rotation: { maxBytes: 4 * KIB, keep: 1 },
    lines: Array(9).fill(2 * KIB),
    files: { 'agent_trace.jsonl.1': [6, 7], 'agent_trace.jsonl': [8] },
  },
  {
    name: 'writes a line longer than maxBytes whole, alone in its file',
    rotation: { maxBytes: 4 * KIB, keep: 5 },
    lines: [300, 9 * KIB, 300, 300],
    files: { 'agent_trace.jsonl.2': [0], 'agent_trace.jsonl.1': [1], 'agent_trace.jsonl': [2, 3] },
  },
  {
    name: 'rotates lines of mixed sizes at the first that does not fit',
    rotation: { maxBytes: 5 * KIB, keep: 4 },
    lines: [3000, 2000, 121, 1, 3000].map((bytes) => Math.max(bytes, 200)),
    files: { 'agent_trace.jsonl.1': [0, 1], 'agent_trace.jsonl': [2, 3, 4] },
  },
];

describe('trace rotation by size', () => {
  it.each(cases)('$name', ({ rotation, lines, files }) => {
    const file = tempTrace();
    const trace = openTraceFile(file, { rotation });
    const changes = lines.map((bytes, index) => trace.append(sizedRecord(`t${index}`, bytes)));
    expect(changes.every((change) => change === undefined)).toBe(true);
    // the lock is gone after each append; no other name appears
    expect(folderNames(file)).toEqual(Object.keys(files).sort());
    const folder = path.dirname(file);
    for (const [name, held] of Object.entries(files)) {
      expect(toolsIn(path.join(folder, name))).toEqual(held.map((index) => `t${index}`));
      expect(readFileSync(path.join(folder, name)).length).toBeLessThanOrEqual(
        Math.max(rotation.maxBytes, ...held.map((index) => lines[index] ?? 0)),
      );
    }
    const kept = Object.values(files)
      .flat()
      .sort((a, b) => a - b);
    expect(readTrace(file, { rotated: true })).toEqual({
      records: kept.map((index) => sizedRecord(`t${index}`, lines[index])),
      notices: [],
      skipped: 0,
    });
  });
});

describe('reading a rotated trace', () => {
  it('lists the rotated files oldest first by number, leaving out the lock and other names', () => {
    const file = tempTrace();
    for (const suffix of ['.1', '.2', '.10', '.lock', '.01', '.x', '.1.stale', ''])
      writeFileSync(`${file}${suffix}`, '');
    writeFileSync(`${file}-other.1`, '');
    expect(rotatedTraceFiles(file)).toEqual([`${file}.10`, `${file}.2`, `${file}.1`]);
  });

  it('reads only the file itself unless asked for the rotated ones', () => {
    const file = tempTrace();
    const trace = openTraceFile(file, { rotation: { maxBytes: 4 * KIB, keep: 2 } });
    for (let index = 0; index < 6; index++) trace.append(sizedRecord(`t${index}`, 2 * KIB));
    expect(readTrace(file).records.map((record) => record.tool)).toEqual(['t4', 't5']);
    expect(readTrace(file, { rotated: true }).records.map((record) => record.tool)).toEqual([
      't0',
      't1',
      't2',
      't3',
      't4',
      't5',
    ]);
  });

  it("does not let a torn last line of a rotated file swallow the next file's first line", () => {
    const file = tempTrace();
    writeFileSync(`${file}.1`, `${JSON.stringify(sizedRecord('a'))}\n{"time":"2026`);
    writeFileSync(file, `${JSON.stringify(sizedRecord('b'))}\n`);
    expect(readTrace(file, { rotated: true })).toEqual({
      records: [sizedRecord('a'), sizedRecord('b')],
      notices: [],
      skipped: 1,
    });
  });

  it('reads a missing trace, rotated or not, as empty', () => {
    const file = path.join(tempTrace(), 'missing', 'trace.jsonl');
    expect(readTrace(file, { rotated: true })).toEqual({ records: [], notices: [], skipped: 0 });
  });
});

const ROTATION: TraceRotation = { maxBytes: 4 * KIB, keep: 3 };

/** Two writers of one rotated trace: `other` fills it until it rotated `rotations` times. */
function sharedTrace(rotations: number) {
  const file = tempTrace();
  const writer = openTraceFile(file, { rotation: ROTATION });
  const other = openTraceFile(file, { rotation: ROTATION });
  expect(writer.append(sizedRecord('w0', 1 * KIB))).toBeUndefined();
  const fill = (count: number) => {
    for (let index = 0; index < count; index++) expect(other.append(sizedRecord(`o${index}`, 2 * KIB))).toBeUndefined();
  };
  return { file, writer, rotate: () => fill(2 * rotations) };
}

const changeCases = [
  {
    name: 'no change: the file it wrote to was rotated to .1',
    rotations: 1,
    tamper: () => undefined,
    kind: undefined,
    mentions: undefined,
  },
  {
    name: 'no change: the file it wrote to was rotated on to .3',
    rotations: 3,
    tamper: () => undefined,
    kind: undefined,
    mentions: undefined,
  },
  {
    name: 'the current file truncated',
    rotations: 0,
    tamper: (file: string) => writeFileSync(file, ''),
    kind: 'truncated',
    mentions: undefined,
  },
  {
    name: 'the current file rewritten',
    rotations: 0,
    tamper: (file: string) => writeFileSync(file, readFileSync(file, 'utf8').replace('"w0"', '"W0"')),
    kind: 'rewritten',
    mentions: undefined,
  },
  {
    name: 'the current file removed and made again',
    rotations: 0,
    tamper: (file: string) => (rmSync(file), writeFileSync(file, '{}\n')),
    kind: ['replaced', 'truncated'],
    mentions: undefined,
  },
  {
    name: 'its file truncated after it was rotated to .1',
    rotations: 1,
    tamper: (file: string) => writeFileSync(`${file}.1`, ''),
    kind: 'truncated',
    mentions: 'rotated to agent_trace.jsonl.1',
  },
  {
    name: 'its file rewritten after it was rotated to .2',
    rotations: 2,
    tamper: (file: string) => writeFileSync(`${file}.2`, readFileSync(`${file}.2`, 'utf8').replace('"w0"', '"W0"')),
    kind: 'rewritten',
    mentions: 'rotated to agent_trace.jsonl.2',
  },
  {
    name: 'its file removed after it was rotated',
    rotations: 1,
    tamper: (file: string) => rmSync(`${file}.1`),
    kind: 'replaced',
    mentions: 'rotated out of the kept files',
  },
  // the deleted file's inode number may be given to the new file, which then differs from what was vouched
  {
    name: 'its file rotated out past keep',
    rotations: 4,
    tamper: () => undefined,
    kind: ['replaced', 'rewritten'],
    mentions: undefined,
  },
  {
    name: 'a copy moved over its file at .1',
    rotations: 1,
    tamper: (file: string) => (
      writeFileSync(`${file}.copy`, readFileSync(`${file}.1`)),
      renameSync(`${file}.copy`, `${file}.1`)
    ),
    kind: 'replaced',
    mentions: 'rotated out of the kept files',
  },
] as const;

describe("a rotated trace is still append-only from its writer's view", () => {
  it.each(changeCases)('$name', ({ rotations, tamper, kind, mentions }) => {
    const { file, writer, rotate } = sharedTrace(rotations);
    rotate();
    tamper(file);
    const change = writer.append(sizedRecord('w1', 1 * KIB));
    if (kind === undefined) expect(change).toBeUndefined();
    else expect([kind].flat()).toContain(change?.kind);
    if (mentions !== undefined) expect(change?.message).toContain(mentions);
    const read = readTrace(file, { rotated: true });
    expect(read.notices.map((notice) => notice.change)).toEqual(change ? [change] : []);
    expect(read.records.at(-1)?.tool).toBe('w1');
    // reported once
    expect(writer.append(sizedRecord('w2', 1 * KIB))).toBeUndefined();
  });
});
