import { describe, expect, it } from 'vitest';
import { isBlankPath, pathForms } from '../../src/paths/pathForms';

describe('pathForms', () => {
  const cases: ReadonlyArray<{ name: string; written: string; forms: readonly string[] }> = [
    { name: 'keeps a path with no whitespace at its ends as it is', written: 'src/a b.ts', forms: ['src/a b.ts'] },
    {
      name: 'adds the trimmed form of a leading space',
      written: ' .intentignore',
      forms: [' .intentignore', '.intentignore'],
    },
    { name: 'adds the trimmed form of a trailing space', written: 'docs/a.md ', forms: ['docs/a.md ', 'docs/a.md'] },
    { name: 'trims tabs, newlines and carriage returns', written: '\t.env\r\n', forms: ['\t.env\r\n', '.env'] },
    { name: 'trims a no-break space', written: '\u00a0docs', forms: ['\u00a0docs', 'docs'] },
    { name: 'trims a byte-order mark', written: '\ufeffdocs', forms: ['\ufeffdocs', 'docs'] },
    { name: "trims Python's separators \\x1c to \\x1f", written: 'docs\x1f', forms: ['docs\x1f', 'docs'] },
    { name: 'trims a next-line character', written: 'docs\u0085', forms: ['docs\u0085', 'docs'] },
    { name: 'keeps whitespace inside a path', written: ' a / b ', forms: [' a / b ', 'a / b'] },
    { name: 'keeps a blank path as written only', written: '   ', forms: ['   '] },
  ];

  it.each(cases)('$name', ({ written, forms }) => {
    expect(pathForms(written)).toEqual(forms);
  });
});

describe('isBlankPath', () => {
  it.each([
    { written: '', blank: true },
    { written: ' ', blank: true },
    { written: '\t\n\r', blank: true },
    { written: '\u3000', blank: true },
    { written: ' a ', blank: false },
    { written: '.', blank: false },
  ])('says $blank for $written', ({ written, blank }) => {
    expect(isBlankPath(written)).toBe(blank);
  });
});
