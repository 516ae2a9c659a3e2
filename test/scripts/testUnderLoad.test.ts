import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = path.join(REPO_ROOT, 'scripts', 'testUnderLoad.ts');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs `npm run test:load` as a user would, waiting for its exit. */
function runLoad(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  // no colours, so the output reads as text
  const child = spawn(process.execPath, ['--import', TSX_LOADER, SCRIPT, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run test:load', () => {
  it('runs vitest with the arguments it does not take itself, and exits with its code', async () => {
    const run = await runLoad(['--burners', '1', '--project', 'unit', 'test/scripts/testRunScripts.test.ts']);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/Test Files +1 passed/);
    expect(run.output).toContain('test:load: vitest exited 0 after');
    expect(run.output).toContain('beside 1 CPU-bound processes');
  });

  it('refuses a burner count it cannot use, with exit code 2', async () => {
    const run = await runLoad(['--burners', 'many']);
    expect(run).toEqual({
      code: 2,
      output: expect.stringContaining('--burners takes a whole number from 0 to 16, got many'),
    });
  });
});
