import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LookupMemo } from '../../src/paths/lookupMemo';
import { resolveThroughLinks } from '../../src/paths/realPath';

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
    expect(new LookupMemo().isLinkFree(path.posix.join(ROOT, relative))).toBe(expected);
  });

  it('records the ancestors of a link-free path as link-free, up to the file system root', () => {
    const memo = new LookupMemo();
    expect(memo.isLinkFree(path.posix.join(ROOT, 'src/auth'))).toBe(true);
    for (const folder of [path.posix.join(ROOT, 'src'), ROOT, path.dirname(ROOT), '/'])
      expect(memo.knownLinkFree(folder)).toBe(true);
    expect(memo.knownLinkFree(path.posix.join(ROOT, 'inner'))).toBeUndefined();
  });

  it('answers lstat from the memo the second time, a missing entry too', () => {
    const memo = new LookupMemo();
    const absent = path.posix.join(ROOT, 'absent');
    expect(memo.lstat(absent)).toBeUndefined();
    expect(memo.looked(absent)).toBe(true);
    expect(memo.lstat(path.posix.join(ROOT, 'src'))?.isDirectory()).toBe(true);
    // a file made after the first lookup is not seen in the same decision, only in a new one
    mkdirSync(absent);
    expect(memo.lstat(absent)).toBeUndefined();
    expect(new LookupMemo().lstat(absent)?.isDirectory()).toBe(true);
  });

  it('keeps every answer of a decision that looks up many paths, each looked up once', () => {
    const memo = new LookupMemo();
    const paths = Array.from({ length: 40 }, (_, index) =>
      path.posix.join(ROOT, index % 2 === 0 ? `gone-${index}` : 'src'),
    );
    const first = paths.map((each) => memo.lstat(each)?.isDirectory());
    expect(memo.lookups).toBe(21);
    for (const each of paths) expect(memo.looked(each)).toBe(true);
    // made after the first lookups: the same decision still answers what it saw
    for (const [index, each] of paths.entries()) if (index % 2 === 0) mkdirSync(each);
    expect(paths.map((each) => memo.lstat(each)?.isDirectory())).toEqual(first);
    expect(first.filter((answer) => answer === true)).toHaveLength(20);
    expect(memo.lookups).toBe(21);
  });

  it('gives a component walk its lstat answers, so that two paths through the same folders and links look each up once', () => {
    const memo = new LookupMemo();
    const first = path.posix.join(ROOT, 'inner/auth/one.ts');
    const second = path.posix.join(ROOT, 'inner/auth/two.ts');
    const walked = [resolveThroughLinks('/', first, memo), resolveThroughLinks('/', second, memo)];
    // the walk sharing one memo lands where a walk with a memo of its own lands
    expect(walked).toEqual([
      resolveThroughLinks('/', first, new LookupMemo()),
      resolveThroughLinks('/', second, new LookupMemo()),
    ]);
    expect(walked.map((each) => each.path)).toEqual([
      path.posix.join(ROOT, 'src/auth/one.ts'),
      path.posix.join(ROOT, 'src/auth/two.ts'),
    ]);
    expect(walked[0]?.links).toEqual([
      { link: path.posix.join(ROOT, 'inner'), target: path.posix.join(ROOT, 'src'), dangling: false },
    ]);
    // every folder down to the root's, the link, its target, auth, and the two files: once each
    const folders = ROOT.split('/').filter((part) => part !== '').length;
    expect(memo.lookups).toBe(folders + 5);
  });
});
