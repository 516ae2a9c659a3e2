/** A path after decoding the escapes that can change which file it names. */
export interface DecodedPath {
  /** the decoded path, or the input itself when decoding leaves its components and dot segments as they were */
  readonly text: string;
  /** how the path was encoded, e.g. 'percent-encoded separators'; empty when the input is kept */
  readonly reasons: readonly string[];
  /** true when escapes are still nested after the last round: the path cannot be analysed */
  readonly exhausted: boolean;
}

// tools that decode once more than the checker did are the classic bypass, so decode until stable
const MAX_ROUNDS = 4;

// only escapes of '.', '/', '\', NUL and '%' itself matter: '%20' or '%41' name the same components either way
const ESCAPE = /%(?:c0%(?:ae|af|80)|c1%9c|u00(?:2e|2f|5c)|2e|2f|5c|00|25)/gi;

const DECODED: Readonly<Record<string, readonly [char: string, reason: string]>> = {
  '%2e': ['.', 'percent-encoded dots'],
  '%2f': ['/', 'percent-encoded separators'],
  '%5c': ['\\', 'percent-encoded separators'],
  '%00': ['\0', 'percent-encoded NUL byte'],
  '%25': ['%', 'double percent-encoding'],
  // overlong UTF-8 and IIS-style %u forms, decoded by lenient servers
  '%c0%ae': ['.', 'overlong UTF-8 encoding'],
  '%c0%af': ['/', 'overlong UTF-8 encoding'],
  '%c1%9c': ['\\', 'overlong UTF-8 encoding'],
  '%c0%80': ['\0', 'overlong UTF-8 encoding'],
  '%u002e': ['.', '%u encoding'],
  '%u002f': ['/', '%u encoding'],
  '%u005c': ['\\', '%u encoding'],
};

const SEPARATORS = /[\\/]/;

function decodeRound(text: string, reasons: Set<string>): string {
  return text.replace(ESCAPE, (escape) => {
    const decoded = DECODED[escape.toLowerCase()];
    if (!decoded) return escape;
    reasons.add(decoded[1]);
    return decoded[0];
  });
}

// the meaning changes when decoding adds a separator, a '.' or '..' segment, or a NUL byte
function changesMeaning(raw: string, decoded: string): boolean {
  if (decoded.includes('\0')) return true;
  const before = raw.split(SEPARATORS);
  const after = decoded.split(SEPARATORS);
  if (before.length !== after.length) return true;
  return after.some((part, index) => (part === '.' || part === '..') && before[index] !== part);
}

/**
 * Decodes percent-escapes of separators, dots, NUL and '%' (so '%252e' becomes '.') until
 * stable, and keeps the result only when it names different components than the input.
 */
export function decodeMeaningfulEscapes(input: string): DecodedPath {
  // every escape starts with '%': most paths have none to decode
  if (!input.includes('%')) return { text: input, reasons: [], exhausted: false };
  const reasons = new Set<string>();
  let text = input;
  let rounds = 0;
  for (; rounds < MAX_ROUNDS; rounds += 1) {
    const next = decodeRound(text, reasons);
    if (next === text) break;
    text = next;
  }
  const exhausted = rounds === MAX_ROUNDS && decodeRound(text, new Set()) !== text;
  // a lone '%25' is a literal '%' in a file name, not a second layer of encoding
  if (rounds < 2) reasons.delete('double percent-encoding');
  if (exhausted) return { text: input, reasons: [...reasons], exhausted };
  if (!changesMeaning(input, text)) return { text: input, reasons: [], exhausted };
  return { text, reasons: [...reasons], exhausted };
}
