import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { IntentGateError } from '../../src/errors/IntentGateError';
import { InvalidArgumentError } from '../../src/errors/InvalidArgumentError';
import { TokenizerUnavailableError } from '../../src/errors/TokenizerUnavailableError';
import { loadTokenizer, TOKENIZER_SPECIFIER, type TokenCounter } from '../../src/tokens/tokenCounter';

// expected counts are never copied from the tokenizer's output: these are properties any BPE counter has
let counter: TokenCounter;

beforeAll(async () => {
  counter = await loadTokenizer();
});

// lowercase ASCII words: o200k_base pre-tokenizes ' word' as one piece, so pieces are counted independently
const word = fc.stringMatching(/^[a-z]{1,12}$/);

describe('loadTokenizer with gpt-tokenizer installed', () => {
  it('names the o200k_base encoding', () => {
    expect(counter.name).toBe('o200k_base');
  });

  it('counts the empty string as zero tokens', () => {
    expect(counter.count('')).toBe(0);
  });

  it('counts a short phrase as at least one token and at most one per character', () => {
    const count = counter.count('hello world');
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual('hello world'.length);
  });

  it('counts a common English word as fewer tokens than characters', () => {
    expect(counter.count('information')).toBeLessThan('information'.length);
  });

  it('adds up space-separated chunks within one token', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), word, (words, next) => {
        const text = words.join(' ');
        const joined = counter.count(`${text} ${next}`);
        expect(Math.abs(joined - (counter.count(text) + counter.count(` ${next}`)))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  it('grows strictly when a word is appended', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), word, (words, next) => {
        const text = words.join(' ');
        expect(counter.count(`${text} ${next}`)).toBeGreaterThan(counter.count(text));
      }),
      { numRuns: 200 },
    );
  });

  it('grows monotonically with repetitions of the same chunk', () => {
    const counts = [1, 2, 4, 8, 16].map((times) => counter.count(' hello'.repeat(times)));
    expect(counts.every((count, index) => index === 0 || count > (counts[index - 1] ?? 0))).toBe(true);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(counter.count('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('rejects a text that is not a string', () => {
    expect(() => counter.count(42 as unknown as string)).toThrow(InvalidArgumentError);
  });

  it('returns the same counter on a second load', async () => {
    expect(await loadTokenizer()).toBe(counter);
  });
});

describe('loadTokenizer when the tokenizer cannot be loaded', () => {
  const missing = Object.assign(new Error(`Cannot find package 'gpt-tokenizer'`), { code: 'ERR_MODULE_NOT_FOUND' });

  const cases = [
    {
      name: 'throws when the package is not installed (ESM)',
      importer: () => Promise.reject(missing),
      says: 'cannot be found',
    },
    {
      name: 'throws when the package is not installed (CommonJS)',
      importer: () => Promise.reject(Object.assign(new Error('Cannot find module'), { code: 'MODULE_NOT_FOUND' })),
      says: 'cannot be found',
    },
    {
      name: 'throws when the installed version has no o200k_base entry',
      importer: () =>
        Promise.reject(Object.assign(new Error('not exported'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' })),
      says: 'cannot be found',
    },
    {
      name: 'throws when the module fails to evaluate',
      importer: () => Promise.reject(new Error('boom')),
      says: 'failed to load: boom',
    },
    {
      name: 'throws when the module has no countTokens',
      importer: () => Promise.resolve({ encode: () => [] }),
      says: 'has no countTokens',
    },
    {
      name: 'throws when the module is not an object',
      importer: () => Promise.resolve(undefined),
      says: 'has no countTokens',
    },
  ];

  it.each(cases)('$name', async ({ importer, says }) => {
    const error: unknown = await loadTokenizer({ importer }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TokenizerUnavailableError);
    expect(error).toBeInstanceOf(IntentGateError);
    expect(error).toMatchObject({
      name: 'TokenizerUnavailableError',
      code: 'tokenizer_unavailable',
      specifier: TOKENIZER_SPECIFIER,
    });
    expect((error as Error).message).toContain(says);
    expect((error as Error).message).toContain('npm install gpt-tokenizer@^4');
  });

  it('keeps the import failure as the cause', async () => {
    const error: unknown = await loadTokenizer({ importer: () => Promise.reject(missing) }).catch(
      (thrown: unknown) => thrown,
    );
    expect((error as Error).cause).toBe(missing);
  });

  it('rejects an importer that is not a function', async () => {
    await expect(loadTokenizer({ importer: 'gpt-tokenizer' as never })).rejects.toThrow(InvalidArgumentError);
  });

  it('uses the module an importer returns, with special tokens disallowed nowhere', async () => {
    const seen: unknown[] = [];
    const fake = {
      countTokens: (text: string, options: unknown) => {
        seen.push(options);
        return text.length;
      },
    };
    const loaded = await loadTokenizer({ importer: () => Promise.resolve(fake) });
    expect({ name: loaded.name, count: loaded.count('abc') }).toEqual({ name: 'o200k_base', count: 3 });
    expect(seen).toEqual([{ disallowedSpecial: new Set() }]);
  });
});
