// Builds test/corpus/data/peers/dcg.json from a local copy of destructive_command_guard (dcg): the
// commands its per-pack unit tests say a pack must block or must allow. Reads only the checkout or
// git directory named on the command line; needs no network. test/corpus/data/README.md says more.
//   npx tsx scripts/extractPeerCorpus.ts <checkout or git dir> [--out FILE]
// Prints what it kept and what it skipped, per pack and per reason, as Markdown.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareCases, type Expected, type PeerCase } from '../test/corpus/peerCorpus';

const DEFAULT_OUT = fileURLToPath(new URL('../test/corpus/data/peers/dcg.json', import.meta.url));
const PACKS_DIR = 'src/packs';

/** Why an assertion gave no case; the report counts each. */
const SKIP_REASONS = {
  built: 'command built at run time (format!, concat!, a value not bound to a literal)',
  windows: 'needs a Windows-only shell (PowerShell, cmd)',
  sql: 'a bare SQL statement, not a shell command line (the pack matches SQL text anywhere in a line)',
  noVerdict: 'asserts no verdict (no safe match only, a parser stage, a keyword pre-filter, a time budget)',
} as const;
type SkipReason = keyof typeof SKIP_REASONS;

// ---- reading the peer's files: a checkout or a bare git directory, both local

interface PeerSource {
  readonly files: readonly string[];
  readonly read: (file: string) => string;
  readonly commit: string | undefined;
}

function gitSource(gitDir: string): PeerSource {
  const git = (...args: string[]): string =>
    execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const files = git('ls-tree', '-r', '--name-only', 'HEAD', PACKS_DIR).split('\n').filter(Boolean);
  return { files, read: (file) => git('show', `HEAD:${file}`), commit: git('rev-parse', 'HEAD').trim() };
}

function checkoutSource(root: string): PeerSource {
  const walk = (folder: string): string[] =>
    readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(`${folder}/${entry.name}`) : [`${folder}/${entry.name}`],
    );
  let commit: string | undefined;
  try {
    commit = execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    commit = undefined; // a plain copy without history
  }
  return { files: walk(PACKS_DIR), read: (file) => readFileSync(path.join(root, file), 'utf8'), commit };
}

function peerSource(location: string): PeerSource {
  if (existsSync(path.join(location, PACKS_DIR)) && statSync(path.join(location, PACKS_DIR)).isDirectory())
    return checkoutSource(location);
  if (existsSync(path.join(location, 'HEAD')) && existsSync(path.join(location, 'objects'))) return gitSource(location);
  throw new Error(`not a dcg checkout or git directory: ${location} (expected ${PACKS_DIR}/ or HEAD and objects/)`);
}

// ---- a Rust tokenizer: enough to find string literals, calls and their arguments

interface Token {
  readonly kind: 'ident' | 'string' | 'punct' | 'other';
  readonly text: string;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

/** The value of a `"…"` literal's body, its escapes decoded as Rust does. */
function unescapeRust(body: string): string {
  return body.replace(/\\(\n\s*|x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)/g, (_match, escape: string) => {
    if (escape.startsWith('\n')) return ''; // a line continuation drops the newline and the indentation
    if (escape.startsWith('x')) return String.fromCharCode(parseInt(escape.slice(1), 16));
    if (escape.startsWith('u{')) return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
    const simple = SIMPLE_ESCAPES[escape];
    if (simple === undefined) throw new Error(`unknown Rust escape: \\${escape}`);
    return simple;
  });
}

/** Sticky patterns for the tokens, tried in this order at each position. */
const SPACE_OR_LINE_COMMENT = /\s+|\/\/[^\n]*/y;
const RAW_STRING_OPEN = /b?r(#*)"/y;
const QUOTED_STRING = /b?"((?:[^"\\]|\\[\s\S])*)"/y;
const CHAR_LITERAL = /'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'])'/uy;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /[0-9][0-9A-Za-z_.]*/y;

function matchAt(pattern: RegExp, source: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(source);
}

/** The end of a block comment opened at `at`; Rust's block comments nest. */
function blockCommentEnd(source: string, at: number): number {
  let depth = 0;
  do {
    if (source.startsWith('/*', at)) {
      depth++;
      at += 2;
    } else if (source.startsWith('*/', at)) {
      depth--;
      at += 2;
    } else at++;
  } while (depth > 0 && at < source.length);
  return at;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const skip = matchAt(SPACE_OR_LINE_COMMENT, source, at);
    if (skip) {
      at += skip[0].length;
      continue;
    }
    if (source.startsWith('/*', at)) {
      at = blockCommentEnd(source, at);
      continue;
    }
    const raw = matchAt(RAW_STRING_OPEN, source, at);
    if (raw) {
      const close = `"${raw[1]}`;
      const end = source.indexOf(close, at + raw[0].length);
      tokens.push({ kind: 'string', text: source.slice(at + raw[0].length, end) });
      at = end + close.length;
      continue;
    }
    const quoted = matchAt(QUOTED_STRING, source, at);
    if (quoted) {
      tokens.push({ kind: 'string', text: unescapeRust(quoted[1] ?? '') });
      at += quoted[0].length;
      continue;
    }
    const ident = matchAt(IDENT, source, at);
    const other = matchAt(CHAR_LITERAL, source, at) ?? matchAt(NUMBER, source, at);
    const word = ident ?? other;
    if (word) {
      tokens.push({ kind: ident ? 'ident' : 'other', text: word[0] });
      at += word[0].length;
      continue;
    }
    tokens.push({ kind: 'punct', text: source[at] ?? '' }); // a lifetime's quote lands here, harmlessly
    at++;
  }
  return tokens;
}

const CLOSING: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** The index of the bracket that closes the one at `open`. */
function closingIndex(tokens: readonly Token[], open: number): number {
  const stack: string[] = [];
  for (let at = open; at < tokens.length; at++) {
    const text = tokens[at]?.text ?? '';
    if (tokens[at]?.kind !== 'punct') continue;
    if (CLOSING[text] !== undefined) stack.push(CLOSING[text]);
    else if (text === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return at;
    }
  }
  return tokens.length - 1;
}

/** The top-level comma-separated arguments between the bracket at `open` and its closer. */
function argumentsAt(tokens: readonly Token[], open: number): Token[][] {
  const close = closingIndex(tokens, open);
  const args: Token[][] = [[]];
  for (let at = open + 1; at < close; at++) {
    const token = tokens[at]!;
    if (token.kind === 'punct' && token.text === ',') {
      args.push([]);
      continue;
    }
    args.at(-1)!.push(token);
    if (token.kind === 'punct' && CLOSING[token.text] !== undefined) {
      const inner = closingIndex(tokens, at);
      args.at(-1)!.push(...tokens.slice(at + 1, inner + 1));
      at = inner;
    }
  }
  return args.filter((arg) => arg.length > 0);
}

/** The token ranges of `#[cfg(test)] mod NAME { … }` bodies. */
function testModules(tokens: readonly Token[]): Array<readonly [number, number]> {
  const pattern = ['#', '[', 'cfg', '(', 'test', ')', ']', 'mod'];
  const ranges: Array<readonly [number, number]> = [];
  for (let at = 0; at + pattern.length < tokens.length; at++) {
    if (!pattern.every((text, offset) => tokens[at + offset]?.text === text)) continue;
    const open = at + pattern.length + 1;
    if (tokens[open]?.text === '{') ranges.push([open, closingIndex(tokens, open)]);
  }
  return ranges;
}

// ---- the assertions: which helper says what, and where its command is

/** dcg's test helpers (src/packs/test_helpers.rs and local ones), by the verdict they assert; `none` asserts neither. */
const HELPERS: Readonly<Record<string, Expected | 'none'>> = {
  assert_blocks: 'block',
  assert_blocks_with_pattern: 'block',
  assert_blocks_with_severity: 'block',
  assert_rm_parser_denies: 'block',
  test_batch_blocks: 'block',
  assert_allows: 'allow',
  assert_safe_pattern_matches: 'allow',
  assert_no_match: 'allow',
  assert_rm_parser_allows: 'allow',
  test_batch_allows: 'allow',
  assert_no_safe_match: 'none',
  assert_rm_parser_no_match: 'none',
  assert_matches_within_budget: 'none',
};

/** `pack.check(cmd)` followed by one of these asserts a verdict; `matches_*` are the pack's two halves. */
const CHECK_RESULTS: Readonly<Record<string, Expected>> = {
  is_none: 'allow',
  is_some: 'block',
  expect: 'block',
  unwrap: 'block',
  unwrap_or_else: 'block',
};

/** Literal values of `let NAME = …` bindings and `for` loops over literal tables, by name. */
type Bindings = Map<string, readonly string[]>;

/** The literal commands an argument stands for: a literal, a slice of them, or a bound name. */
function literalCommands(arg: readonly Token[], bindings: Bindings): readonly string[] | undefined {
  const tokens = arg.filter((token) => !(token.kind === 'punct' && token.text === '&'));
  if (tokens.length === 1 && tokens[0]!.kind === 'string') return [tokens[0]!.text];
  if (tokens.length === 1 && tokens[0]!.kind === 'ident') return bindings.get(tokens[0]!.text);
  if (tokens[0]?.text === '[' && tokens.at(-1)?.text === ']') {
    const inner = tokens.slice(1, -1).filter((token) => token.text !== ',');
    return inner.every((token) => token.kind === 'string') ? inner.map((token) => token.text) : undefined;
  }
  return undefined;
}

/** The first string of each element of a literal table (`["a", "b"]` or `[("a", x), ("b", y)]`). */
function tableCommands(tokens: readonly Token[], open: number): string[] | undefined {
  const rows = argumentsAt(tokens, open);
  const firsts = rows.map((row) => (row[0]?.text === '(' ? row[1] : row.length === 1 ? row[0] : undefined));
  return firsts.every((token) => token?.kind === 'string') ? firsts.map((token) => token!.text) : undefined;
}

/** Names bound to literals or literal tables in a test module, with `for` loops binding their rows. */
function literalBindings(tokens: readonly Token[], from: number, to: number): Bindings {
  const bindings: Bindings = new Map();
  for (let at = from; at < to; at++) {
    const [first, name, eq, value] = [tokens[at], tokens[at + 1], tokens[at + 2], tokens[at + 3]];
    if (first?.text === 'let' && name?.kind === 'ident' && eq?.text === '=' && value !== undefined) {
      if (value.kind === 'string' && tokens[at + 4]?.text === ';') bindings.set(name.text, [value.text]);
      const open = value.text === 'vec' ? at + 5 : value.text === '[' || value.text === '&' ? at + 3 : -1;
      const bracket = tokens[open]?.text === '[' ? open : tokens[open + 1]?.text === '[' ? open + 1 : -1;
      const rows = bracket >= 0 ? tableCommands(tokens, bracket) : undefined;
      if (rows !== undefined) bindings.set(name.text, rows);
    }
    if (first?.text === 'for') {
      // `for (cmd, rule) in checks` or `for cmd in &checks`: the first name takes each row's command
      const loopVar = tokens[at + 1]?.text === '(' ? tokens[at + 2] : tokens[at + 1];
      const inAt = tokens.findIndex((token, index) => index > at && token.text === 'in');
      const table = tokens.slice(inAt + 1, inAt + 3).find((token) => token.kind === 'ident');
      const rows = table === undefined ? undefined : bindings.get(table.text);
      if (loopVar?.kind === 'ident' && rows !== undefined) bindings.set(loopVar.text, rows);
    }
  }
  return bindings;
}

interface Found {
  readonly cases: PeerCase[];
  readonly skipped: Array<{ readonly pack: string; readonly reason: SkipReason }>;
}

const isNegated = (tokens: readonly Token[], receiver: number): boolean => tokens[receiver - 1]?.text === '!';

/** Every block or allow assertion of one pack file's test modules. */
function assertionsOf(pack: string, source: string): Found {
  const tokens = tokenize(source);
  const found: Found = { cases: [], skipped: [] };
  const add = (commands: readonly string[] | undefined, expected: Expected | 'none'): void => {
    if (expected === 'none') for (const _ of commands ?? ['']) found.skipped.push({ pack, reason: 'noVerdict' });
    else if (commands === undefined) found.skipped.push({ pack, reason: 'built' });
    else for (const command of commands) found.cases.push({ pack, command, expected });
  };
  for (const [from, to] of testModules(tokens)) {
    const bindings = literalBindings(tokens, from, to);
    for (let at = from; at < to; at++) {
      const token = tokens[at]!;
      const next = tokens[at + 1];
      if (token.kind !== 'ident' || next?.text !== '(' || tokens[at - 1]?.text === 'fn') continue;
      const args = argumentsAt(tokens, at + 1);
      const helper = HELPERS[token.text];
      if (helper !== undefined) {
        // a pack helper takes `&pack` first; a method of a test runner or the rm parser's helpers do not
        const packFirst = tokens[at - 1]?.text !== '.' && args[0]?.[0]?.text === '&' && args.length > 1;
        add(literalCommands(args[packFirst ? 1 : 0] ?? [], bindings), helper);
        continue;
      }
      if (tokens[at - 1]?.text !== '.' || args.length !== 1) continue;
      const commands = literalCommands(args[0]!, bindings);
      const negated = isNegated(tokens, at - 2);
      if (token.text === 'check') {
        const result = tokens[closingIndex(tokens, at + 1) + 2]?.text ?? '';
        const expected = CHECK_RESULTS[result];
        add(commands, expected === undefined || negated ? 'none' : expected);
      } else if (token.text === 'matches_destructive') add(commands, negated ? 'none' : 'block');
      else if (token.text === 'matches_safe') add(commands, negated ? 'none' : 'allow');
      else if (token.text === 'might_match') add(commands, 'none');
    }
  }
  return found;
}

// ---- which commands the corpus keeps

const WINDOWS_SHELL = /^\s*(?:powershell|pwsh|cmd(?:\.exe)?\s+\/[ck])\b|\.ps1\b|\bcmd\.exe\b/i;
const SQL_STATEMENT =
  /^\s*(?:select|show|describe|explain|drop|delete|truncate|grant|revoke|alter|insert|update|create)\b/i;

function skipReasonOf(found: PeerCase): SkipReason | undefined {
  if (WINDOWS_SHELL.test(found.command)) return 'windows';
  if (found.pack.startsWith('database.') && SQL_STATEMENT.test(found.command)) return 'sql';
  return undefined;
}

/** The pack a file defines: the one `id: "…"` outside its tests, or none for shared modules. */
function packIdOf(source: string): string | undefined {
  const beforeTests = source.split('#[cfg(test)]')[0] ?? '';
  const ids = [...beforeTests.matchAll(/\bid:\s*"([a-z0-9_.]+)"/g)].map((match) => match[1]);
  return ids.length === 1 ? ids[0] : undefined;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const caseKey = (found: PeerCase): string => JSON.stringify([found.pack, found.expected, found.command]);

interface Extraction {
  readonly cases: readonly PeerCase[];
  readonly skipped: ReadonlyMap<SkipReason, number>;
  /** the same pack and command asserted both ways; left out */
  readonly contradictions: readonly PeerCase[];
  readonly commit: string | undefined;
}

function extractPeerCorpus(location: string): Extraction {
  const source = peerSource(location);
  const all: Found = { cases: [], skipped: [] };
  for (const file of source.files.filter((name) => name.endsWith('.rs')).sort()) {
    const text = source.read(file);
    const pack = packIdOf(text);
    if (pack === undefined) continue;
    const found = assertionsOf(pack, text);
    all.skipped.push(...found.skipped);
    for (const item of found.cases) {
      const reason = skipReasonOf(item);
      if (reason === undefined) all.cases.push(item);
      else all.skipped.push({ pack, reason });
    }
  }
  const distinct = new Map(all.cases.map((item) => [caseKey(item), item]));
  const verdicts = new Map<string, Set<Expected>>();
  for (const item of distinct.values()) {
    const key = JSON.stringify([item.pack, item.command]);
    verdicts.set(key, (verdicts.get(key) ?? new Set()).add(item.expected));
  }
  const both = (item: PeerCase): boolean => verdicts.get(JSON.stringify([item.pack, item.command]))?.size === 2;
  const cases = [...distinct.values()].sort(compareCases);
  const skipped = new Map<SkipReason, number>();
  for (const { reason } of all.skipped) skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  return {
    cases: cases.filter((item) => !both(item)),
    skipped,
    contradictions: cases.filter(both),
    commit: source.commit,
  };
}

/** The corpus file's text: one case per line, so a changed extraction diffs case by case. */
const corpusText = (cases: readonly PeerCase[]): string =>
  `[\n${cases.map((item) => `  ${JSON.stringify({ pack: item.pack, command: item.command, expected: item.expected })}`).join(',\n')}\n]\n`;

/** The counts the README section lists: per pack and expected, and the skipped assertions per reason. */
function summary(extraction: Extraction): string {
  const rows = new Map<string, { block: number; allow: number }>();
  for (const item of extraction.cases) {
    const row = rows.get(item.pack) ?? { block: 0, allow: 0 };
    row[item.expected]++;
    rows.set(item.pack, row);
  }
  const lines = ['| pack | block | allow |', '| --- | ---: | ---: |'];
  for (const [pack, row] of [...rows].sort(([a], [b]) => compareText(a, b)))
    lines.push(`| \`${pack}\` | ${row.block} | ${row.allow} |`);
  const blocks = extraction.cases.filter((item) => item.expected === 'block').length;
  lines.push(`| **all ${rows.size} packs** | **${blocks}** | **${extraction.cases.length - blocks}** |`, '');
  lines.push('| skipped assertions | count |', '| --- | ---: |');
  for (const reason of Object.keys(SKIP_REASONS) as SkipReason[])
    lines.push(`| ${SKIP_REASONS[reason]} | ${extraction.skipped.get(reason) ?? 0} |`);
  lines.push(`| asserted both ways for one pack (left out) | ${extraction.contradictions.length} |`);
  return `commit ${extraction.commit ?? 'unknown'}\n\n${lines.join('\n')}\n`;
}

function main(): void {
  const { values, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
  const [location] = positionals;
  if (location === undefined || positionals.length > 1)
    throw new Error('usage: npx tsx scripts/extractPeerCorpus.ts <dcg checkout or git dir> [--out FILE]');
  const extraction = extractPeerCorpus(location);
  const out = values.out ?? DEFAULT_OUT;
  writeFileSync(out, corpusText(extraction.cases));
  process.stdout.write(`${summary(extraction)}\nwrote ${extraction.cases.length} cases to ${out}\n`);
}

main();
