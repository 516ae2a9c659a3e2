import { HooksInstallError } from './installError';

/** A JSON value in a file's text, with where it starts and ends, so an edit can touch only its own bytes. */
export type JsonNode = JsonObjectNode | JsonArrayNode | JsonScalarNode;

export interface JsonObjectNode {
  readonly kind: 'object';
  readonly start: number;
  /** just past the closing brace */
  readonly end: number;
  readonly members: readonly JsonMember[];
}

export interface JsonMember {
  readonly key: string;
  readonly keyStart: number;
  readonly value: JsonNode;
}

export interface JsonArrayNode {
  readonly kind: 'array';
  readonly start: number;
  readonly end: number;
  readonly elements: readonly JsonNode[];
}

export interface JsonScalarNode {
  readonly kind: 'scalar';
  readonly start: number;
  readonly end: number;
}

/** How a settings file is read: Gemini CLI strips comments from its settings, the others read plain JSON. */
export interface JsonDialect {
  readonly comments: boolean;
}

/** The text with every comment turned to spaces (newlines kept), so offsets stay the same. */
function blankComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (char === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/** Just past the string that starts at `start` (a quote); the text is known to be valid JSON. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

/** Where JSON.parse stopped, as a line and column when its message names a position. */
function syntaxReason(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message)?.[1];
  return position === undefined ? message : `${message} (${lineAndColumn(text, Number(position))})`;
}

class Scanner {
  private at = 0;
  constructor(private readonly text: string) {}

  private skip(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at] ?? '')) this.at += 1;
  }

  value(): JsonNode {
    this.skip();
    const start = this.at;
    const char = this.text[start];
    if (char === '{') return this.object(start);
    if (char === '[') return this.array(start);
    if (char === '"') {
      this.at = stringEnd(this.text, start);
      return { kind: 'scalar', start, end: this.at };
    }
    while (this.at < this.text.length && !/[\s,\]}]/.test(this.text[this.at] ?? '')) this.at += 1;
    return { kind: 'scalar', start, end: this.at };
  }

  private object(start: number): JsonObjectNode {
    this.at += 1;
    const members: JsonMember[] = [];
    for (;;) {
      this.skip();
      if (this.text[this.at] === '}') break;
      if (this.text[this.at] === ',') this.at += 1;
      this.skip();
      const keyStart = this.at;
      this.at = stringEnd(this.text, keyStart);
      const key = JSON.parse(this.text.slice(keyStart, this.at)) as string;
      this.skip();
      this.at += 1; // the colon
      members.push({ key, keyStart, value: this.value() });
    }
    this.at += 1;
    return { kind: 'object', start, end: this.at, members };
  }

  private array(start: number): JsonArrayNode {
    this.at += 1;
    const elements: JsonNode[] = [];
    for (;;) {
      this.skip();
      if (this.text[this.at] === ']') break;
      if (this.text[this.at] === ',') this.at += 1;
      elements.push(this.value());
    }
    this.at += 1;
    return { kind: 'array', start, end: this.at, elements };
  }
}

/** A settings file read as JSON: its top-level object, located in the text, and its value. */
export interface JsonDocument {
  readonly text: string;
  readonly root: JsonObjectNode;
  readonly value: Readonly<Record<string, unknown>>;
  readonly dialect: JsonDialect;
}

/**
 * Reads a settings file's text. Throws HooksInstallError (`invalid_settings_file`) naming the
 * file, the line and the column when it is not JSON (with comments, for the dialect that has
 * them), or when it holds something other than an object.
 */
export function parseJsonDocument(text: string, file: string, dialect: JsonDialect): JsonDocument {
  // comments become spaces: JSON.parse then checks everything else, at the same offsets
  const plain = dialect.comments ? blankComments(text) : text;
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch (error) {
    throw new HooksInstallError(
      'invalid_settings_file',
      file,
      `${file} is not valid JSON${dialect.comments ? ' (with comments)' : ''}: ${syntaxReason(text, error)}; it was left as it is`,
      { cause: error },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HooksInstallError(
      'invalid_settings_file',
      file,
      `${file} holds ${Array.isArray(value) ? 'an array' : `a ${value === null ? 'null' : typeof value}`}, not an object of settings; it was left as it is`,
    );
  }
  const root = new Scanner(plain).value();
  if (root.kind !== 'object')
    throw new HooksInstallError('invalid_settings_file', file, `${file} holds no object of settings`);
  return { text, root, value: value as Record<string, unknown>, dialect };
}

/** The value a node holds; the text is known to be valid. */
export function nodeValue(document: JsonDocument, node: JsonNode): unknown {
  const slice = document.text.slice(node.start, node.end);
  return JSON.parse(document.dialect.comments ? blankComments(slice) : slice);
}

/** The last member named `key` (JSON.parse keeps the last of duplicates too). */
export function memberOf(node: JsonObjectNode, key: string): JsonMember | undefined {
  return node.members.findLast((member) => member.key === key);
}
