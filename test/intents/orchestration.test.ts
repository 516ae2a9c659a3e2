import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isOrchestrationPresent } from '../../src/intents/orchestration';

const ROOT = mkdtempSync(path.join(tmpdir(), 'intentgate-orchestration-'));
mkdirSync(path.join(ROOT, 'folder'));
writeFileSync(path.join(ROOT, 'file'), 'x');
symlinkSync('folder', path.join(ROOT, 'link-to-folder'));
symlinkSync('file', path.join(ROOT, 'link-to-file'));
symlinkSync('nowhere', path.join(ROOT, 'dangling'));

afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

const cases = [
  { name: 'a folder is present', dir: path.join(ROOT, 'folder'), expected: true },
  { name: 'a link to a folder is present', dir: path.join(ROOT, 'link-to-folder'), expected: true },
  { name: 'a folder named with a trailing separator is present', dir: `${path.join(ROOT, 'folder')}/`, expected: true },
  { name: 'a file is not', dir: path.join(ROOT, 'file'), expected: false },
  { name: 'a link to a file is not', dir: path.join(ROOT, 'link-to-file'), expected: false },
  { name: 'a dangling link is not', dir: path.join(ROOT, 'dangling'), expected: false },
  { name: 'a missing folder is not', dir: path.join(ROOT, 'missing'), expected: false },
  { name: 'a path through a file is not', dir: path.join(ROOT, 'file', 'inner'), expected: false },
  { name: 'an empty path is not', dir: '', expected: false },
];

describe('isOrchestrationPresent', () => {
  it.each(cases)('$name', ({ dir, expected }) => {
    expect(isOrchestrationPresent(dir)).toBe(expected);
  });
});
