import { describe, expect, it } from 'vitest';
import { filesBelow } from '../../../src/shell/catalog/filesBelowFolder';
import { staticWord } from '../../../src/shell/words/shellWord';

// a folder named as a whole stands for any file below it ('*/*'); any other path names itself

describe('a folder named as a whole is any file below it', () => {
  it.each([
    { name: 'the folder the command runs in', path: '.', expected: '*/*' },
    { name: 'the same with a trailing slash', path: './', expected: '*/*' },
    { name: 'the same written twice', path: './.', expected: '*/*' },
    { name: 'a folder below, named by its dot', path: 'out/.', expected: 'out/*/*' },
    { name: 'the root folder, named by its dot', path: '/.', expected: '/*/*' },
    { name: 'a folder named plainly names itself', path: 'out', expected: undefined },
    { name: 'a folder with a trailing slash names itself', path: 'out/', expected: undefined },
    { name: 'the parent folder names itself', path: '..', expected: undefined },
    { name: 'a file below the folder names itself', path: './a.md', expected: undefined },
    { name: 'any file below already names itself', path: '*/*', expected: undefined },
  ])('$name: $path', ({ path, expected }) => {
    expect(filesBelow(staticWord(path))?.value).toBe(expected);
  });

  it('leaves a word built at run time alone', () => {
    expect(filesBelow({ value: undefined, literal: undefined, source: '"$DIR"' })).toBeUndefined();
  });
});
