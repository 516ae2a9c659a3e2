import { describeValue } from '../text/describeValue';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { TokenizerUnavailableError } from '../errors/TokenizerUnavailableError';

/** The encoding counted: o200k_base, the tokenizer of GPT-4o, GPT-4.1, the o-series (o1, o3, o4-mini) and GPT-5. */
export const TOKENIZER_NAME = 'o200k_base';

/** The module loaded: gpt-tokenizer's o200k_base entry (its exports map sends `./*` to `esm/*.js` and `cjs/*.js`). */
export const TOKENIZER_SPECIFIER = 'gpt-tokenizer/encoding/o200k_base';

/** Counts the tokens of a text in one named encoding. */
export interface TokenCounter {
  readonly name: typeof TOKENIZER_NAME;
  count(text: string): number;
}

/** Loads the tokenizer module; replaced in tests to simulate a missing or broken install. */
export type TokenizerImporter = () => Promise<unknown>;

export interface LoadTokenizerOptions {
  /** default: `import('gpt-tokenizer/encoding/o200k_base')` */
  readonly importer?: TokenizerImporter;
}

type CountTokens = (text: string, options: { disallowedSpecial: Set<string> }) => number;

// a literal specifier so bundlers see it and keep the optional peer external
const importGptTokenizer: TokenizerImporter = () => import('gpt-tokenizer/encoding/o200k_base');

// special-token strings ('<|endoftext|>') in a description are plain text to the API, not an error
const NO_SPECIAL_TOKENS = { disallowedSpecial: new Set<string>() };

// the module is 30 MB of ranks: load it once per process, and only on success
let loaded: TokenCounter | undefined;

const MISSING_CODES: readonly unknown[] = ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND', 'ERR_PACKAGE_PATH_NOT_EXPORTED'];

function importProblem(error: unknown): string {
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  if (MISSING_CODES.includes(code)) return 'cannot be found (gpt-tokenizer is not installed, or is older than 4.0)';
  const message = error instanceof Error ? error.message : describeValue(error);
  return `failed to load: ${message}`;
}

function countTokensOf(module: unknown): CountTokens | undefined {
  if (typeof module !== 'object' || module === null) return undefined;
  const countTokens: unknown = Reflect.get(module, 'countTokens');
  return typeof countTokens === 'function' ? (countTokens as CountTokens) : undefined;
}

function counterFrom(countTokens: CountTokens): TokenCounter {
  return Object.freeze({
    name: TOKENIZER_NAME,
    count(text: string): number {
      if (typeof text !== 'string')
        throw new InvalidArgumentError(`count: the text must be a string, got ${describeValue(text)}`);
      return countTokens(text, NO_SPECIAL_TOKENS);
    },
  });
}

/**
 * Loads the o200k_base token counter from the optional peer dependency `gpt-tokenizer`, lazily.
 * Throws TokenizerUnavailableError, saying how to install it, when it cannot be loaded.
 *
 * @example
 * const counter = await loadTokenizer();
 * counter.count('hello world'); // a small positive number
 */
export async function loadTokenizer(options: LoadTokenizerOptions = {}): Promise<TokenCounter> {
  const importer = options.importer;
  if (importer !== undefined && typeof importer !== 'function') {
    throw new InvalidArgumentError(`loadTokenizer: importer must be a function, got ${describeValue(importer)}`);
  }
  if (importer === undefined && loaded) return loaded;
  let module: unknown;
  try {
    module = await (importer ?? importGptTokenizer)();
  } catch (error) {
    throw new TokenizerUnavailableError(TOKENIZER_SPECIFIER, importProblem(error), { cause: error });
  }
  const countTokens = countTokensOf(module);
  if (!countTokens)
    throw new TokenizerUnavailableError(
      TOKENIZER_SPECIFIER,
      'has no countTokens function (gpt-tokenizer older than 4.0?)',
    );
  const counter = counterFrom(countTokens);
  if (importer === undefined) loaded = counter;
  return counter;
}
