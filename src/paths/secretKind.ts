import { createBoundedMemo } from './boundedMemo';
import { NON_ASCII, type PathPart, pathParts } from './pathWords';
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
} from './secretWords';

/** Why a path is an FS_CONFIG_SECRETS path. */
export interface SecretMatch {
  readonly kind: SecretKind;
  /** the component as written, the lowercase word, or the 'folder/file' pair that matched */
  readonly component: string;
}

// tables indexed once, so a path costs a few map reads per component and word
function invert<T>(table: Readonly<Partial<Record<SecretKind, readonly T[]>>>): [T, SecretKind][] {
  return SECRET_KINDS.flatMap((kind) => (table[kind] ?? []).map((entry): [T, SecretKind] => [entry, kind]));
}

/** Each entry to its kind; an entry listed under two kinds keeps the most specific. */
function byEntry(table: Readonly<Partial<Record<SecretKind, readonly string[]>>>): ReadonlyMap<string, SecretKind> {
  const map = new Map<string, SecretKind>();
  for (const [entry, kind] of invert(table)) if (!map.has(entry)) map.set(entry, kind);
  return map;
}

/** Each pair by its first name, then its second, to its kind. */
function byPair(
  table: Readonly<Partial<Record<SecretKind, readonly (readonly [string, string])[]>>>,
): ReadonlyMap<string, ReadonlyMap<string, SecretKind>> {
  const map = new Map<string, Map<string, SecretKind>>();
  for (const [[first, second], kind] of invert(table)) {
    let seconds = map.get(first);
    if (seconds === undefined) map.set(first, (seconds = new Map()));
    if (!seconds.has(second)) seconds.set(second, kind);
  }
  return map;
}

const BY_NAME = byEntry(SECRET_NAMES);
const BY_EXTENSION = byEntry(SECRET_EXTENSIONS);
const BY_WORD = byEntry(SECRET_WORDS);
const BY_QUALIFIER = byEntry(KEY_QUALIFIERS);
const PREFIXES = invert(SECRET_PREFIXES);
const RUSSIAN = invert(SECRET_RUSSIAN_WORDS);
const PAIRS = byPair(SECRET_PAIRS);
const WORD_PAIRS = byPair(SECRET_WORD_PAIRS);
const RUSSIAN_PAIRS = invert(SECRET_RUSSIAN_WORD_PAIRS);
const DATA_EXTENSIONS: ReadonlySet<string> = new Set(CONFIG_DATA_EXTENSIONS);
const DOC_EXTENSIONS: ReadonlySet<string> = new Set(DOCUMENTATION_EXTENSIONS);
const CYRILLIC = /[а-яё]/;
const CONFIG_SUFFIX = 'config';
const MIN_RC_WORD = 4;

const RANK: ReadonlyMap<SecretKind, number> = new Map(SECRET_KINDS.map((kind, index) => [kind, index]));
const rank = (kind: SecretKind): number => RANK.get(kind) ?? SECRET_KINDS.length;

function better(
  current: SecretMatch | undefined,
  kind: SecretKind | undefined,
  component: string,
): SecretMatch | undefined {
  if (kind === undefined) return current;
  return current === undefined || rank(kind) < rank(current.kind) ? { kind, component } : current;
}

const isKeyWord = (word: string | undefined): boolean => word === 'key' || word === 'keys';

function wordKind(word: string): SecretKind | undefined {
  const english = BY_WORD.get(word);
  if (english !== undefined || !CYRILLIC.test(word)) return english;
  return RUSSIAN.find(([pattern]) => pattern.test(word))?.[1];
}

/** The text after a name's last dot, if the dot does not start the name. */
function extensionOf(lower: string): string | undefined {
  const dot = lower.lastIndexOf('.');
  return dot > 0 ? lower.slice(dot + 1) : undefined;
}

// configuration by name: `tsconfig.json` (a *config word on a data file), `.eslintrc.cjs` (an rc dotfile)
function namedConfig(part: PathPart): SecretMatch | undefined {
  const { lower, written, words } = part;
  const extension = extensionOf(lower);
  if (extension === undefined || DATA_EXTENSIONS.has(extension)) {
    const word = words.find(
      (candidate) => candidate.length > CONFIG_SUFFIX.length && candidate.endsWith(CONFIG_SUFFIX),
    );
    if (word !== undefined) return { kind: 'config', component: word };
  }
  const first = words[0] ?? '';
  if (lower.startsWith('.') && first.length >= MIN_RC_WORD && first.endsWith('rc'))
    return { kind: 'config', component: written };
  return undefined;
}

function prefixKind(lower: string): SecretKind | undefined {
  for (const [prefix, kind] of PREFIXES) if (lower.startsWith(prefix)) return kind;
  return undefined;
}

// what the words of one name say, one by one and with the word after each
function wordsMatch(part: PathPart, found: SecretMatch | undefined): SecretMatch | undefined {
  const { written, words } = part;
  let match = found;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    // 'api_key' is an API key, not also a bare 'key'
    const qualified = isKeyWord(word) && BY_QUALIFIER.has(words[index - 1] ?? '');
    if (!qualified) match = better(match, wordKind(word), word);
    const next = words[index + 1] ?? '';
    if (isKeyWord(next)) match = better(match, BY_QUALIFIER.get(word), written);
    match = better(match, WORD_PAIRS.get(word)?.get(next), written);
    if (CYRILLIC.test(word))
      match = better(
        match,
        RUSSIAN_PAIRS.find(([[first, second]]) => first.test(word) && second.test(next))?.[1],
        written,
      );
  }
  return match;
}

// the most specific kind one file or folder name carries
function partMatch(part: PathPart): SecretMatch | undefined {
  const { lower, written } = part;
  let match = better(undefined, BY_NAME.get(lower), written);
  match = better(match, prefixKind(lower), written);
  const dot = lower.lastIndexOf('.');
  if (dot !== -1) match = better(match, BY_EXTENSION.get(lower.slice(dot + 1)), written);
  match = wordsMatch(part, match);
  const named = namedConfig(part);
  return named === undefined ? match : better(match, named.kind, named.component);
}

function pairMatch(parts: readonly PathPart[]): SecretMatch | undefined {
  let match: SecretMatch | undefined;
  for (let index = 0; index + 1 < parts.length; index += 1) {
    const part = parts[index];
    const next = parts[index + 1];
    if (part === undefined || next === undefined) break;
    const kind = PAIRS.get(part.lower)?.get(next.lower);
    if (kind !== undefined) match = better(match, kind, `${part.written}/${next.written}`);
  }
  return match;
}

/**
 * Says whether a path names a secret or configuration file (seed 002's FS_CONFIG_SECRETS),
 * matching whole components, extensions and words, never substrings; case-insensitive.
 * The most specific kind wins; between equals, the component nearest the file name. A
 * documentation file (`docs/config.md`) is never of kind 'config', but keeps any secret kind.
 * @example secretKind('config/.env.production') // { kind: 'env', component: '.env.production' }
 */
export function secretKind(relativeOrAbsolutePath: string): SecretMatch | undefined {
  if (!mayMatch(relativeOrAbsolutePath)) return undefined;
  return answers.get(relativeOrAbsolutePath, matchOf);
}

/**
 * Text that every match holds, lowercase: each name, prefix and word of the tables, each
 * extension after its dot, the first of each pair, 'config' for a *config word, and a dot
 * starting a component for an rc dotfile. In an ASCII path every table entry that matches is
 * a piece of the lowercased path, so a path holding none of them matches nothing; most paths
 * are answered by this one scan rather than read word by word.
 */
const NEEDLES = [
  ...BY_NAME.keys(),
  ...PREFIXES.map(([prefix]) => prefix),
  ...[...BY_EXTENSION.keys()].map((extension) => `.${extension}`),
  ...BY_WORD.keys(),
  ...WORD_PAIRS.keys(),
  ...PAIRS.keys(),
  CONFIG_SUFFIX,
];
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MAY_MATCH = new RegExp(`${NEEDLES.map(escaped).join('|')}|(?:^|[\\\\/])\\.`);
// a name with other characters is read in full: its NFC form or lowercase may hold ASCII letters
// it does not (the Kelvin sign is 'K'), and Russian words are patterns
function mayMatch(path: string): boolean {
  return NON_ASCII.test(path) || MAY_MATCH.test(path.toLowerCase());
}

// the answer depends on the text alone: a path asked by several checks, or again, is read once
const answers = createBoundedMemo<SecretMatch | undefined>(64 * 1024, () => 64);

function matchOf(relativeOrAbsolutePath: string): SecretMatch | undefined {
  const parts = pathParts(relativeOrAbsolutePath);
  let match = pairMatch(parts);
  // from the file name up: between equals, the component nearest the file name wins
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index];
    const found = part === undefined ? undefined : partMatch(part);
    if (found !== undefined) match = better(match, found.kind, found.component);
  }
  const extension = extensionOf(parts[parts.length - 1]?.lower ?? '');
  // 'config' ranks last, so a config match means no secret kind matched
  if (match?.kind === 'config' && extension !== undefined && DOC_EXTENSIONS.has(extension)) return undefined;
  // kept and shared between callers: frozen, so none can change another's answer
  return match && Object.freeze(match);
}
