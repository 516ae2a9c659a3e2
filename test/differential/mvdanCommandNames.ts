import { createRequire } from 'node:module';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';

// A second, independent bash parser (mvdan/sh, the parser behind shfmt, compiled to JS by GopherJS)
// and a small walker listing which commands a script runs, to compare with the analyzer's unbash reading.

interface MvdanParser {
  Parse(source: string, name: string): unknown;
}

interface MvdanSyntax {
  NewParser(): MvdanParser;
  NodeType(node: unknown): string;
}

interface MvdanModule {
  readonly syntax: MvdanSyntax;
}

const { syntax } = createRequire(import.meta.url)('mvdan-sh') as MvdanModule;
const parser = syntax.NewParser();

/** The name listed for a command whose name is built at run time ($x, $(...), globs, braces). */
export const UNKNOWN_NAME = '<unknown>';

/** mvdan/sh's BinaryCmd operators for `|` and `|&`. */
const PIPE_OPERATORS: ReadonlySet<unknown> = new Set([12, 13]);

/** Commands that run another command named in their own words, arguments or stdin script. */
export const UNWRAPPERS: ReadonlySet<string> = new Set([
  // privilege and process wrappers
  'sudo',
  'sudoedit',
  'doas',
  'pkexec',
  'run0',
  'su',
  'runuser',
  'env',
  'nohup',
  'time',
  'timeout',
  'busybox',
  'command',
  'builtin',
  'exec',
  'nice',
  'ionice',
  'stdbuf',
  'chrt',
  'taskset',
  'setsid',
  'watch',
  'flock',
  'strace',
  'ltrace',
  'valgrind',
  'chroot',
  'unshare',
  'nsenter',
  'script',
  'unbuffer',
  'caffeinate',
  'torsocks',
  'proxychains',
  'proxychains4',
  'firejail',
  'dbus-launch',
  'xvfb-run',
  'dbus-run-session',
  'ssh-agent',
  'flatpak-spawn',
  'proot',
  'bwrap',
  'entr',
  'nodemon',
  'concurrently',
  'watchexec',
  'cross-env',
  'cross-env-shell',
  'dotenv',
  'env-cmd',
  'docker',
  'podman',
  'kubectl',
  'oc',
  'sudo-rs',
  'pfexec',
  'gosu',
  'su-exec',
  'setuidgid',
  's6-setuidgid',
  'tini',
  'dumb-init',
  'with-contenv',
  'chronic',
  'catchsegv',
  // commands that run a command given as an argument or option
  'xargs',
  'find',
  'parallel',
  'rg',
  'sort',
  'tar',
  'zip',
  'man',
  'rsync',
  'scp',
  'sftp',
  'ssh',
  'mosh',
  'autossh',
  // shells and shell builtins that run code
  'bash',
  'sh',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'csh',
  'tcsh',
  'eval',
  'trap',
  'source',
  '.',
  // package runners, interpreters run as CLIs, git aliases
  'npx',
  'pnpx',
  'bunx',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'uv',
  'uvx',
  'poetry',
  'pipenv',
  'pdm',
  'hatch',
  'rye',
  'pixi',
  'bundle',
  'bundler',
  'conda',
  'mamba',
  'python',
  'python3',
  'git',
  // builtins that remap names (an alias's value runs where its name is used), and interpreters whose inline
  // code starts processes (os.system, execSync, system(), sed e)
  'alias',
  'hash',
  'awk',
  'gawk',
  'node',
  'perl',
  'ruby',
  'php',
  'sed',
]);

// mvdan-sh reads a carriage return as a blank where bash reads an ordinary character: hide it from the parser
const CR = '\r';
const CR_STANDIN = '\uE00D';

export interface SecondParse {
  /** the parse error, when mvdan/sh rejects the script */
  readonly error: string | undefined;
  /** basenames of every command the script runs; UNKNOWN_NAME for names built at run time */
  readonly names: ReadonlySet<string>;
  /** constructs whose inner commands the parser cannot see (the deprecated $[ ] arithmetic) */
  readonly opaque: readonly string[];
  /** literal tokens under statements that run other commands: where an unwrapped inner command may come from (computed on demand) */
  innerTokens(): ReadonlySet<string>;
}

type Node = Readonly<Record<string, unknown>>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}

function nodes(value: unknown): Node[] {
  return Array.isArray(value) ? value.filter(isNode) : [];
}

// the fields holding child nodes, per node type of mvdan/sh's syntax package; reading a field of a
// GopherJS object is slow, so each type reads only its own (syntax.Walk takes ~2 ms per script)
const CHILD_FIELDS: Readonly<Record<string, readonly string[]>> = {
  File: ['Stmts'],
  Stmt: ['Cmd', 'Redirs'],
  CallExpr: ['Assigns', 'Args'],
  Assign: ['Index', 'Value', 'Array'],
  ArrayExpr: ['Elems'],
  ArrayElem: ['Index', 'Value'],
  BinaryCmd: ['X', 'Y'],
  Subshell: ['Stmts'],
  Block: ['Stmts'],
  IfClause: ['Cond', 'Then', 'Else'],
  WhileClause: ['Cond', 'Do'],
  ForClause: ['Loop', 'Do'],
  WordIter: ['Items'],
  CStyleLoop: ['Init', 'Cond', 'Post'],
  CaseClause: ['Word', 'Items'],
  CaseItem: ['Patterns', 'Stmts'],
  FuncDecl: ['Body'],
  ArithmCmd: ['X'],
  TestClause: ['X'],
  BinaryTest: ['X', 'Y'],
  UnaryTest: ['X'],
  ParenTest: ['X'],
  DeclClause: ['Args'],
  LetClause: ['Exprs'],
  TimeClause: ['Stmt'],
  CoprocClause: ['Stmt'],
  Redirect: ['Word', 'Hdoc'],
  Word: ['Parts'],
  DblQuoted: ['Parts'],
  ParamExp: ['Index', 'Slice', 'Repl', 'Exp'],
  CmdSubst: ['Stmts'],
  ProcSubst: ['Stmts'],
  ArithmExp: ['X'],
  BinaryArithm: ['X', 'Y'],
  UnaryArithm: ['X'],
  ParenArithm: ['X'],
  BraceExp: ['Elems'],
  Lit: [],
  SglQuoted: [],
  ExtGlob: [],
  // the helper structs under ${...} (Slice, Replace, Expansion) have no node type
  '': ['Offset', 'Length', 'Orig', 'With', 'Word'],
};

// a node type this table does not know: read every child field there is
const ALL_CHILD_FIELDS = [...new Set(Object.values(CHILD_FIELDS).flat())];

/** A node's type name; '' for the helper structs under ${...} (Expansion, Replace, Slice), which NodeType rejects. */
function typeOf(value: Node): string {
  try {
    return syntax.NodeType(value);
  } catch {
    return '';
  }
}

/**
 * Visits `root` and everything under it: command and process substitutions, subshells, blocks,
 * pipelines and lists, if/for/while/case, functions, redirections and heredocs, words and their
 * parts. `visit` returns false to skip a node's children.
 */
function walk(root: unknown, visit: (node: Node, type: string) => boolean): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push(value[index]);
      continue;
    }
    if (!isNode(value)) continue;
    const type = typeOf(value);
    if (!visit(value, type)) continue;
    const fields = CHILD_FIELDS[type] ?? ALL_CHILD_FIELDS;
    for (let index = fields.length - 1; index >= 0; index -= 1) {
      const child = value[fields[index] as string];
      if (child !== undefined && child !== null) stack.push(child);
    }
  }
}

function text(node: Node, key: string): string {
  const value = node[key];
  return typeof value === 'string' ? value.split(CR_STANDIN).join(CR) : '';
}

/** The last path segment, as the analyzer's words are compared: `/usr/bin/sudo` -> `sudo`. */
export function basename(word: string): string {
  const trimmed = word.replace(/\/+$/, '');
  return trimmed === '' ? word : trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Bash's reading of a $'...' body. */
export function decodeAnsiC(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const char = body.charAt(i);
    if (char !== '\\' || i + 1 >= body.length) {
      out += char;
      continue;
    }
    const next = body.charAt(i + 1);
    const simple = SIMPLE_ESCAPES[next];
    const numeric = /^[0-7]/.test(next)
      ? { match: /^[0-7]{1,3}/.exec(body.slice(i + 1)), base: 8, skip: 0 }
      : next === 'x'
        ? { match: /^[0-9a-fA-F]{1,2}/.exec(body.slice(i + 2)), base: 16, skip: 1 }
        : next === 'u'
          ? { match: /^[0-9a-fA-F]{1,4}/.exec(body.slice(i + 2)), base: 16, skip: 1 }
          : next === 'U'
            ? { match: /^[0-9a-fA-F]{1,8}/.exec(body.slice(i + 2)), base: 16, skip: 1 }
            : undefined;
    if (simple !== undefined) {
      out += simple;
      i += 1;
    } else if (numeric?.match) {
      const code = Number.parseInt(numeric.match[0], numeric.base);
      if (code === 0) return out; // bash cuts the string at a NUL
      out += String.fromCodePoint(code);
      i += numeric.skip + numeric.match[0].length;
    } else if (next === 'c' && i + 2 < body.length) {
      out += String.fromCharCode(body.charCodeAt(i + 2) & 0x1f);
      i += 2;
    } else {
      out += char;
    }
  }
  return out;
}

interface Evaluated {
  value: string;
  /** the word with quoted characters masked, to spot unquoted glob and brace syntax */
  visible: string;
  unknown: boolean;
}

function evalUnquoted(raw: string, into: Evaluated): void {
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw.charAt(i);
    if (char === '\\' && i + 1 < raw.length) {
      i += 1;
      if (raw.charAt(i) !== '\n') {
        into.value += raw.charAt(i);
        into.visible += '_';
      }
    } else {
      into.value += char;
      into.visible += char;
    }
  }
}

function evalDoubleQuoted(raw: string, into: Evaluated): void {
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw.charAt(i);
    const next = raw.charAt(i + 1);
    if (char === '\\' && '$`"\\\n'.includes(next) && next !== '') {
      i += 1;
      if (next !== '\n') into.value += next;
    } else {
      into.value += char;
    }
  }
  into.visible += '_'.repeat(raw.length);
}

/** The second parser's own literal reading of a word; unknown when it holds any expansion. */
export function evaluateWord(word: Node): Evaluated {
  const result: Evaluated = { value: '', visible: '', unknown: false };
  for (const part of nodes(word.Parts)) {
    const type = syntax.NodeType(part);
    if (type === 'Lit') {
      evalUnquoted(text(part, 'Value'), result);
    } else if (type === 'SglQuoted') {
      const body = text(part, 'Value');
      const value = part.Dollar === true ? decodeAnsiC(body) : body;
      result.value += value;
      result.visible += '_'.repeat(value.length);
    } else if (type === 'DblQuoted') {
      for (const inner of nodes(part.Parts)) {
        if (syntax.NodeType(inner) === 'Lit') evalDoubleQuoted(text(inner, 'Value'), result);
        else result.unknown = true;
      }
    } else {
      result.unknown = true;
    }
  }
  if (/[*?]|\[[^\]]*\]|\{[^{}]*(,|\.\.)[^{}]*\}/.test(result.visible)) result.unknown = true;
  return result;
}

function commandName(call: Node): string | undefined {
  const first = nodes(call.Args)[0];
  if (first === undefined) return undefined;
  const evaluated = evaluateWord(first);
  return evaluated.unknown ? UNKNOWN_NAME : basename(evaluated.value);
}

function addTokens(text: string, into: Set<string>): void {
  // an inner script is read again by a shell (or printf): drop its escapes, and also its quotes (s""udo);
  // a carriage return is not a blank to bash, so only spaces, tabs and newlines split
  into.add(basename(text));
  const unescaped = text.replace(/\\(.)/gs, '$1');
  for (const variant of [text, decodeAnsiC(text), unescaped, unescaped.replace(/["']/g, '')]) {
    for (const token of variant.split(/[ \t\n;&|()`$<>{}'"=!\\]+/)) {
      if (token !== '') into.add(basename(token));
    }
  }
}

function literalTokens(root: Node, into: Set<string>, depth = 0): void {
  walk(root, (node, type) => {
    if (type === 'Word') {
      const value = evaluateWord(node).value;
      addTokens(value, into);
      // a word may be a script a shell reads again (bash -c '...'): its own words are tokens too
      if (depth < 4 && /[\s'"\\]/.test(value)) {
        try {
          literalTokens(parser.Parse(value.split(CR).join(CR_STANDIN), 'inner.sh') as Node, into, depth + 1);
        } catch {
          // not a script: its plain tokens are enough
        }
      }
    } else if (type === 'Lit') {
      addTokens(text(node, 'Value'), into);
    } else if (type === 'SglQuoted') {
      addTokens(node.Dollar === true ? decodeAnsiC(text(node, 'Value')) : text(node, 'Value'), into);
    }
    return true;
  });
}

function directName(stmt: unknown): string | undefined {
  if (!isNode(stmt) || !isNode(stmt.Cmd) || syntax.NodeType(stmt.Cmd) !== 'CallExpr') return undefined;
  return commandName(stmt.Cmd);
}

function pipelineMembers(pipe: Node): unknown[] {
  const sides = [pipe.X, pipe.Y];
  return sides.flatMap((side) =>
    isNode(side) && isNode(side.Cmd) && syntax.NodeType(side.Cmd) === 'BinaryCmd' && PIPE_OPERATORS.has(side.Cmd.Op)
      ? pipelineMembers(side.Cmd)
      : [side],
  );
}

/**
 * A program the command catalog does not know, or one with subcommands (an unknown one may be
 * an alias), may run a command named in its words: the analyzer looks for them there.
 */
function mayRunItsWords(name: string): boolean {
  const program = BUILTIN_CATALOG.lookup(name);
  return program === undefined || program.spec.subcommands !== undefined || program.spec.anySubcommand !== undefined;
}

function isUnwrapper(name: string | undefined): boolean {
  return name !== undefined && (UNWRAPPERS.has(name) || mayRunItsWords(name));
}

function collectInnerTokens(file: unknown): Set<string> {
  const tokens = new Set<string>();
  walk(file, (node, type) => {
    if (type === 'Stmt' && isUnwrapper(directName(node))) {
      literalTokens(node, tokens);
    } else if (
      type === 'BinaryCmd' &&
      PIPE_OPERATORS.has(node.Op) &&
      pipelineMembers(node).some((member) => isUnwrapper(directName(member)))
    ) {
      // a pipe may feed its left side to an inner shell on the right: both sides may be unwrapped
      literalTokens(node, tokens);
    }
    return true;
  });
  return tokens;
}

/** Parses `script` with mvdan/sh and lists the commands it runs. */
export function secondParse(script: string): SecondParse {
  const names = new Set<string>();
  const opaque: string[] = [];
  let file: unknown;
  try {
    file = parser.Parse(script.split(CR).join(CR_STANDIN), 'script.sh');
  } catch (error: unknown) {
    const message =
      isNode(error) && typeof error.Error === 'function'
        ? String((error.Error as () => unknown).call(error))
        : String(error);
    return { error: message, names, opaque, innerTokens: () => new Set() };
  }
  walk(file, (node, type) => {
    if (type === 'CallExpr') {
      const name = commandName(node);
      if (name !== undefined) names.add(name);
    } else if (type === 'DeclClause') {
      const variant = node.Variant;
      if (isNode(variant)) names.add(text(variant, 'Value'));
    } else if (type === 'LetClause') {
      names.add('let');
    } else if (type === 'ArithmExp' && node.Bracket === true) {
      opaque.push('$[ ]');
    }
    return true;
  });
  let tokens: Set<string> | undefined;
  return { error: undefined, names, opaque, innerTokens: () => (tokens ??= collectInnerTokens(file)) };
}
