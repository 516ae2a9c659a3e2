import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childOf, lexicalPath, parentOf } from '../../src/paths/lexicalPath';

const cases: readonly {
  readonly name: string;
  readonly from: string;
  readonly written: string;
  readonly expected: string;
}[] = [
  { name: 'joins plain components', from: '/ws', written: 'src/a.ts', expected: '/ws/src/a.ts' },
  { name: 'joins below the filesystem root', from: '/', written: 'etc/passwd', expected: '/etc/passwd' },
  { name: 'keeps an absolute path', from: '/ws', written: '/etc/passwd', expected: '/etc/passwd' },
  { name: "drops a '.' component", from: '/ws', written: './src/./a.ts', expected: '/ws/src/a.ts' },
  { name: "applies a '..' component", from: '/ws', written: 'src/../../etc', expected: '/etc' },
  { name: 'drops empty components and a trailing slash', from: '/ws', written: 'src//auth/', expected: '/ws/src/auth' },
  { name: 'gives the folder for an empty path', from: '/ws', written: '', expected: '/ws' },
  { name: 'keeps a name that only starts with dots', from: '/ws', written: '...a/.b', expected: '/ws/...a/.b' },
];

// components drawn to hit every form resolving changes: '.', '..', empty, dotted names
const component = fc.constantFrom('', '.', '..', '...', '.a', 'a.', 'src', 'a b', '~', '\\');
const written = fc
  .tuple(fc.boolean(), fc.array(component, { maxLength: 6 }))
  .map(([absolute, parts]) => `${absolute ? '/' : ''}${parts.join('/')}`);
const from = fc.constantFrom('/', '/ws', '/tmp/a b/ws');

describe('lexicalPath', () => {
  it.each(cases)('$name', ({ from: start, written: text, expected }) => {
    expect(lexicalPath(start, text)).toBe(expected);
  });

  it('is path.posix.resolve for every normalised absolute start', () => {
    fc.assert(
      fc.property(from, fc.oneof(written, fc.string()), (start, text) => {
        expect(lexicalPath(start, text)).toBe(path.posix.resolve(start, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('childOf and parentOf are path.posix.join and path.posix.dirname on normalised absolute paths', () => {
    const plain = fc
      .array(fc.constantFrom('a', 'src', '.git', 'a b', '...'), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('/'));
    fc.assert(
      fc.property(from, plain, (folder, name) => {
        const child = childOf(folder, name);
        expect(child).toBe(path.posix.join(folder, name));
        expect(parentOf(child)).toBe(path.posix.dirname(child));
        expect(parentOf(folder)).toBe(path.posix.dirname(folder));
      }),
      { numRuns: 500 },
    );
  });
});
