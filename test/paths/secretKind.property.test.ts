import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretKind } from '../../src/paths/secretKind';
import { nameWords, pathParts } from '../../src/paths/pathWords';
import {
  AGENT_SETTINGS,
  CONFIG_DATA_EXTENSIONS,
  DOCUMENTATION_EXTENSIONS,
  KEY_QUALIFIERS,
  SECRET_EXTENSIONS,
  SECRET_NAMES,
  SECRET_PAIRS,
  SECRET_PREFIXES,
  SECRET_WORD_PAIRS,
  SECRET_WORDS,
} from '../../src/paths/secretWords';
import { referenceNameWords, referenceSecretKind } from './secretKindReference';

const entries = <T>(table: Readonly<Record<string, readonly T[] | undefined>>): T[] =>
  Object.values(table).flatMap((list) => list ?? []);

// the words the tables know, so that random names hit them often
const KNOWN = [
  ...entries(SECRET_NAMES),
  ...entries(SECRET_PREFIXES),
  ...entries(SECRET_WORDS),
  ...entries(KEY_QUALIFIERS),
  ...entries(SECRET_PAIRS).flat(),
  ...entries(SECRET_WORD_PAIRS).flat(),
  ...AGENT_SETTINGS.flatMap((setting) => setting.path),
  'key',
  'keys',
  'tsconfig',
  'eslintrc',
  'ключ',
  'секретный',
  'учётные',
  'данные',
  'уче\u0308тка',
  'API',
  'Key',
  // the Kelvin sign is 'K' in NFC: a name holding it matches as one with 'K' does
  '\u212Aey',
  'SSH_\u212AEYS',
  'src',
  'README',
];
const EXTENSIONS = [
  ...entries(SECRET_EXTENSIONS),
  ...CONFIG_DATA_EXTENSIONS,
  ...DOCUMENTATION_EXTENSIONS,
  'ts',
  'py',
  'KEY',
];

const word = fc.oneof(
  fc.constantFrom(...KNOWN),
  fc.constantFrom(...KNOWN).map((known) => known.toUpperCase()),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const separator = fc.constantFrom('', '_', '-', '.', ' ');
const name = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 3 }),
    fc.option(fc.constantFrom(...EXTENSIONS), { nil: undefined }),
  )
  .map(
    ([dot, words, extension]) =>
      `${dot ? '.' : ''}${words.map(([text, joint]) => text + joint).join('')}${extension === undefined ? '' : `.${extension}`}`,
  );
const path = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.tuple(name, fc.constantFrom('/', '\\', '//', '/./', '/../')), { minLength: 1, maxLength: 5 }),
  )
  .map(([absolute, parts]) => `${absolute ? '/' : ''}${parts.map(([text, joint]) => text + joint).join('')}`);

// a folder/file pair of the tables, in any case, among other components
const pairPath = fc
  .tuple(
    fc.array(name, { maxLength: 2 }),
    fc.constantFrom(...entries(SECRET_PAIRS), ...AGENT_SETTINGS.map((setting) => setting.path)),
    fc.boolean(),
    fc.array(name, { maxLength: 2 }),
  )
  .map(([before, pair, upper, after]) =>
    [...before, ...pair.map((part) => (upper ? part.toUpperCase() : part)), ...after].join('/'),
  );

describe('secretKind against the rules read one entry at a time', () => {
  it('gives the same answer for any path', () => {
    fc.assert(
      fc.property(fc.oneof(path, pairPath), (written) => {
        expect(secretKind(written)).toEqual(referenceSecretKind(written));
      }),
      { numRuns: 3000 },
    );
  });

  it('splits any name into the words of the Unicode pattern', () => {
    fc.assert(
      fc.property(fc.oneof(name, fc.string(), fc.string({ unit: 'binary' })), (written) => {
        expect(nameWords(written)).toEqual(referenceNameWords(written));
      }),
      { numRuns: 3000 },
    );
  });

  it('splits a path on both separators, leaving out empty, . and .. components', () => {
    fc.assert(
      fc.property(path, (written) => {
        const expected = written.split(/[\\/]/).filter((part) => part !== '' && part !== '.' && part !== '..');
        expect(pathParts(written).map((part) => part.written)).toEqual(expected);
      }),
    );
  });
});
