import { linkSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveThroughLinks } from '../../src/paths/realPath';
import { isAtOrBelow } from '../../src/paths/pathBelow';
import { LookupMemo } from '../../src/paths/lookupMemo';
import { resolveWithoutLinks } from '../../src/paths/resolveWithoutLinks';

// one real tree for every case: folders, files, a hard-linked file and links of every kind
const ROOT = realpathSync.native(mkdtempSync(path.join(tmpdir(), 'intentgate-linkfree-')));
const OUTSIDE = realpathSync.native(mkdtempSync(path.join(tmpdir(), 'intentgate-linkfree-out-')));
mkdirSync(path.join(ROOT, 'src/auth'), { recursive: true });
writeFileSync(path.join(ROOT, 'src/auth/jwt.ts'), 'x');
writeFileSync(path.join(ROOT, 'twin.ts'), 'x');
linkSync(path.join(ROOT, 'twin.ts'), path.join(OUTSIDE, 'twin.ts'));
symlinkSync('src', path.join(ROOT, 'inner'));
symlinkSync(OUTSIDE, path.join(ROOT, 'out'));
symlinkSync('nowhere', path.join(ROOT, 'dangling'));
symlinkSync('loop', path.join(ROOT, 'loop'));
symlinkSync('auth/jwt.ts', path.join(ROOT, 'src/token'));

afterAll(() => {
  rmSync(ROOT, { recursive: true, force: true });
  rmSync(OUTSIDE, { recursive: true, force: true });
});

interface Case {
  readonly name: string;
  readonly relative: string;
  /** the entry seen, or 'walk' when the component walk must decide */
  readonly expected: { readonly kind: string; readonly names?: number } | 'walk';
}

const cases: readonly Case[] = [
  {
    name: 'sees an existing file with its one name',
    relative: 'src/auth/jwt.ts',
    expected: { kind: 'file', names: 1 },
  },
  { name: 'sees an existing folder', relative: 'src/auth', expected: { kind: 'folder' } },
  {
    name: 'sees a new file in an existing folder as missing',
    relative: 'src/auth/new.ts',
    expected: { kind: 'missing' },
  },
  {
    name: 'sees a path under a new folder as missing',
    relative: 'src/billing/deep/invoice.ts',
    expected: { kind: 'missing' },
  },
  { name: 'counts the names of a hard-linked file', relative: 'twin.ts', expected: { kind: 'file', names: 2 } },
  { name: 'leaves a link to a folder inside to the walk', relative: 'inner/auth/jwt.ts', expected: 'walk' },
  { name: 'leaves a link out of the workspace to the walk', relative: 'out/x.ts', expected: 'walk' },
  { name: 'leaves a dangling link to the walk', relative: 'dangling', expected: 'walk' },
  { name: 'leaves a path below a dangling link to the walk', relative: 'dangling/x.ts', expected: 'walk' },
  { name: 'leaves a link loop to the walk', relative: 'loop/x', expected: 'walk' },
  { name: 'leaves a link as the last name to the walk', relative: 'src/token', expected: 'walk' },
  { name: 'leaves a file used as a folder to the walk', relative: 'src/auth/jwt.ts/x', expected: 'walk' },
];

describe('resolveWithoutLinks', () => {
  it.each(cases)('$name', ({ relative, expected }) => {
    const absolute = path.posix.join(ROOT, relative);
    const found = resolveWithoutLinks(absolute, ROOT);
    if (expected === 'walk') {
      expect(found).toBeUndefined();
    } else {
      expect(found?.path).toBe(absolute);
      expect(found?.entry).toMatchObject(expected);
    }
  });

  it('leaves a path whose nearest existing entry is above the floor to the walk', () => {
    expect(resolveWithoutLinks(path.posix.join(ROOT, 'absent/a/b'), path.posix.join(ROOT, 'absent'))).toBeUndefined();
    expect(resolveWithoutLinks('/etc/passwd', ROOT)).toBeUndefined();
  });

  it('finds what the component walk finds, with no link on the way, for any path in the tree', () => {
    const name = fc.constantFrom(
      'src',
      'auth',
      'jwt.ts',
      'new.ts',
      'inner',
      'out',
      'dangling',
      'loop',
      'token',
      'twin.ts',
      '.',
      '',
    );
    let agreed = 0;
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 5 }), (names) => {
        const relative = names.join('/');
        const absolute = path.posix.resolve(ROOT, relative);
        const found = resolveWithoutLinks(absolute, ROOT);
        if (found === undefined) return;
        const walked = resolveThroughLinks(ROOT, relative, new LookupMemo());
        expect(walked.links).toEqual([]);
        expect(found.path).toBe(walked.path);
        const stats = lstatSync(absolute, { throwIfNoEntry: false });
        expect(found.entry?.kind === 'missing').toBe(stats === undefined);
        agreed += 1;
      }),
      { numRuns: 400 },
    );
    // the property says something only if the fast answer is given often enough
    expect(agreed).toBeGreaterThan(20);
  });
});

describe('resolveWithoutLinks with the lookups of one decision', () => {
  const name = fc.constantFrom(
    'src',
    'auth',
    'jwt.ts',
    'new.ts',
    'deep',
    'inner',
    'out',
    'dangling',
    'loop',
    'token',
    'twin.ts',
    '.',
    '',
  );
  const relativePath = fc.array(name, { minLength: 1, maxLength: 5 }).map((names) => names.join('/'));

  it('answers every path of a decision as lookups made afresh answer it', () => {
    fc.assert(
      fc.property(
        fc.array(relativePath, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('', 'src', 'absent'),
        (relatives, below) => {
          const floor = path.posix.join(ROOT, below);
          // the workspace root is asked of realpath alone: the floor may be it, or a folder below it that may be missing
          const memo = new LookupMemo(ROOT);
          for (const relative of relatives) {
            const absolute = path.posix.resolve(floor, relative);
            const remembered = resolveWithoutLinks(absolute, floor, memo);
            const fresh = resolveWithoutLinks(absolute, floor);
            expect(remembered?.path).toBe(fresh?.path);
            // the root alone may be answered by where it is, its entry left to the checks that need it
            if (remembered?.entry !== undefined || absolute !== ROOT) expect(remembered?.entry).toEqual(fresh?.entry);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('leaves a path in a missing workspace root to the walk, the root asked of realpath alone', () => {
    const missingRoot = path.posix.join(ROOT, 'absent');
    expect(
      resolveWithoutLinks(path.posix.join(missingRoot, 'a/b.ts'), missingRoot, new LookupMemo(missingRoot)),
    ).toBeUndefined();
    expect(
      resolveWithoutLinks(
        path.posix.join(ROOT, 'out/x.ts'),
        path.posix.join(ROOT, 'out'),
        new LookupMemo(path.posix.join(ROOT, 'out')),
      ),
    ).toBeUndefined();
  });

  it('says where the workspace root is with one realpath, leaving what is there to the checks that need it', () => {
    const memo = new LookupMemo(ROOT);
    expect(resolveWithoutLinks(ROOT, ROOT, memo)).toEqual({ path: ROOT, entry: undefined });
    expect(memo.lookups).toBe(0);
    // with no workspace root named, the root is a path like any other, its entry seen
    expect(resolveWithoutLinks(ROOT, ROOT, new LookupMemo())?.entry).toMatchObject({ kind: 'folder' });
  });

  it('looks no path up twice in one decision', () => {
    const memo = new LookupMemo();
    resolveWithoutLinks(path.posix.join(ROOT, 'src/billing/deep/invoice.ts'), ROOT, memo);
    const looked = memo.lookups;
    expect(resolveWithoutLinks(path.posix.join(ROOT, 'src/billing/deep/other.ts'), ROOT, memo)?.entry).toEqual({
      kind: 'missing',
    });
    // only the new file itself: its folders were seen missing, the folder above them without links
    expect(memo.lookups).toBe(looked + 1);
  });
});

describe('isAtOrBelow', () => {
  it.each([
    { name: 'the folder itself', parent: '/ws', child: '/ws', expected: true },
    { name: 'a path below it', parent: '/ws', child: '/ws/a', expected: true },
    { name: 'not a sibling sharing its name as a prefix', parent: '/ws', child: '/ws-evil/a', expected: false },
    { name: 'everything below the file system root', parent: '/', child: '/a', expected: true },
    { name: 'not its parent', parent: '/ws/a', child: '/ws', expected: false },
  ])('$name', ({ parent, child, expected }) => {
    expect(isAtOrBelow(parent, child)).toBe(expected);
  });

  it('is the parent itself or a path starting with the parent and a separator', () => {
    const segment = fc.constantFrom('ws', 'ws-evil', 'w', 'a', '');
    const absolute = fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
    fc.assert(
      fc.property(absolute, absolute, (parent, child) => {
        expect(isAtOrBelow(parent, child)).toBe(
          child === parent || child.startsWith(parent === '/' ? '/' : `${parent}/`),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
