import { rmSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { readTrace } from '../../src/index';
import { openTraceFile } from '../../src/trace/traceFile';
import { sizedRecord, tempTrace } from './traceSupport';

// a file deleted between a writer's open and its write: `beforeWrite` runs just before the next writes
const hooks = vi.hoisted(() => ({ beforeWrite: [] as (() => void)[] }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const writeSync = ((...args: Parameters<typeof actual.writeSync>) => {
    hooks.beforeWrite.shift()?.();
    return Reflect.apply(actual.writeSync, undefined, args);
  }) as typeof actual.writeSync;
  return { ...actual, writeSync };
});

describe('a rotated trace deleted under a write', () => {
  it.each([
    { name: 'once: the line is written again to the new file, and the deletion reported', deletions: 1, written: true },
    { name: 'twice in a row: the line is still written', deletions: 2, written: true },
    { name: 'at every try: the append fails rather than lose the line unseen', deletions: 3, written: false },
  ])('$name', ({ deletions, written }) => {
    const file = tempTrace();
    const trace = openTraceFile(file, { rotation: { maxBytes: 64 * 1024, keep: 2 } });
    expect(trace.append(sizedRecord('a'))).toBeUndefined();
    hooks.beforeWrite.push(...Array.from({ length: deletions }, () => () => rmSync(file)));
    if (!written) {
      expect(() => trace.append(sizedRecord('b'))).toThrow(/deleted under each of 3 appends/);
      return;
    }
    // the new file may get the deleted one's inode number, and then reads as the same file cut short
    const change = trace.append(sizedRecord('b'));
    expect(['replaced', 'truncated']).toContain(change?.kind);
    const read = readTrace(file, { rotated: true });
    expect(read.records.map((record) => record.tool)).toEqual(['b']);
    expect(read.notices.map((notice) => notice.change)).toEqual([change]);
    expect(hooks.beforeWrite).toEqual([]);
  });
});
