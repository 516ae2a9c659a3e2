import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createGovernor, readTrace, type GovernorOptions } from '../../src/index';
import { openTraceFile, type TraceFileOptions } from '../../src/trace/traceFile';
import { makeWorkspace } from '../support/workspace';
import { sizedRecord, tempTrace } from './traceSupport';

// each fsync is recorded, file or folder, and still done
const { seen } = vi.hoisted(() => ({ seen: [] as string[] }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return {
    ...actual,
    fsyncSync: (fd: number) => {
      seen.push(actual.fstatSync(fd).isDirectory() ? 'folder' : 'file');
      actual.fsyncSync(fd);
    },
  };
});

const cases: ReadonlyArray<{
  readonly name: string;
  readonly options: TraceFileOptions;
  readonly lines: readonly number[];
  readonly expected: readonly string[];
}> = [
  { name: 'no fsync unless asked', options: {}, lines: [200, 200, 200], expected: [] },
  {
    name: 'no fsync when asked not to, with rotation',
    options: { fsync: false, rotation: { maxBytes: 4096, keep: 2 } },
    lines: [3000, 3000],
    expected: [],
  },
  {
    name: 'the file after each append, and its folder when the file is made',
    options: { fsync: true },
    lines: [200, 200, 200],
    expected: ['file', 'folder', 'file', 'file'],
  },
  {
    name: 'the folder again after each rotation',
    options: { fsync: true, rotation: { maxBytes: 4096, keep: 2 } },
    lines: [3000, 3000, 500, 3000],
    expected: ['file', 'folder', 'file', 'folder', 'file', 'file', 'folder'],
  },
];

describe('fsync of the trace', () => {
  beforeEach(() => {
    seen.length = 0;
  });

  it.each(cases)('$name', ({ options, lines, expected }) => {
    const file = tempTrace();
    const trace = openTraceFile(file, options);
    lines.forEach((bytes, index) => trace.append(sizedRecord(`t${index}`, bytes)));
    expect(seen).toEqual(expected);
    expect(readTrace(file, { rotated: true }).records.map((record) => record.tool)).toEqual(
      lines.map((_, index) => `t${index}`),
    );
  });
});

describe('the traceFsync option', () => {
  beforeEach(() => {
    seen.length = 0;
  });

  it.each([
    {
      name: 'fsyncs each traced decision when true',
      options: { traceFsync: true },
      expected: ['file', 'folder', 'file'],
    },
    { name: 'fsyncs nothing by default', options: {}, expected: [] },
  ])('$name', ({ options, expected }: { options: GovernorOptions; expected: string[] }) => {
    const root = makeWorkspace({ intentsYaml: 'active_intents:\n  - id: INT-1\n    owned_scope: [src/**]\n' });
    const governor = createGovernor({ workspaceRoot: root, ...options });
    governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    governor.userPrompt('work on src');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
    for (const name of ['a', 'b'])
      expect(governor.handleToolCall('execute_command', { command: `echo x > src/${name}.txt` }).allowed).toBe(true);
    expect(seen).toEqual(expected);
  });
});
