import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTrace } from '../../src/index';
import { folderNames, tempTrace } from './traceSupport';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const SCRIPT = fileURLToPath(new URL('fixtures/appendRotated.ts', import.meta.url));
const COUNT = 300;
const KEEP = 100;
// 600 lines of 150 to 1,400 bytes fill about 30 files: `keep` drops none
const MAX_BYTES = 16 * 1024;

/** Runs the appending script in a new process; resolves with its exit code and output. */
function appendFrom(
  args: readonly string[],
): Promise<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }> {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, SCRIPT, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const killer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('two processes appending to one rotated trace at once', () => {
  it("lose no line, split none, keep each writer's lines in order, and report no change", async () => {
    const file = tempTrace();
    // both start appending together, after both processes have loaded
    const startAt = String(Date.now() + 3_000);
    const runs = await Promise.all(
      ['left', 'right'].map((writer) =>
        appendFrom([file, writer, String(COUNT), String(MAX_BYTES), String(KEEP), startAt]),
      ),
    );
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ changes: 0 });
    }
    const read = readTrace(file, { rotated: true });
    expect([read.skipped, read.notices.length]).toEqual([0, 0]);
    const tools = read.records.map((record) => record.tool);
    expect(tools).toHaveLength(2 * COUNT);
    for (const writer of ['left', 'right']) {
      expect(tools.filter((tool) => tool.startsWith(`${writer}-`))).toEqual(
        Array.from({ length: COUNT }, (_, index) => `${writer}-${index}`),
      );
    }
    // every line whole: each record is the one its writer made, padding included
    expect(
      read.records.every(
        (record) => record.reasons[0]?.message === 'm'.repeat(record.reasons[0]?.message.length ?? -1),
      ),
    ).toBe(true);
    // many rotations, none dropped by keep, no lock left behind
    const names = folderNames(file);
    expect(names.length).toBeGreaterThan(10);
    expect(names.length).toBeLessThan(KEEP + 1);
    expect(names.every((name) => /^agent_trace\.jsonl(\.\d+)?$/.test(name))).toBe(true);
    // the two really wrote at once: their lines alternate somewhere
    expect(tools.some((tool, index) => index > 0 && tool.split('-')[0] !== tools[index - 1]?.split('-')[0])).toBe(true);
  });
});
