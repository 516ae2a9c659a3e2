/** One path component: as written, lowercased, and split into lowercase words. */
export interface PathPart {
  readonly written: string;
  readonly lower: string;
  readonly words: readonly string[];
}

// runs of letters or digits, split at camelCase humps: 'APIKey' -> 'API', 'Key'; 'apiKey' -> 'api', 'Key'
// made for the first name that is not ASCII: building its Unicode classes costs a start most of a millisecond
let word: RegExp | undefined;
const unicodeWord = (): RegExp =>
  (word ??= /\p{Lu}+(?!\p{Ll})|\p{Lu}[\p{Ll}\p{M}]*|[\p{Ll}\p{M}]+|\p{N}+|[\p{L}\p{M}]+/gu);
// the same pattern where every character is ASCII: there \p{Lu} is A-Z, \p{Ll} a-z, \p{N} 0-9, and no \p{M}
const ASCII_WORD = /[A-Z]+(?![a-z])|[A-Z][a-z]*|[a-z]+|[0-9]+/g;
/** Any character outside ASCII: a name with one is read with the Unicode pattern, after NFC. */
export const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The lowercase words of a file or folder name: split on anything but letters and digits, and
 * at camelCase humps; in NFC, so a letter written with a combining mark ('е' and U+0308, as
 * macOS names files) is the one letter 'ё'.
 */
export function nameWords(name: string): string[] {
  // most names are ASCII, which NFC leaves as they are and the ASCII pattern splits alike
  const words = NON_ASCII.test(name) ? name.normalize('NFC').match(unicodeWord()) : name.match(ASCII_WORD);
  if (words === null) return [];
  for (let index = 0; index < words.length; index += 1) words[index] = (words[index] ?? '').toLowerCase();
  return words;
}

const SLASH = 0x2f;
const BACKSLASH = 0x5c;

function addPart(parts: PathPart[], written: string): void {
  if (written === '' || written === '.' || written === '..') return;
  parts.push({ written, lower: written.toLowerCase(), words: nameWords(written) });
}

/** The components of a path split on '/' and '\', without empty, '.' and '..' ones. */
export function pathParts(path: string): PathPart[] {
  const parts: PathPart[] = [];
  let start = 0;
  for (let index = 0; index < path.length; index += 1) {
    const code = path.charCodeAt(index);
    if (code !== SLASH && code !== BACKSLASH) continue;
    addPart(parts, path.slice(start, index));
    start = index + 1;
  }
  addPart(parts, path.slice(start));
  return parts;
}
