import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The formatter wraps code at its print width but leaves a long string or comment as it is: a
// line over this many characters is split by hand, so every line of code can be read whole.
const MAX_LINE = 160;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CODE = /^(?:src|test|scripts|machines)\/.*\.(?:ts|js|mjs|css|html)$/;

/** The tracked files of code; data kept beside the tests (corpora, sessions) is not code. */
function codeFiles(): string[] {
  const listed = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed.split('\n').filter((file) => CODE.test(file) && !file.includes('/data/'));
}

describe('the length of lines', () => {
  it(`keeps every line of code within ${MAX_LINE} characters`, () => {
    const files = codeFiles();
    // read from a clone: no listing would make the check pass on nothing
    expect(files.length).toBeGreaterThan(100);
    const long: string[] = [];
    for (const file of files) {
      const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        // characters, not bytes: the Russian texts count each letter once
        if ([...line].length > MAX_LINE) long.push(`${file}:${index + 1} (${[...line].length})`);
      });
    }
    expect(long).toEqual([]);
  });
});
