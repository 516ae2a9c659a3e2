import { describe, expect, it } from 'vitest';
import { type DecodedPath, decodeMeaningfulEscapes } from '../../src/paths/decodeMeaningfulEscapes';

const cases: readonly { readonly name: string; readonly input: string; readonly expected: DecodedPath }[] = [
  {
    name: 'keeps a path without escapes',
    input: 'src/a.ts',
    expected: { text: 'src/a.ts', reasons: [], exhausted: false },
  },
  {
    name: 'decodes an escaped separator',
    input: 'a%2Fb',
    expected: { text: 'a/b', reasons: ['percent-encoded separators'], exhausted: false },
  },
  {
    name: 'decodes escaped dot segments',
    input: '%2e%2e/x',
    expected: { text: '../x', reasons: ['percent-encoded dots'], exhausted: false },
  },
  {
    name: 'decodes three layers of encoding',
    input: '%25252e%25252e%25252f',
    expected: {
      text: '../',
      reasons: ['double percent-encoding', 'percent-encoded dots', 'percent-encoded separators'],
      exhausted: false,
    },
  },
  {
    name: 'keeps an escaped dot that forms no segment as written',
    input: 'a%2etxt',
    expected: { text: 'a%2etxt', reasons: [], exhausted: false },
  },
  {
    name: 'keeps a lone %25 as written',
    input: '50%25off',
    expected: { text: '50%25off', reasons: [], exhausted: false },
  },
  {
    name: 'leaves escapes of other characters alone',
    input: 'a%20b%2fc',
    expected: { text: 'a%20b/c', reasons: ['percent-encoded separators'], exhausted: false },
  },
  {
    name: 'decodes a NUL byte so the caller can refuse it',
    input: 'a%00b',
    expected: { text: 'a\0b', reasons: ['percent-encoded NUL byte'], exhausted: false },
  },
  {
    name: 'gives up after four rounds',
    input: '%252525252e',
    expected: { text: '%252525252e', reasons: ['double percent-encoding'], exhausted: true },
  },
];

describe('decodeMeaningfulEscapes', () => {
  it.each(cases)('$name', ({ input, expected }) => {
    expect(decodeMeaningfulEscapes(input)).toEqual(expected);
  });
});
