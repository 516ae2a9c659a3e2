import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeCacheKey, runLabel } from '../../src/cli/codeCache';
import { REPO_ROOT } from './cliHarness';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const CODE_CACHE = pathToFileURL(path.join(REPO_ROOT, 'src/cli/codeCache.ts')).href;
const TIMEOUT_MS = 120_000;

/** Runs `file` through runWithCodeCache in a child process, as the bin does; resolves with its stdout. */
function runCached(file: string, cacheFile: string, label = 'decide', wrapped = false): Promise<string> {
  const run = { file, cacheFile, build: 'test-build', label, wrapped };
  const script = `import { runWithCodeCache } from ${JSON.stringify(CODE_CACHE)}; runWithCodeCache(${JSON.stringify(run)});`;
  const child = spawn(process.execPath, ['--import', TSX_LOADER, '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`exit ${String(code)}: ${stderr}`)))),
  );
}

/** The two header lines of a cache file: its key and the kinds of run it covers. */
function header(cacheFile: string): string[] {
  const bytes = readFileSync(cacheFile);
  const keyEnd = bytes.indexOf(0x0a);
  return [
    bytes.subarray(0, keyEnd).toString('utf8'),
    bytes.subarray(keyEnd + 1, bytes.indexOf(0x0a, keyEnd + 1)).toString('utf8'),
  ];
}

/** A temporary folder holding a bundle that prints `word`; its cache file is beside it. */
function tempBundle(word: string): { file: string; cacheFile: string; dir: string } {
  const dir = mkdtempSync(path.join(process.env.INTENTGATE_TEST_TMP ?? tmpdir(), 'intentgate-code-cache-'));
  const file = path.join(dir, 'bundle.cjs');
  writeFileSync(file, program(word));
  return { file, cacheFile: `${file}.v8cache`, dir };
}

const program = (word: string): string =>
  `#!/usr/bin/env node\nconst path = ` +
  `require('node:path');\nprocess.stdout.write(${JSON.stringify(word)} + ' ' + path.basename(__filename) + ' ' + (typeof module.exports) + '\\n');\n`;

const LABEL_CASES = [
  { name: 'a subcommand', argv: ['hook', 'claude-code'], label: 'hook' },
  { name: 'a subcommand with a dash', argv: ['mcp-proxy', '--', 'node'], label: 'mcp-proxy' },
  { name: 'no arguments', argv: [], label: '-' },
  { name: 'a flag', argv: ['--help'], label: '-' },
  { name: 'a word that could not name a subcommand', argv: ['a,b\nc'], label: '-' },
  { name: 'a word too long for a subcommand', argv: ['a'.repeat(40)], label: '-' },
];

describe('runLabel', () => {
  it.each(LABEL_CASES)('labels $name', ({ argv, label }) => {
    expect(runLabel(argv)).toBe(label);
  });
});

describe('runWithCodeCache', () => {
  it(
    'runs the file as CommonJS, writes the cache at exit, and reuses it untouched',
    async () => {
      const { file, cacheFile } = tempBundle('first');
      expect(await runCached(file, cacheFile)).toBe('first bundle.cjs object\n');
      expect(header(cacheFile)).toEqual([codeCacheKey(file, 'test-build'), 'decide']);
      const writtenAt = statSync(cacheFile).mtimeMs;
      expect(await runCached(file, cacheFile)).toBe('first bundle.cjs object\n');
      expect(statSync(cacheFile).mtimeMs).toBe(writtenAt);
    },
    TIMEOUT_MS,
  );

  it(
    'adds what a new kind of run compiled, once',
    async () => {
      const { file, cacheFile } = tempBundle('kinds');
      await runCached(file, cacheFile, 'decide');
      expect(await runCached(file, cacheFile, 'hook')).toBe('kinds bundle.cjs object\n');
      expect(header(cacheFile)[1]).toBe('decide,hook');
      const writtenAt = statSync(cacheFile).mtimeMs;
      await runCached(file, cacheFile, 'hook');
      expect(statSync(cacheFile).mtimeMs).toBe(writtenAt);
    },
    TIMEOUT_MS,
  );

  it(
    'never runs the cache of a file rewritten to the same length',
    async () => {
      const { file, cacheFile } = tempBundle('alpha');
      expect(await runCached(file, cacheFile)).toBe('alpha bundle.cjs object\n');
      writeFileSync(file, program('omega'));
      // the same length and a later time: only the key tells the two files apart
      const later = new Date(statSync(file).mtimeMs + 5_000);
      utimesSync(file, later, later);
      expect(await runCached(file, cacheFile)).toBe('omega bundle.cjs object\n');
    },
    TIMEOUT_MS,
  );

  it.each([
    { name: 'ASCII', word: 'ascii' },
    { name: 'UTF-8 beyond ASCII', word: 'ключ-\u{1F511}' },
  ])(
    'runs $name text as written, wrapped or not, and from its cache',
    async ({ word }) => {
      const { file, cacheFile, dir } = tempBundle(word);
      const wrappedFile = path.join(dir, 'wrapped.cjs');
      writeFileSync(wrappedFile, Module.wrap(program(word).replace(/^#!.*/, '')));
      for (let run = 0; run < 2; run++) {
        expect(await runCached(file, cacheFile)).toBe(`${word} bundle.cjs object\n`);
        expect(await runCached(wrappedFile, `${wrappedFile}.v8cache`, 'decide', true)).toBe(
          `${word} wrapped.cjs object\n`,
        );
      }
    },
    TIMEOUT_MS,
  );

  it(
    'runs without a cache it cannot write',
    async () => {
      const { file, dir } = tempBundle('plain');
      expect(await runCached(file, path.join(dir, 'missing-folder', 'bundle.cjs.v8cache'))).toBe(
        'plain bundle.cjs object\n',
      );
    },
    TIMEOUT_MS,
  );
});
