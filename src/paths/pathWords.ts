/** One path component: as written, lowercased, and split into lowercase words. */
export interface PathPart {
  readonly written: string;
  readonly lower: string;
  readonly words: readonly string[];
}

// runs of letters or digits, split at camelCase humps: 'APIKey' -> 'API', 'Key'; 'apiKey' -> 'api', 'Key'
const WORD = /\p{Lu}+(?!\p{Ll})|\p{Lu}[\p{Ll}\p{M}]*|[\p{Ll}\p{M}]+|\p{N}+|[\p{L}\p{M}]+/gu;

/**
 * The lowercase words of a file or folder name: split on anything but letters and digits, and
 * at camelCase humps; in NFC, so a letter written with a combining mark ('е' and U+0308, as
 * macOS names files) is the one letter 'ё'.
 */
export function nameWords(name: string): string[] {
  return (name.normalize('NFC').match(WORD) ?? []).map((word) => word.toLowerCase());
}

/** The components of a path split on '/' and '\', without empty, '.' and '..' ones. */
export function pathParts(path: string): PathPart[] {
  const parts: PathPart[] = [];
  for (const written of path.split(/[\\/]/)) {
    if (written === '' || written === '.' || written === '..') continue;
    parts.push({ written, lower: written.toLowerCase(), words: nameWords(written) });
  }
  return parts;
}
