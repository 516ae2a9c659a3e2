import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLinkFree, lstatOnce, newLookupMemo } from '../../src/paths/lookupMemo';

const ROOT = realpathSync.native(mkdtempSync(path.join(tmpdir(), 'intentgate-lookups-')));
mkdirSync(path.join(ROOT, 'src/auth'), { recursive: true });
symlinkSync('src', path.join(ROOT, 'inner'));

afterAll(() => {
  rmSync(ROOT, { recursive: true, force: true });
});

describe('lookupMemo', () => {
  it.each([
    { name: 'a folder with no link on it', relative: 'src/auth', expected: true },
    { name: 'not a link', relative: 'inner', expected: false },
    { name: 'not a path below a link', relative: 'inner/auth', expected: false },
    { name: 'not a missing path', relative: 'src/absent', expected: false },
  ])('isLinkFree: $name', ({ relative, expected }) => {
    expect(isLinkFree(path.posix.join(ROOT, relative), newLookupMemo())).toBe(expected);
  });

  it('records the ancestors of a link-free path as link-free, up to the file system root', () => {
    const memo = newLookupMemo();
    expect(isLinkFree(path.posix.join(ROOT, 'src/auth'), memo)).toBe(true);
    for (const folder of [path.posix.join(ROOT, 'src'), ROOT, path.dirname(ROOT), '/']) expect(memo.knownLinkFree(folder)).toBe(true);
    expect(memo.knownLinkFree(path.posix.join(ROOT, 'inner'))).toBeUndefined();
  });

  it('answers lstat from the memo the second time, a missing entry too', () => {
    const memo = newLookupMemo();
    const absent = path.posix.join(ROOT, 'absent');
    expect(lstatOnce(absent, memo)).toBeUndefined();
    expect(memo.looked(absent)).toBe(true);
    expect(lstatOnce(path.posix.join(ROOT, 'src'), memo)?.isDirectory()).toBe(true);
    // a file made after the first lookup is not seen in the same decision, only in a new one
    mkdirSync(absent);
    expect(lstatOnce(absent, memo)).toBeUndefined();
    expect(lstatOnce(absent, newLookupMemo())?.isDirectory()).toBe(true);
  });
});
