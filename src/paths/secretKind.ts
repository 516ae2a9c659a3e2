import { createBoundedMemo } from './boundedMemo';
import { type PathPart, pathParts } from './pathWords';
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

// lookups built once, so a path costs a few map reads per component
function invert<T>(table: Readonly<Partial<Record<SecretKind, readonly T[]>>>): Map<T, SecretKind> {
  const map = new Map<T, SecretKind>();
  for (const kind of SECRET_KINDS) for (const entry of table[kind] ?? []) map.set(entry, kind);
  return map;
}

const BY_NAME = invert(SECRET_NAMES);
const BY_EXTENSION = invert(SECRET_EXTENSIONS);
const BY_WORD = invert(SECRET_WORDS);
const BY_QUALIFIER = invert(KEY_QUALIFIERS);
const PREFIXES = [...invert(SECRET_PREFIXES)];
const RUSSIAN = [...invert(SECRET_RUSSIAN_WORDS)];
const PAIRS = [...invert(SECRET_PAIRS)];
const WORD_PAIRS = [...invert(SECRET_WORD_PAIRS)];
const RUSSIAN_PAIRS = [...invert(SECRET_RUSSIAN_WORD_PAIRS)];
const KEY_WORDS = new Set(['key', 'keys']);
const DATA_EXTENSIONS: ReadonlySet<string> = new Set(CONFIG_DATA_EXTENSIONS);
const DOC_EXTENSIONS: ReadonlySet<string> = new Set(DOCUMENTATION_EXTENSIONS);
const CYRILLIC = /[а-яё]/;
const CONFIG_SUFFIX = 'config';
const MIN_RC_WORD = 4;

const rank = (kind: SecretKind): number => SECRET_KINDS.indexOf(kind);

function better(current: SecretMatch | undefined, kind: SecretKind | undefined, component: string): SecretMatch | undefined {
  if (kind === undefined) return current;
  return current === undefined || rank(kind) < rank(current.kind) ? { kind, component } : current;
}

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
    const word = words.find((candidate) => candidate.length > CONFIG_SUFFIX.length && candidate.endsWith(CONFIG_SUFFIX));
    if (word !== undefined) return { kind: 'config', component: word };
  }
  const first = words[0] ?? '';
  if (lower.startsWith('.') && first.length >= MIN_RC_WORD && first.endsWith('rc')) return { kind: 'config', component: written };
  return undefined;
}

// the most specific kind one file or folder name carries
function partMatch(part: PathPart): SecretMatch | undefined {
  const { lower, written, words } = part;
  let match = better(undefined, BY_NAME.get(lower), written);
  match = better(match, PREFIXES.find(([prefix]) => lower.startsWith(prefix))?.[1], written);
  const dot = lower.lastIndexOf('.');
  if (dot !== -1) match = better(match, BY_EXTENSION.get(lower.slice(dot + 1)), written);
  for (const [index, word] of words.entries()) {
    // 'api_key' is an API key, not also a bare 'key'
    const qualified = KEY_WORDS.has(word) && BY_QUALIFIER.has(words[index - 1] ?? '');
    if (!qualified) match = better(match, wordKind(word), word);
    const next = words[index + 1] ?? '';
    if (KEY_WORDS.has(next)) match = better(match, BY_QUALIFIER.get(word), written);
    match = better(match, WORD_PAIRS.find(([[first, second]]) => first === word && second === next)?.[1], written);
    if (CYRILLIC.test(word)) match = better(match, RUSSIAN_PAIRS.find(([[first, second]]) => first.test(word) && second.test(next))?.[1], written);
  }
  const named = namedConfig(part);
  return named === undefined ? match : better(match, named.kind, named.component);
}

function pairMatch(parts: readonly PathPart[]): SecretMatch | undefined {
  let match: SecretMatch | undefined;
  for (const [index, part] of parts.entries()) {
    const next = parts[index + 1];
    if (next === undefined) break;
    const kind = PAIRS.find(([[folder, file]]) => part.lower === folder && next.lower === file)?.[1];
    match = better(match, kind, `${part.written}/${next.written}`);
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
  return answers.get(relativeOrAbsolutePath, matchOf);
}

// the answer depends on the text alone: a path asked by several checks, or again, is read once
const answers = createBoundedMemo<SecretMatch | undefined>(64 * 1024, () => 64);

function matchOf(relativeOrAbsolutePath: string): SecretMatch | undefined {
  const parts = pathParts(relativeOrAbsolutePath);
  let match = pairMatch(parts);
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
