import {
  Brackets,
  byLength,
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
  type Token,
  type Tokenized,
} from './codeTokens';

// `=~`, `!~`, `->`, `::`, `\` and `<<` are left out: what follows them (a pattern, a reference, a
// package, a heredoc) is not followed by this reader
const OPERATORS = byLength(
  `<=> ** ... .. => == != >= <= && || // += -= *= /= .= x= ||= &&= ( ) [ ] { } , ; . + - * / % & | ^ ! ~ < > = ? :`.split(
    ' ',
  ),
);

// a variable of the code's own (lowercase, so none of perl's special ones), or the specials read here
const VARIABLE = /^(?:[$@][a-z_][A-Za-z0-9_]*|\$0|\$\]|\$\^[VO]|[$@]ARGV)(?![A-Za-z0-9_:'{])/;

/** A value ends before it: after one, `/` divides; elsewhere it may open a pattern. */
function endsValue(token: Token | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === 'number' || token.kind === 'string') return true;
  if (token.kind === 'name') return /^[$@]/.test(token.text);
  return token.kind === 'punct' && /^[)\]]$/.test(token.text);
}

class PerlScanner {
  failedAt: number | undefined;

  constructor(private readonly text: string) {}

  private fail(at: number): false {
    this.failedAt ??= at;
    return false;
  }

  scan(cursor: Cursor): boolean {
    const { text } = this;
    const brackets = new Brackets();
    while (cursor.at < text.length) {
      const at = cursor.at;
      const char = text[at] ?? '';
      if (/[ \t\n\r\f]/.test(char)) {
        cursor.at++;
        cursor.spaced = true;
      } else if (char === '#') {
        while (cursor.at < text.length && text[cursor.at] !== '\n') cursor.at++;
      } else if (isNameStart(char)) {
        const end = nameEnd(text, at);
        // `Foo::bar`, and `Foo'bar`, perl's old package separator
        if (text.startsWith('::', end) || (text[end] === "'" && isNameStart(text[end + 1]))) return this.fail(at);
        push(cursor, 'name', end);
      } else if (char === '$' || char === '@') {
        const variable = VARIABLE.exec(text.slice(at, at + 40));
        if (variable === null) return this.fail(at);
        push(cursor, 'name', at + variable[0].length);
      } else if (/[0-9]/.test(char)) {
        push(cursor, 'number', numberEnd(text, at));
      } else if (char === "'") {
        const end = quotedEnd(text, at, "'", { multiline: true, escapes: true });
        if (end === undefined) return this.fail(at);
        push(cursor, 'string', end, { value: plainValue(text.slice(at + 1, end - 1)) });
      } else if (char === '"') {
        const end = quotedEnd(text, at, '"', { multiline: true, escapes: true });
        // a variable or an expression in it is interpolated: `"@{[ system 'id' ]}"` runs code
        if (end === undefined || /[$@]/.test(text.slice(at + 1, end - 1))) return this.fail(at);
        push(cursor, 'string', end, { value: plainValue(text.slice(at + 1, end - 1)) });
      } else if (!this.operator(cursor, brackets)) return false;
    }
    return brackets.depth === 0 || this.fail(text.length);
  }

  private operator(cursor: Cursor, brackets: Brackets): boolean {
    const { text } = this;
    const at = cursor.at;
    const operator = operatorAt(text, at, OPERATORS);
    if (operator === undefined) return this.fail(at);
    const after = text[at + operator.length] ?? ' ';
    const spacedAround = cursor.spaced && /\s/.test(after);
    // `/re/`, `?re?`, `<FH>`, `%hash`, `&sub`, `*glob`: only a division, a comparison or a product is followed
    if (operator.startsWith('/') && !endsValue(lastToken(cursor))) return this.fail(at);
    if ((operator === '?' || operator === '<' || operator === '%' || operator === '&') && !spacedAround)
      return this.fail(at);
    if (operator === '*' && /[A-Za-z_{$]/.test(after)) return this.fail(at);
    // `->`: a method or a code reference called, perhaps by a name in a string
    if (operator === '-' && after === '>') return this.fail(at);
    if (!brackets.take(operator)) return this.fail(at);
    push(cursor, 'punct', at + operator.length);
    return true;
  }
}

/** The tokens of perl code, or where they cannot be read. */
export function perlTokens(code: string): Tokenized {
  const scanner = new PerlScanner(code);
  const cursor = newCursor(code);
  return scanner.scan(cursor) ? { ok: true, tokens: cursor.tokens } : refused(code, scanner.failedAt ?? 0);
}
