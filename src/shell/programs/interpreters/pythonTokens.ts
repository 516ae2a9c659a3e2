import {
  Brackets,
  byLength,
  isNameStart,
  nameEnd,
  newCursor,
  numberEnd,
  operatorAt,
  plainValue,
  push,
  quotedEnd,
  refused,
  type Cursor,
  type Token,
  type Tokenized,
} from './codeTokens';

// Python's operators and brackets; `!` stands alone only in an f-string's conversion
const OPERATORS = byLength(
  `** // >> << <= >= == != -> := += -= *= /= %= &= |= ^= @= **= //= >>= <<= ... ( ) [ ] { } , : ; . + - * / % & | ^ ~ < > = @ !`.split(
    ' ',
  ),
);

// r'', b'', f'', t'' (3.14) and their pairs; any other name before a quote is a name
const STRING_PREFIX = /^(?:[rRuUbBfFtT]|[rR][bBfFtT]|[bBfFtT][rR])$/;

/** Where a field of an f-string stops reading code: its own closing, a conversion or a format spec. */
interface Field {
  /** the f-string's quote character, which its fields may not hold (python before 3.12 ends the string there) */
  readonly quote: string;
}

/** The first character of a string's quote (`'`, `"`, `'''`, `"""`) at `at`, or undefined. */
function quoteAt(text: string, at: number): string | undefined {
  const char = text[at];
  if (char !== "'" && char !== '"') return undefined;
  return text.startsWith(char.repeat(3), at) ? char.repeat(3) : char;
}

class PythonScanner {
  failedAt: number | undefined;

  constructor(private readonly text: string) {}

  private fail(at: number): false {
    this.failedAt ??= at;
    return false;
  }

  /**
   * Reads tokens from the cursor until the text ends, or, for an f-string's field, until its
   * expression ends at a `}`, `!`, `:` or `=` outside brackets (the cursor stops on it).
   */
  scan(cursor: Cursor, field: Field | undefined): boolean {
    const { text } = this;
    const brackets = new Brackets();
    while (cursor.at < text.length) {
      const at = cursor.at;
      const char = text[at] ?? '';
      if (char === ' ' || char === '\t' || char === '\f') {
        cursor.at++;
        cursor.spaced = true;
      } else if (char === '\\' && /^\\\r?\n/.test(text.slice(at, at + 3))) {
        cursor.at += text[at + 1] === '\r' ? 3 : 2;
        cursor.spaced = true;
      } else if (char === '\n' || char === '\r') {
        if (field !== undefined) return this.fail(at);
        if (brackets.depth === 0) push(cursor, 'newline', at + 1);
        else cursor.at++;
        cursor.spaced = true;
      } else if (char === '#') {
        if (field !== undefined) return this.fail(at);
        while (cursor.at < text.length && text[cursor.at] !== '\n' && text[cursor.at] !== '\r') cursor.at++;
      } else if (field !== undefined && brackets.depth === 0 && this.endsField(at)) {
        return true;
      } else if (isNameStart(char)) {
        const end = nameEnd(text, at);
        const quote = quoteAt(text, end);
        if (quote !== undefined && STRING_PREFIX.test(text.slice(at, end))) {
          if (!this.string(cursor, end, quote, field)) return false;
        } else push(cursor, 'name', end);
      } else if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(text[at + 1] ?? ''))) {
        push(cursor, 'number', numberEnd(text, at, 'jJ'));
      } else if (quoteAt(text, at) !== undefined) {
        if (!this.string(cursor, at, quoteAt(text, at) ?? char, field)) return false;
      } else {
        const operator = operatorAt(text, at, OPERATORS);
        if (operator === undefined || !brackets.take(operator)) return this.fail(at);
        push(cursor, 'punct', at + operator.length);
      }
    }
    return field === undefined ? brackets.depth === 0 || this.fail(text.length) : this.fail(text.length);
  }

  /** Whether the expression of an f-string's field ends at `at`. */
  private endsField(at: number): boolean {
    const { text } = this;
    const char = text[at];
    if (char === '}' || char === ':') return true;
    if (char === '!') return text[at + 1] !== '=';
    // `{x=}`: the expression is printed with its value
    return char === '=' && text[at + 1] !== '=' && /^=\s*[}!:]/.test(text.slice(at, at + 8));
  }

  /** Reads a string whose prefix starts at the cursor and whose quote is at `quoteStart`. */
  private string(cursor: Cursor, quoteStart: number, quote: string, field: Field | undefined): boolean {
    const { text } = this;
    const prefix = text.slice(cursor.at, quoteStart).toLowerCase();
    const multiline = quote.length === 3;
    if (field !== undefined && quote.startsWith(field.quote)) return this.fail(quoteStart);
    if (!/[ft]/.test(prefix)) {
      const end = quotedEnd(text, quoteStart, quote, { multiline, escapes: true });
      if (end === undefined) return this.fail(quoteStart);
      push(cursor, 'string', end, { value: plainValue(text.slice(quoteStart + quote.length, end - quote.length)) });
      return true;
    }
    const code: Token[][] = [];
    let index = quoteStart + quote.length;
    while (!text.startsWith(quote, index)) {
      const char = text[index];
      if (char === undefined || ((char === '\n' || char === '\r') && !multiline)) return this.fail(index);
      if (char === '\\') index += 2;
      else if (text.startsWith('{{', index) || text.startsWith('}}', index)) index += 2;
      else if (char === '}') return this.fail(index);
      else if (char === '{') {
        const end = this.field(index, quote[0] ?? quote, code);
        if (end === undefined) return false;
        index = end;
      } else index++;
    }
    push(cursor, 'string', index + quote.length, { code });
    return true;
  }

  /** Reads an f-string's field opened at `open`: its expression's tokens go to `code`; the index after its `}`. */
  private field(open: number, quote: string, code: Token[][]): number | undefined {
    const { text } = this;
    const cursor = newCursor(text, open + 1);
    if (!this.scan(cursor, { quote })) return undefined;
    if (cursor.tokens.length === 0) return this.fail(open) || undefined;
    code.push(cursor.tokens);
    let index = cursor.at;
    if (text[index] === '=') index++;
    while (text[index] === ' ') index++;
    if (text[index] === '!') {
      if (!/[rsa]/.test(text[index + 1] ?? '')) return this.fail(index) || undefined;
      index += 2;
    }
    if (text[index] === ':') {
      // the format spec is text, with fields of its own (`{x:{width}}`)
      index++;
      while (text[index] !== '}') {
        const char = text[index];
        if (char === undefined || char === quote || char === '\\' || char === '\n' || char === '\r')
          return this.fail(index) || undefined;
        if (char === '{') {
          const end = this.field(index, quote, code);
          if (end === undefined) return undefined;
          index = end;
        } else index++;
      }
    }
    return text[index] === '}' ? index + 1 : this.fail(index) || undefined;
  }
}

/** The tokens of python code, or where they cannot be read. */
export function pythonTokens(code: string): Tokenized {
  const scanner = new PythonScanner(code);
  const cursor = newCursor(code);
  return scanner.scan(cursor, undefined) ? { ok: true, tokens: cursor.tokens } : refused(code, scanner.failedAt ?? 0);
}
