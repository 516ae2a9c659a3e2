/**
 * The tokens of inline code, shared by the tokenizers of each language (pythonTokens.ts and
 * kin). A tokenizer follows its language's strings and comments exactly, or refuses the text:
 * what it takes for a string or a comment is never read as code, so a form it does not know
 * (a heredoc, a `%q()` literal, an ambiguous `/`) must stop it, not be guessed at.
 */

/** What one token is: a name, a literal, an operator or bracket, or the end of a line where lines end statements. */
export type TokenKind = 'name' | 'symbol' | 'number' | 'string' | 'regex' | 'punct' | 'newline';

/** One token of the code. */
export interface Token {
  readonly kind: TokenKind;
  /** the text as written (a string's content for `string`, a symbol's name for `symbol`) */
  readonly text: string;
  /** whitespace comes before it: ruby and perl read `x -1` and `x - 1` apart */
  readonly spaced: boolean;
  /** a string's value when it is a literal with no escape and no code in it: what a read call may name */
  readonly value?: string;
  /** the code a string holds (`f'{x}'`, `${x}`, `#{x}`), each piece read as tokens */
  readonly code?: readonly (readonly Token[])[];
}

/** The tokens of a text, or where its reading stopped: a form the tokenizer does not follow. */
export type Tokenized = { readonly ok: true; readonly tokens: Token[] } | { readonly ok: false; readonly at: string };

/** A tokenizer's answer for text from `at` on that it does not follow. */
export function refused(text: string, at: number): Tokenized {
  return { ok: false, at: text.slice(at, at + 24).split('\n')[0] ?? '' };
}

/** Position and the tokens read so far, as one tokenizer advances. */
export interface Cursor {
  readonly text: string;
  at: number;
  spaced: boolean;
  readonly tokens: Token[];
}

export function newCursor(text: string, at = 0): Cursor {
  return { text, at, spaced: false, tokens: [] };
}

/** Adds a token ending at `end`, and moves past it. */
export function push(cursor: Cursor, kind: TokenKind, end: number, extra: Partial<Token> = {}): void {
  cursor.tokens.push({ kind, text: cursor.text.slice(cursor.at, end), spaced: cursor.spaced, ...extra });
  cursor.at = end;
  cursor.spaced = false;
}

/** The last token read, if any. */
export function lastToken(cursor: Cursor): Token | undefined {
  return cursor.tokens[cursor.tokens.length - 1];
}

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;

export function isNameStart(char: string | undefined): boolean {
  return char !== undefined && NAME_START.test(char);
}

/** The end of a name of ASCII letters, digits and `_` (plus `$` where `extra` allows it) from `at`. */
export function nameEnd(text: string, at: number, extra = ''): number {
  let end = at;
  while (end < text.length && (NAME_PART.test(text[end] ?? '') || extra.includes(text[end] ?? ''))) end++;
  return end;
}

const DIGITS = /[0-9_]/;

/**
 * The end of a number from `at`: hex, octal and binary forms, digits with `_`, a fraction only
 * when a digit follows the dot (`1..10` is a range), an exponent, then one of `suffixes`
 * (python's `j`, JavaScript's `n`). A letter right after it starts a name of its own.
 */
export function numberEnd(text: string, at: number, suffixes = ''): number {
  let end = at;
  const radix = /^0[xXoObB]/.exec(text.slice(at, at + 2));
  if (radix !== null) {
    end += 2;
    while (end < text.length && /[0-9a-fA-F_]/.test(text[end] ?? '')) end++;
  } else {
    while (DIGITS.test(text[end] ?? '')) end++;
    if (text[end] === '.' && /[0-9]/.test(text[end + 1] ?? '')) {
      end++;
      while (DIGITS.test(text[end] ?? '')) end++;
    }
    const exponent = /^[eE][+-]?[0-9]/.exec(text.slice(end, end + 3));
    if (exponent !== null) {
      end += exponent[0].length;
      while (DIGITS.test(text[end] ?? '')) end++;
    }
  }
  if (suffixes.includes(text[end] ?? ' ')) end++;
  return end;
}

/**
 * The end of a quoted string whose opening quote (one character or three) is at `at`: a
 * backslash takes the next character with it; a line break ends nothing and is refused
 * unless the string may span lines. Undefined when the text ends first.
 */
export function quotedEnd(
  text: string,
  at: number,
  quote: string,
  options: { readonly multiline: boolean; readonly escapes: boolean },
): number | undefined {
  let index = at + quote.length;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\' && options.escapes) index += 2;
    else if (text.startsWith(quote, index)) return index + quote.length;
    else if ((char === '\n' || char === '\r') && !options.multiline) return undefined;
    else index++;
  }
  return undefined;
}

/** A string's content as its value when nothing in it is escaped; undefined otherwise. */
export function plainValue(content: string): string | undefined {
  return content.includes('\\') ? undefined : content;
}

/** How a language's interpolated string reads: the quote that closes it and what opens code in it. */
export interface InterpolatedForm {
  /** the closing quote: JavaScript's '`', ruby's '"' */
  readonly close: string;
  /** what opens a piece of code, closed by its `}`: JavaScript's '${', ruby's '#{' */
  readonly open: string;
  /** a form at `index` the tokenizer does not follow (ruby's `#@x`): reading stops there */
  readonly refusesAt?: (text: string, index: number) => boolean;
}

/** What a tokenizer lends the reading of an interpolated string. */
export interface InterpolationScanner {
  /** reads a piece of code from the cursor up to its closing `}`, stopping past it; false when it cannot */
  readonly scan: (inner: Cursor) => boolean;
  /** notes where the text cannot be read; false */
  readonly fail: (at: number) => false;
}

/**
 * Reads the interpolated string whose opening quote is at the cursor as one `string` token: its
 * value when it holds no code, else the tokens of each piece of code (`${x}`, `#{x}`). False when
 * it does not end, or a piece or a form in it cannot be read.
 */
export function interpolatedString(cursor: Cursor, form: InterpolatedForm, scanner: InterpolationScanner): boolean {
  const { text } = cursor;
  const code: Token[][] = [];
  let index = cursor.at + 1;
  while (text[index] !== form.close) {
    if (index >= text.length) return scanner.fail(cursor.at);
    if (text[index] === '\\') index += 2;
    else if (text.startsWith(form.open, index)) {
      const inner = newCursor(text, index + form.open.length);
      if (!scanner.scan(inner)) return false;
      code.push(inner.tokens);
      index = inner.at;
    } else if (form.refusesAt?.(text, index) === true) return scanner.fail(index);
    else index++;
  }
  const content = text.slice(cursor.at + 1, index);
  push(cursor, 'string', index + 1, code.length === 0 ? { value: plainValue(content) } : { code });
  return true;
}

/** The longest operator of `operators` at `at`, or undefined. */
export function operatorAt(text: string, at: number, operators: readonly string[]): string | undefined {
  return operators.find((operator) => text.startsWith(operator, at));
}

/** Operators of several characters first, so the longest match wins. */
export function byLength(operators: readonly string[]): readonly string[] {
  return [...operators].sort((a, b) => b.length - a.length);
}

const OPENING: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** Brackets opened and not yet closed, to know where a line ends a statement and where embedded code ends. */
export class Brackets {
  private readonly open: string[] = [];

  get depth(): number {
    return this.open.length;
  }

  /** Takes a bracket; false when it closes one that is not open. */
  take(char: string): boolean {
    const closing = OPENING[char];
    if (closing !== undefined) {
      this.open.push(closing);
      return true;
    }
    if (char !== ')' && char !== ']' && char !== '}') return true;
    return this.open.pop() === char;
  }
}

// each token list's bracket partners, found in one pass and kept while the list is in use
const PARTNERS = new WeakMap<readonly Token[], Int32Array>();

/** For each bracket of the tokens, the index of its partner (-1 for any other token or a bracket never closed). */
function partners(tokens: readonly Token[]): Int32Array {
  let found = PARTNERS.get(tokens);
  if (found !== undefined) return found;
  found = new Int32Array(tokens.length).fill(-1);
  const open: number[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'punct') return;
    if (/^[([{]$/.test(token.text)) open.push(index);
    else if (/^[)\]}]$/.test(token.text) && open.length > 0) {
      const partner = open.pop() ?? 0;
      (found as Int32Array)[index] = partner;
      (found as Int32Array)[partner] = index;
    }
  });
  PARTNERS.set(tokens, found);
  return found;
}

/** The index of the bracket that closes or opens the one at `at`, or undefined when it has none. */
export function partnerIndex(tokens: readonly Token[], at: number): number | undefined {
  const partner = partners(tokens)[at] ?? -1;
  return partner === -1 ? undefined : partner;
}

/** One argument of a call: the tokens from `start` up to `end`. */
export interface ArgumentSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The arguments of a call whose `(` is at `open`, split at its own commas (a trailing comma adds
 * none), and where it closes. A bracket inside an argument is passed over in one step, so
 * reading nested calls stays linear in the tokens.
 */
export function argumentsOf(
  tokens: readonly Token[],
  open: number,
): { readonly args: readonly ArgumentSpan[]; readonly close: number } | undefined {
  const close = partnerIndex(tokens, open);
  if (close === undefined) return undefined;
  const args: ArgumentSpan[] = [];
  let start = open + 1;
  for (let index = open + 1; index < close; index++) {
    const token = tokens[index] as Token;
    if (token.kind === 'punct' && /^[([{]$/.test(token.text)) index = partnerIndex(tokens, index) ?? close;
    else if (token.kind === 'punct' && token.text === ',') {
      args.push({ start, end: index });
      start = index + 1;
    }
  }
  if (start < close) args.push({ start, end: close });
  return { args, close };
}

/** Whether the token is the punctuation `text`. */
export function isPunct(token: Token | undefined, text: string): boolean {
  return token?.kind === 'punct' && token.text === text;
}

/** Whether the token is the name `text`. */
export function isName(token: Token | undefined, text: string): boolean {
  return token?.kind === 'name' && token.text === text;
}
