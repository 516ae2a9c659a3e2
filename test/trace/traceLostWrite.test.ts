import { realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readTrace } from '../../src/index';
import { openTraceFile } from '../../src/trace/traceFile';
import { sizedRecord, tempTrace } from './traceSupport';

// a file deleted between a writer's open and its write: `beforeWrite` runs just before the next
// writes to the trace file itself (`traceFile`), not to its lock: whether an append takes the lock
// depends on whether the file made again got the deleted one's inode number, which the file
// system decides
const hooks = vi.hoisted(() => ({ beforeWrite: [] as (() => void)[], traceFile: '' }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  // what a descriptor was opened as (Linux): the path, with ' (deleted)' once it is removed
  const writesToTrace = (fd: number): boolean =>
    actual.readlinkSync(`/proc/self/fd/${fd}`).replace(/ \(deleted\)$/, '') === hooks.traceFile;
  const writeSync = ((...args: Parameters<typeof actual.writeSync>) => {
    if (writesToTrace(args[0])) hooks.beforeWrite.shift()?.();
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
    hooks.traceFile = path.join(realpathSync(path.dirname(file)), path.basename(file));
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
