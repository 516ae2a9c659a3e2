import {
  Brackets,
  byLength,
  interpolatedString,
  isNameStart,
  lastToken,
  nameEnd,
  newCursor,
  numberEnd,
  operatorAt,
  plainValue,
  push,
  quotedEnd,
  refused,
  type Cursor,
  type InterpolatedForm,
  type Token,
  type Tokenized,
} from './codeTokens';

// `=~` and `!~` are left out: a regular expression follows them, which this reader does not follow
const OPERATORS = byLength(
  `**= <=> === ... ||= &&= <<= >>= ** == != >= <= && || << >> += -= *= /= %= |= &= ^= .. :: => &. ( ) [ ] { } , ; . + - * / % & | ^ ! ~ < > = ? :`.split(
    ' ',
  ),
);

// a double-quoted string: "text #{code} text"; `#@x` and `#$x` interpolate too, which this reader does not follow
const DOUBLE_QUOTED: InterpolatedForm = {
  close: '"',
  open: '#{',
  refusesAt: (text, index) => text[index] === '#' && /[@$]/.test(text[index + 1] ?? ''),
};

// the globals this reader lets a name be: the standard streams and the program's name
const GLOBALS = /^\$(?:stdout|stderr|PROGRAM_NAME|0)\b/;

/** A value ends before it: after one, `/` and `%` are operators; after a method's name they may open a literal. */
function endsValue(token: Token | undefined): boolean {
  if (token === undefined) return false;
  return token.kind === 'number' || token.kind === 'string' || (token.kind === 'punct' && /^[)\]]$/.test(token.text));
}

class RubyScanner {
  failedAt: number | undefined;

  constructor(private readonly text: string) {}

  private fail(at: number): false {
    this.failedAt ??= at;
    return false;
  }

  /** Reads tokens until the text ends, or, in a string's `#{`, until its closing `}` (the cursor stops past it). */
  scan(cursor: Cursor, interpolated: boolean): boolean {
    const { text } = this;
    const brackets = new Brackets();
    while (cursor.at < text.length) {
      const at = cursor.at;
      const char = text[at] ?? '';
      const next = text[at + 1] ?? '';
      if (char === ' ' || char === '\t') {
        cursor.at++;
        cursor.spaced = true;
      } else if (char === '\\' && /^\\\r?\n/.test(text.slice(at, at + 3))) {
        cursor.at += next === '\r' ? 3 : 2;
        cursor.spaced = true;
      } else if (char === '\n' || char === '\r') {
        if (brackets.depth === 0 && !interpolated) push(cursor, 'newline', at + 1);
        else cursor.at++;
        cursor.spaced = true;
      } else if (char === '#') {
        while (cursor.at < text.length && text[cursor.at] !== '\n') cursor.at++;
      } else if (isNameStart(char)) {
        let end = nameEnd(text, at);
        // `exist?`, `strip!`: a method's name may end so, unless `!=` or `?=` follows
        if ((text[end] === '?' || text[end] === '!') && text[end + 1] !== '=') end++;
        push(cursor, 'name', end);
      } else if (char === '$') {
        const global = GLOBALS.exec(text.slice(at, at + 16));
        if (global === null) return this.fail(at);
        push(cursor, 'name', at + global[0].length);
      } else if (char === ':' && isNameStart(next)) {
        let end = nameEnd(text, at + 1);
        if ((text[end] === '?' || text[end] === '!') && text[end + 1] !== '=') end++;
        cursor.tokens.push({ kind: 'symbol', text: text.slice(at + 1, end), spaced: cursor.spaced });
        cursor.at = end;
        cursor.spaced = false;
      } else if (/[0-9]/.test(char)) {
        push(cursor, 'number', numberEnd(text, at, 'ri'));
      } else if (char === "'") {
        const end = quotedEnd(text, at, "'", { multiline: true, escapes: true });
        if (end === undefined) return this.fail(at);
        push(cursor, 'string', end, { value: plainValue(text.slice(at + 1, end - 1)) });
      } else if (char === '"') {
        if (!this.doubleQuoted(cursor)) return false;
      } else if (interpolated && char === '}' && brackets.depth === 0) {
        cursor.at++;
        return true;
      } else if (!this.operator(cursor, brackets)) return false;
    }
    return !interpolated && brackets.depth === 0 ? true : this.fail(text.length);
  }

  private operator(cursor: Cursor, brackets: Brackets): boolean {
    const { text } = this;
    const at = cursor.at;
    const operator = operatorAt(text, at, OPERATORS);
    if (operator === undefined) return this.fail(at);
    const after = text[at + operator.length] ?? ' ';
    // `/re/`, `%w[]`, `?c`, `<<~EOS`: literals this reader does not follow, unless the grammar leaves no doubt
    if ((operator.startsWith('/') || operator.startsWith('%')) && !endsValue(lastToken(cursor))) return this.fail(at);
    if ((operator === '?' || operator === '<<') && !/\s/.test(after)) return this.fail(at);
    if (!brackets.take(operator)) return this.fail(at);
    push(cursor, 'punct', at + operator.length);
    return true;
  }

  /** A double-quoted string: its text, and the code of each `#{...}`. */
  private doubleQuoted(cursor: Cursor): boolean {
    return interpolatedString(cursor, DOUBLE_QUOTED, {
      scan: (inner) => this.scan(inner, true),
      fail: (at) => this.fail(at),
    });
  }
}

/** The tokens of ruby code, or where they cannot be read. */
export function rubyTokens(code: string): Tokenized {
  const scanner = new RubyScanner(code);
  const cursor = newCursor(code);
  return scanner.scan(cursor, false) ? { ok: true, tokens: cursor.tokens } : refused(code, scanner.failedAt ?? 0);
}
