// The straightforward reading of secretKind's rules, as first written: every table scanned in
// order, every name split by one Unicode pattern. src/paths/secretKind.ts answers from tables
// indexed for speed; test/paths/secretKind.property.test.ts holds the two to the same answers.
import {
  CONFIG_DATA_EXTENSIONS,
  DOCUMENTATION_EXTENSIONS,
  KEY_QUALIFIERS,
  SECRET_EXTENSIONS,
  SECRET_KINDS,
  SECRET_NAMES,
  SECRET_PAIRS,
  SECRET_PREFIXES,
  SECRET_RUSSIAN_WORD_PAIRS,
  SECRET_RUSSIAN_WORDS,
  SECRET_WORD_PAIRS,
  SECRET_WORDS,
  type SecretKind,
} from '../../src/paths/secretWords';
import type { SecretMatch } from '../../src/paths/secretKind';

interface Part {
  readonly written: string;
  readonly lower: string;
  readonly words: readonly string[];
}

const WORD = /\p{Lu}+(?!\p{Ll})|\p{Lu}[\p{Ll}\p{M}]*|[\p{Ll}\p{M}]+|\p{N}+|[\p{L}\p{M}]+/gu;

/** The lowercase words of a name, split by one Unicode pattern after NFC. */
export const referenceNameWords = (name: string): string[] =>
  (name.normalize('NFC').match(WORD) ?? []).map((word) => word.toLowerCase());

function partsOf(path: string): Part[] {
  return path
    .split(/[\\/]/)
    .filter((written) => written !== '' && written !== '.' && written !== '..')
    .map((written) => ({ written, lower: written.toLowerCase(), words: referenceNameWords(written) }));
}

function invert<T>(table: Readonly<Partial<Record<SecretKind, readonly T[]>>>): [T, SecretKind][] {
  return SECRET_KINDS.flatMap((kind) => (table[kind] ?? []).map((entry): [T, SecretKind] => [entry, kind]));
}

const NAMES = invert(SECRET_NAMES);
const EXTENSIONS = invert(SECRET_EXTENSIONS);
const WORDS = invert(SECRET_WORDS);
const QUALIFIERS = invert(KEY_QUALIFIERS);
const PREFIXES = invert(SECRET_PREFIXES);
const RUSSIAN = invert(SECRET_RUSSIAN_WORDS);
const PAIRS = invert(SECRET_PAIRS);
const WORD_PAIRS = invert(SECRET_WORD_PAIRS);
const RUSSIAN_PAIRS = invert(SECRET_RUSSIAN_WORD_PAIRS);
const CYRILLIC = /[а-яё]/;

const kindOf = <T>(table: [T, SecretKind][], test: (entry: T) => boolean): SecretKind | undefined =>
  table.find(([entry]) => test(entry))?.[1];

function better(
  current: SecretMatch | undefined,
  kind: SecretKind | undefined,
  component: string,
): SecretMatch | undefined {
  if (kind === undefined) return current;
  return current === undefined || SECRET_KINDS.indexOf(kind) < SECRET_KINDS.indexOf(current.kind)
    ? { kind, component }
    : current;
}

const extensionOf = (lower: string): string | undefined =>
  lower.lastIndexOf('.') > 0 ? lower.slice(lower.lastIndexOf('.') + 1) : undefined;

function partMatch({ lower, written, words }: Part): SecretMatch | undefined {
  let match = better(
    undefined,
    kindOf(NAMES, (name) => name === lower),
    written,
  );
  match = better(
    match,
    kindOf(PREFIXES, (prefix) => lower.startsWith(prefix)),
    written,
  );
  if (lower.includes('.'))
    match = better(
      match,
      kindOf(EXTENSIONS, (extension) => extension === lower.slice(lower.lastIndexOf('.') + 1)),
      written,
    );
  words.forEach((word, index) => {
    const next = words[index + 1] ?? '';
    const qualified =
      (word === 'key' || word === 'keys') && QUALIFIERS.some(([qualifier]) => qualifier === words[index - 1]);
    const english = kindOf(WORDS, (entry) => entry === word);
    const wordKind =
      english !== undefined || !CYRILLIC.test(word) ? english : kindOf(RUSSIAN, (pattern) => pattern.test(word));
    if (!qualified) match = better(match, wordKind, word);
    if (next === 'key' || next === 'keys')
      match = better(
        match,
        kindOf(QUALIFIERS, (qualifier) => qualifier === word),
        written,
      );
    match = better(
      match,
      kindOf(WORD_PAIRS, ([first, second]) => first === word && second === next),
      written,
    );
    if (CYRILLIC.test(word))
      match = better(
        match,
        kindOf(RUSSIAN_PAIRS, ([first, second]) => first.test(word) && second.test(next)),
        written,
      );
  });
  const extension = extensionOf(lower);
  const configWord = words.find((word) => word.length > 'config'.length && word.endsWith('config'));
  if ((extension === undefined || CONFIG_DATA_EXTENSIONS.includes(extension)) && configWord !== undefined)
    return better(match, 'config', configWord);
  const first = words[0] ?? '';
  if (lower.startsWith('.') && first.length >= 4 && first.endsWith('rc')) return better(match, 'config', written);
  return match;
}

/** secretKind's answer, by the rules read one table entry at a time. */
export function referenceSecretKind(path: string): SecretMatch | undefined {
  const parts = partsOf(path);
  let match: SecretMatch | undefined;
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    if (next !== undefined)
      match = better(
        match,
        kindOf(PAIRS, ([folder, file]) => part.lower === folder && next.lower === file),
        `${part.written}/${next.written}`,
      );
  });
  for (const part of [...parts].reverse()) {
    const found = partMatch(part);
    if (found !== undefined) match = better(match, found.kind, found.component);
  }
  const extension = extensionOf(parts[parts.length - 1]?.lower ?? '');
  if (match?.kind === 'config' && extension !== undefined && DOCUMENTATION_EXTENSIONS.includes(extension))
    return undefined;
  return match;
}
