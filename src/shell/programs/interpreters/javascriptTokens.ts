import {
  Brackets,
  byLength,
  interpolatedString,
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
  type Tokenized,
} from './codeTokens';

const OPERATORS = byLength(
  (
    `>>>= ... === !== **= <<= >>= >>> &&= ||= ??= => == != <= >= && || ?? ++ -- += -= *= /= %= &= |= ^= ` +
    `** << >> { } ( ) [ ] ; , < > + - * / % & | ^ ! ~ ? : = .`
  ).split(' '),
);

// after these words an expression starts, so a `/` opens a regular expression
const BEFORE_EXPRESSION: ReadonlySet<string> = new Set(
  'return typeof instanceof in of new delete void throw case do else yield await'.split(' '),
);

// a `(` after these opens a statement's head: after its `)` a statement, so a `/` opens a regular expression
const CONTROL_HEADS: ReadonlySet<string> = new Set(['if', 'while', 'for', 'with']);

const NAME_START = /[A-Za-z_$]/;

// a template literal: `text ${code} text`
const TEMPLATE: InterpolatedForm = { close: '`', open: '${' };

class JavaScriptScanner {
  failedAt: number | undefined;
  // for each open `(`: whether it opens a statement's head; and whether the last `)` closed one
  private readonly heads: boolean[] = [];
  private closedHead = false;

  constructor(private readonly text: string) {}

  private fail(at: number): false {
    this.failedAt ??= at;
    return false;
  }

  /** Reads tokens until the text ends, or, in a template's `${`, until its closing `}` (the cursor stops past it). */
  scan(cursor: Cursor, inTemplate: boolean): boolean {
    const { text } = this;
    const brackets = new Brackets();
    while (cursor.at < text.length) {
      const at = cursor.at;
      const char = text[at] ?? '';
      if (/[ \t\n\r\f\v]/.test(char)) {
        cursor.at++;
        cursor.spaced = true;
      } else if (text.startsWith('//', at)) {
        while (cursor.at < text.length && !/[\n\r]/.test(text[cursor.at] ?? '')) cursor.at++;
      } else if (text.startsWith('/*', at)) {
        const end = text.indexOf('*/', at + 2);
        if (end === -1) return this.fail(at);
        cursor.at = end + 2;
        cursor.spaced = true;
      } else if (NAME_START.test(char)) {
        push(cursor, 'name', nameEnd(text, at, '$'));
      } else if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(text[at + 1] ?? ''))) {
        push(cursor, 'number', numberEnd(text, at, 'n'));
      } else if (char === "'" || char === '"') {
        const end = quotedEnd(text, at, char, { multiline: false, escapes: true });
        if (end === undefined) return this.fail(at);
        push(cursor, 'string', end, { value: plainValue(text.slice(at + 1, end - 1)) });
      } else if (char === '`') {
        if (!this.template(cursor)) return false;
      } else if (char === '/' && this.slashOpens(cursor) !== 'division') {
        if (this.failedAt !== undefined || !this.regex(cursor)) return false;
      } else if (inTemplate && char === '}' && brackets.depth === 0) {
        cursor.at++;
        return true;
      } else if (text.startsWith('?.', at) && !/[0-9]/.test(text[at + 2] ?? '')) {
        push(cursor, 'punct', at + 2);
      } else {
        const operator = operatorAt(text, at, OPERATORS);
        if (operator === undefined || !brackets.take(operator)) return this.fail(at);
        this.noteParen(cursor, operator);
        push(cursor, 'punct', at + operator.length);
      }
    }
    return !inTemplate && brackets.depth === 0 ? true : this.fail(text.length);
  }

  private noteParen(cursor: Cursor, operator: string): void {
    if (operator === '(') {
      const before = lastToken(cursor);
      this.heads.push(before?.kind === 'name' && CONTROL_HEADS.has(before.text));
    } else if (operator === ')') this.closedHead = this.heads.pop() === true;
  }

  /** What a `/` here opens, as the grammar decides it: a regular expression or a division; unknown fails. */
  private slashOpens(cursor: Cursor): 'regex' | 'division' | 'unknown' {
    const before = lastToken(cursor);
    if (before === undefined) return 'regex';
    switch (before.kind) {
      case 'name':
        return BEFORE_EXPRESSION.has(before.text) ? 'regex' : 'division';
      case 'punct':
        if (before.text === ')') return this.closedHead ? 'regex' : 'division';
        if (before.text === ']') return 'division';
        // a block's end or an object's, an increment's operand or the next statement: not known without a parser
        if (before.text === '}' || before.text === '++' || before.text === '--') {
          this.fail(cursor.at);
          return 'unknown';
        }
        return 'regex';
      default:
        return 'division';
    }
  }

  private regex(cursor: Cursor): boolean {
    const { text } = this;
    let index = cursor.at + 1;
    let inClass = false;
    for (;;) {
      const char = text[index];
      if (char === undefined || char === '\n' || char === '\r') return this.fail(cursor.at);
      if (char === '\\') index += 2;
      else if (char === '[') ((inClass = true), index++);
      else if (char === ']') ((inClass = false), index++);
      else if (char === '/' && !inClass) break;
      else index++;
    }
    push(cursor, 'regex', nameEnd(text, index + 1));
    return true;
  }

  /** A template literal: its text, and the code of each `${...}`. */
  private template(cursor: Cursor): boolean {
    return interpolatedString(cursor, TEMPLATE, {
      scan: (inner) => this.scan(inner, true),
      fail: (at) => this.fail(at),
    });
  }
}

/** The tokens of JavaScript code, or where they cannot be read. */
export function javascriptTokens(code: string): Tokenized {
  const scanner = new JavaScriptScanner(code);
  const cursor = newCursor(code);
  return scanner.scan(cursor, false) ? { ok: true, tokens: cursor.tokens } : refused(code, scanner.failedAt ?? 0);
}
