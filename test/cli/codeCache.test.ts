import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeCacheKey } from '../../src/cli/codeCache';
import { REPO_ROOT } from './cliHarness';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const CODE_CACHE = pathToFileURL(path.join(REPO_ROOT, 'src/cli/codeCache.ts')).href;
const TIMEOUT_MS = 20_000;

/** Runs `file` through runWithCodeCache in a child process, as the bin does; resolves with its stdout. */
function runCached(file: string, cacheFile: string, build = 'test-build'): Promise<string> {
  const script = `import { runWithCodeCache } from ${JSON.stringify(CODE_CACHE)}; runWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cacheFile)}, ${JSON.stringify(build)});`;
  const child = spawn(process.execPath, ['--import', TSX_LOADER, '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`exit ${String(code)}: ${stderr}`)))),
  );
}

const program = (word: string): string =>
  `#!/usr/bin/env node\nconst path = require('node:path');\nprocess.stdout.write(${JSON.stringify(word)} + ' ' + path.basename(__filename) + ' ' + (typeof module.exports) + '\\n');\n`;

describe('runWithCodeCache', () => {
  it('runs the file as CommonJS, writes the cache at exit, and reuses it untouched', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intentgate-code-cache-'));
    const file = path.join(dir, 'bundle.cjs');
    const cacheFile = `${file}.v8cache`;
    writeFileSync(file, program('first'));
    expect(await runCached(file, cacheFile)).toBe('first bundle.cjs object\n');
    const written = readFileSync(cacheFile);
    expect(written.subarray(0, written.indexOf(0x0a)).toString('utf8')).toBe(codeCacheKey(file, 'test-build'));
    const writtenAt = statSync(cacheFile).mtimeMs;
    expect(await runCached(file, cacheFile)).toBe('first bundle.cjs object\n');
    expect(statSync(cacheFile).mtimeMs).toBe(writtenAt);
  }, TIMEOUT_MS);

  it('never runs the cache of a file rewritten to the same length', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intentgate-code-cache-'));
    const file = path.join(dir, 'bundle.cjs');
    const cacheFile = `${file}.v8cache`;
    writeFileSync(file, program('alpha'));
    expect(await runCached(file, cacheFile)).toBe('alpha bundle.cjs object\n');
    writeFileSync(file, program('omega'));
    // the same length and a later time: only the key tells the two files apart
    const later = new Date(statSync(file).mtimeMs + 5_000);
    utimesSync(file, later, later);
    expect(await runCached(file, cacheFile)).toBe('omega bundle.cjs object\n');
  }, TIMEOUT_MS);

  it('runs without a cache it cannot write', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intentgate-code-cache-'));
    const file = path.join(dir, 'bundle.cjs');
    writeFileSync(file, program('plain'));
    expect(await runCached(file, path.join(dir, 'missing-folder', 'bundle.cjs.v8cache'))).toBe('plain bundle.cjs object\n');
  }, TIMEOUT_MS);
});
