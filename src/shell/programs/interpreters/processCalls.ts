/**
 * The processes inline code of another language starts, read from its literal arguments:
 * `os.system("sudo id")` runs a shell line, `subprocess.run(["git", "push"])` and perl's
 * `system "rm", "-rf", "docs"` run an argument list, `os.execvp("rm", ["rm", "-rf", "x"])` a
 * program with its argv. A literal command is returned as a shell line (an argument list as
 * quoted words); a call whose command is built at run time (a variable, a concatenation, an
 * interpolated string) is returned as hidden: the caller fails closed. A reading of the call
 * forms each language has, not a parser of those languages.
 */

/** How a call's positional arguments name what it runs. */
type Shape =
  /** the first argument: a string is a shell line, a list an argv */
  | 'shell'
  /** a program, then a list of its arguments (node's spawn, execFile) */
  | 'programList'
  /** a program, then a list whose first item is argv[0] (python's os.execv, os.posix_spawn) */
  | 'programArgv'
  /** a mode, a program, then such a list (os.spawnv) */
  | 'modeProgramArgv'
  /** a program, argv[0], then each argument (os.execl) */
  | 'programArgs'
  /** a mode, a program, argv[0], then each argument (os.spawnl) */
  | 'modeProgramArgs'
  /** each argument a word, the program first; one string alone is a shell line (perl's and ruby's system) */
  | 'words'
  /** perl's open: a pipe mode in the second argument */
  | 'perlOpen'
  /** ruby's open and IO.read: a first argument starting with `|` is a command */
  | 'pipeOpen';

interface CallForm {
  readonly pattern: RegExp;
  readonly shape: Shape;
  /** may be called without parentheses (perl, ruby) */
  readonly bare?: boolean;
}

/** What the code starts: its command lines, and the first call whose command is built at run time. */
export interface ProcessCalls {
  readonly lines: string[];
  hidden: string | undefined;
}

const PYTHON_FORMS: readonly CallForm[] = [
  {
    pattern: new RegExp(
      String.raw`\b(?:os\.system|os\.popen|commands\.getoutput|commands\.getstatusoutput|subprocess\.(?:run|` +
        String.raw`call|check_call|check_output|Popen|getoutput|getstatusoutput)|asyncio\.create_subprocess_shell|` +
        String.raw`pty\.spawn)\s*\(`,
      'g',
    ),
    shape: 'shell',
  },
  { pattern: /\bos\.(?:execv|execve|execvp|execvpe|posix_spawn|posix_spawnp)\s*\(/g, shape: 'programArgv' },
  { pattern: /\bos\.(?:execl|execle|execlp|execlpe)\s*\(/g, shape: 'programArgs' },
  { pattern: /\bos\.(?:spawnv|spawnve|spawnvp|spawnvpe)\s*\(/g, shape: 'modeProgramArgv' },
  { pattern: /\bos\.(?:spawnl|spawnle|spawnlp|spawnlpe)\s*\(/g, shape: 'modeProgramArgs' },
  { pattern: /\basyncio\.create_subprocess_exec\s*\(/g, shape: 'words' },
];

const NODE_FORMS: readonly CallForm[] = [
  { pattern: /\b(?:exec|execSync)\s*\(/g, shape: 'shell' },
  { pattern: /\b(?:spawn|spawnSync|execFile|execFileSync)\s*\(/g, shape: 'programList' },
];

const PERL_FORMS: readonly CallForm[] = [
  { pattern: /(?<![\w$@%&>:.-])(?:system|exec)\b(?!\s*=>)/g, shape: 'words', bare: true },
  { pattern: /(?<![\w$@%&>:.-])readpipe\b/g, shape: 'shell', bare: true },
  { pattern: /(?<![\w$@%&>:.-])open\b(?!\s*=>)/g, shape: 'perlOpen', bare: true },
  { pattern: /\bIPC::Open[23]::open[23]\s*\(|(?<![\w$@%&>:.-])open[23]\s*\(/g, shape: 'words' },
];

const RUBY_FORMS: readonly CallForm[] = [
  { pattern: /(?<![\w$@.:])(?:system|exec|spawn)\b(?!\s*[=:])/g, shape: 'words', bare: true },
  { pattern: /\b(?:Kernel|Process)\.(?:system|exec|spawn)\b/g, shape: 'words', bare: true },
  { pattern: /\b(?:IO\.popen|Open3\.\w+|PTY\.spawn)\b/g, shape: 'shell', bare: true },
  {
    pattern: /(?<![\w$@.:])open\b|\b(?:Kernel\.open|IO\.(?:read|readlines|foreach|write|binread|open))\b/g,
    shape: 'pipeOpen',
    bare: true,
  },
];

const PHP_FORMS: readonly CallForm[] = [
  { pattern: /\b(?:system|exec|shell_exec|passthru|popen|proc_open)\s*\(/g, shape: 'shell' },
  { pattern: /\bpcntl_exec\s*\(/g, shape: 'programList' },
];

const AWK_FORMS: readonly CallForm[] = [{ pattern: /\bsystem\s*\(/g, shape: 'shell' }];
const LUA_FORMS: readonly CallForm[] = [{ pattern: /\b(?:os\.execute|io\.popen)\s*\(/g, shape: 'shell' }];
const R_FORMS: readonly CallForm[] = [
  { pattern: /\b(?:system|shell|pipe)\s*\(/g, shape: 'shell' },
  { pattern: /\bsystem2\s*\(/g, shape: 'programList' },
];

/** For a language not known here: the common call forms, read for their literal commands only. */
const GENERIC_FORMS: readonly CallForm[] = [
  {
    pattern: new RegExp(
      String.raw`\b(?:os\.system|os\.popen|subprocess\.\w+|system|popen|exec|execSync|spawnSync|shell_exec|` +
        String.raw`passthru|proc_open|IO\.popen|Process\.start|Runtime\.getRuntime\(\)\.exec)\s*\(`,
      'g',
    ),
    shape: 'shell',
  },
  { pattern: /\bdo shell script\b/g, shape: 'shell', bare: true },
];

/** The language of an interpreter, by its name (`python3.12`, `nodejs`, `gawk`). */
export function languageOf(name: string): string {
  if (/^(?:python|py|pypy)/.test(name)) return 'python';
  if (/^(?:node|nodejs|tsx|ts-node|bun|deno)$/.test(name)) return 'node';
  if (/^(?:g|m|n)?awk$/.test(name)) return 'awk';
  if (/^(?:lua|luajit)/.test(name)) return 'lua';
  if (name === 'Rscript' || name === 'R') return 'r';
  return name;
}

const FORMS: Readonly<Record<string, readonly CallForm[]>> = {
  python: PYTHON_FORMS,
  node: NODE_FORMS,
  perl: PERL_FORMS,
  ruby: RUBY_FORMS,
  php: PHP_FORMS,
  awk: AWK_FORMS,
  lua: LUA_FORMS,
  r: R_FORMS,
};

/** One argument of a call, as far as its text shows. */
type Item =
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'list'; readonly words: readonly string[] }
  | { readonly kind: 'other'; readonly text: string }
  | { readonly kind: 'keyword' };

const OPENERS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/** Whether a string literal's quotes interpolate code in this language (`"$x"` in perl, `"#{x}"` in ruby, `${x}` in a JS template, a python f-string). */
function interpolates(language: string, quote: string, body: string, prefix: string): boolean {
  if (language === 'perl' || language === 'php') return quote !== "'" && /[$@]/.test(body);
  if (language === 'ruby') return quote !== "'" && body.includes('#{');
  if (language === 'node') return quote === '`' && body.includes('${');
  if (language === 'python') return /f/i.test(prefix) && body.includes('{');
  return false;
}

/** A quoted literal at `at` (its quote character), with backslash escapes; undefined when it does not end. */
function readQuoted(code: string, at: number): { text: string; raw: string; end: number } | undefined {
  const quote = code[at] ?? '';
  const triple = (quote === '"' || quote === "'") && code.startsWith(quote.repeat(3), at);
  const close = triple ? quote.repeat(3) : quote;
  let out = '';
  for (let index = at + close.length; index < code.length; index++) {
    if (code.startsWith(close, index))
      return { text: out, raw: code.slice(at + close.length, index), end: index + close.length };
    const char = code[index] ?? '';
    if (char === '\\' && index + 1 < code.length) {
      const next = code[index + 1] ?? '';
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
      index++;
    } else out += char;
  }
  return undefined;
}

/** The end of an expression starting at `at`: the next top-level comma, closing bracket or terminator. */
function expressionEnd(code: string, at: number, stop: RegExp): number | undefined {
  let depth = 0;
  for (let index = at; index < code.length; index++) {
    const char = code[index] ?? '';
    if (char === '"' || char === "'" || char === '`') {
      const quoted = readQuoted(code, index);
      if (quoted === undefined) return undefined;
      index = quoted.end - 1;
    } else if (OPENERS[char] !== undefined) depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) return index;
      depth--;
    } else if (depth === 0 && (char === ',' || stop.test(code.slice(index, index + 8)))) return index;
  }
  return code.length;
}

const STRING_START = /^([rRbBuUfF]{0,2})(["'`])/;
const KEYWORD = /^[A-Za-z_]\w*\s*=(?!=)/;

/** One argument at `at`; its end. */
function readItem(code: string, at: number, language: string, stop: RegExp): { item: Item; end: number } | undefined {
  const start = STRING_START.exec(code.slice(at, at + 4));
  if (start !== null && !(start[2] === '`' && language !== 'node')) {
    const quoteAt = at + (start[1]?.length ?? 0);
    const quoted = readQuoted(code, quoteAt);
    if (quoted === undefined) return undefined;
    const end = expressionEnd(code, quoted.end, stop);
    if (end === undefined) return undefined;
    const alone = code.slice(quoted.end, end).trim() === '';
    const literal = alone && !interpolates(language, code[quoteAt] ?? '', quoted.raw, start[1] ?? '');
    return {
      item: literal ? { kind: 'string', text: quoted.text } : { kind: 'other', text: code.slice(at, end) },
      end,
    };
  }
  const qw = /^qw\s*([([{<\/|])/.exec(code.slice(at, at + 6));
  if (language === 'perl' && qw !== null) {
    const open = qw[1] ?? '(';
    const close = OPENERS[open] ?? (open === '<' ? '>' : open);
    const bodyStart = at + qw[0].length;
    const bodyEnd = code.indexOf(close, bodyStart);
    if (bodyEnd === -1) return undefined;
    return {
      item: {
        kind: 'list',
        words: code
          .slice(bodyStart, bodyEnd)
          .split(/\s+/)
          .filter((word) => word !== ''),
      },
      end: bodyEnd + 1,
    };
  }
  if (code[at] === '[' || (language === 'perl' && code[at] === '(')) {
    const items = readItems(code, at + 1, language, code[at] === '[' ? ']' : ')');
    if (items === undefined) return undefined;
    const end = expressionEnd(code, items.end, stop);
    if (end === undefined) return undefined;
    const strings = items.items.filter((item): item is Extract<Item, { kind: 'string' }> => item.kind === 'string');
    const list = code.slice(items.end, end).trim() === '' && strings.length === items.items.length;
    return {
      item: list
        ? { kind: 'list', words: strings.map((item) => item.text) }
        : { kind: 'other', text: code.slice(at, end) },
      end,
    };
  }
  const end = expressionEnd(code, at, stop);
  if (end === undefined) return undefined;
  const text = code.slice(at, end).trim();
  return { item: language === 'python' && KEYWORD.test(text) ? { kind: 'keyword' } : { kind: 'other', text }, end };
}

const NEVER = /(?!)/;

/** The arguments of a call from `at` (just after its opening bracket) to `close`; undefined when the code ends first. */
function readItems(
  code: string,
  at: number,
  language: string,
  close: string,
): { items: Item[]; end: number } | undefined {
  const items: Item[] = [];
  let index = at;
  for (;;) {
    while (/\s/.test(code[index] ?? '')) index++;
    if (index >= code.length) return undefined;
    if (code[index] === close) return { items, end: index + 1 };
    const read = readItem(code, index, language, NEVER);
    if (read === undefined) return undefined;
    items.push(read.item);
    index = read.end;
    while (/\s/.test(code[index] ?? '')) index++;
    if (code[index] === ',') index++;
    else if (code[index] !== close) return index >= code.length ? undefined : { items, end: index };
  }
}

// what ends a call written without parentheses: a statement end, a block end, a low-precedence operator
const BARE_END = /^(?:;|\n|\}|\bor\b|\band\b|\bif\b|\bunless\b|\|\||&&|\bdo\b)/;

/** The arguments of a call written without parentheses (`system "ls", "-l";`), up to the end of the statement. */
function readBareItems(code: string, at: number, language: string): { items: Item[]; end: number } | undefined {
  const items: Item[] = [];
  let index = at;
  for (;;) {
    while (code[index] === ' ' || code[index] === '\t') index++;
    if (index >= code.length || BARE_END.test(code.slice(index, index + 8)) || code[index] === ')')
      return { items, end: index };
    const read = readItem(code, index, language, BARE_END);
    if (read === undefined) return undefined;
    items.push(read.item);
    index = read.end;
    while (code[index] === ' ' || code[index] === '\t') index++;
    if (code[index] === ',') index++;
    else return { items, end: index };
  }
}

/** Words as one shell line, each quoted so that the shell reads it as that one word. */
function argvLine(words: readonly string[]): string {
  return words.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** Positional arguments only: python's keyword arguments (`shell=True`) come after them. */
function positional(items: readonly Item[]): Item[] {
  const index = items.findIndex((item) => item.kind === 'keyword');
  return index === -1 ? [...items] : items.slice(0, index);
}

/** Every argument a word: strings and lists of strings; undefined when one is built at run time. */
function words(items: readonly Item[]): string[] | undefined {
  const out: string[] = [];
  for (const item of items) {
    if (item.kind === 'string') out.push(item.text);
    else if (item.kind === 'list') out.push(...item.words);
    else return undefined;
  }
  return out;
}

/** The command line a call runs, '' when it runs none, or undefined when it is built at run time. */
function commandOf(shape: Shape, all: readonly Item[]): string | undefined {
  const items = positional(all);
  const [first, second, third] = items;
  switch (shape) {
    case 'shell':
      if (first === undefined) return '';
      if (first.kind === 'string') return first.text;
      return first.kind === 'list' ? argvLine(first.words) : undefined;
    case 'programList': {
      if (first === undefined) return '';
      if (first.kind !== 'string') return undefined;
      if (second === undefined || (second.kind === 'other' && second.text.startsWith('{')))
        return argvLine([first.text]);
      return second.kind === 'list' ? argvLine([first.text, ...second.words]) : undefined;
    }
    case 'programArgv':
    case 'modeProgramArgv': {
      const [program, argv] = shape === 'programArgv' ? [first, second] : [second, third];
      if (program === undefined) return '';
      if (program.kind !== 'string' || argv?.kind !== 'list') return undefined;
      return argvLine([program.text, ...argv.words.slice(1)]);
    }
    case 'programArgs':
    case 'modeProgramArgs': {
      const rest = shape === 'programArgs' ? items : items.slice(1);
      const [program, , ...args] = rest;
      if (program === undefined) return '';
      // the environment of the e forms comes last
      const trimmed = args.length > 0 && args[args.length - 1]?.kind === 'other' ? args.slice(0, -1) : args;
      const list = program.kind === 'string' ? words(trimmed) : undefined;
      return list === undefined || program.kind !== 'string' ? undefined : argvLine([program.text, ...list]);
    }
    case 'words': {
      if (first === undefined) return '';
      if (items.length === 1 && first.kind === 'string') return first.text;
      const list = words(items);
      return list === undefined ? undefined : argvLine(list);
    }
    case 'perlOpen': {
      if (second === undefined) return '';
      if (second.kind !== 'string') return undefined;
      const mode = second.text.trim();
      if (mode === '-|' || mode === '|-') {
        const list = words(items.slice(2));
        if (list === undefined) return undefined;
        return list.length === 1 ? (list[0] ?? '') : argvLine(list);
      }
      if (mode.startsWith('|')) return mode.slice(1);
      if (mode.endsWith('|')) return mode.slice(0, -1);
      return '';
    }
    case 'pipeOpen':
      if (first === undefined || (first.kind === 'string' && !first.text.trimStart().startsWith('|'))) return '';
      return first.kind === 'string' ? first.text.trimStart().slice(1) : undefined;
    default:
      return '';
  }
}

/** Backquoted commands: perl and ruby backticks, perl's `qx`, ruby's `%x`. */
function backquoted(code: string, language: string, calls: ProcessCalls): void {
  if (language !== 'perl' && language !== 'ruby') return;
  const opener = language === 'perl' ? /`|\bqx\s*([^\w\s])/g : /`|%x([^\w\s])/g;
  for (let match = opener.exec(code); match !== null; match = opener.exec(code)) {
    const open = match[1] ?? '`';
    const close = OPENERS[open] ?? (open === '<' ? '>' : open);
    const bodyStart = match.index + match[0].length;
    const bodyEnd = code.indexOf(close, bodyStart);
    if (bodyEnd === -1) return;
    const body = code.slice(bodyStart, bodyEnd);
    if (interpolates(language, open === "'" ? "'" : '"', body, ''))
      calls.hidden ??= code.slice(match.index, bodyEnd + 1);
    else if (body.trim() !== '') calls.lines.push(body);
    opener.lastIndex = bodyEnd + 1;
  }
}

const AWK_NAMES: ReadonlySet<string> = new Set(['awk']);
// `print | "cmd"`, `print |& "cmd"`: output piped into a command run by a shell
const AWK_OUTPUT_PIPE = /\|&?\s*(?=")/g;
// `"cmd" | getline`, `"cmd" |& getline`: a command's output read back
const AWK_INPUT_PIPE = /"(?:[^"\\\n]|\\.)*"\s*\|&?\s*getline\b/g;

/** The command strings of awk's pipes, which awk hands to `sh -c` like system(). */
function awkPipes(code: string, calls: ProcessCalls): void {
  for (const match of code.matchAll(AWK_OUTPUT_PIPE)) {
    const literal = readQuoted(code, match.index + match[0].length);
    if (literal !== undefined) calls.lines.push(literal.text);
  }
  for (const match of code.matchAll(AWK_INPUT_PIPE)) {
    const literal = readQuoted(code, match.index);
    if (literal !== undefined) calls.lines.push(literal.text);
  }
  // a command built at run time, printed into or read from (strings and regular expressions set aside)
  const bare = code
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/\/(?:[^/\\\n]|\\.)*\//g, '//')
    .replace(/\|\|/g, '  ');
  const hidden = /\bprintf?\b[^;{}\n]*?\|&?\s*[^"\s|&]/.exec(bare) ?? /[^"\s|]\s*\|&?\s*getline\b/.exec(bare);
  if (hidden !== null) calls.hidden ??= hidden[0];
}

/** A code-running form whose command is built at run time. */
function dynamicCode(code: string, language: string): string | undefined {
  switch (language) {
    case 'python':
      return (
        /\b(?:__import__|importlib\.import_module)\s*\(\s*[^'"\s)]/.exec(code)?.[0] ??
        /\b(?:exec|eval|compile)\s*\(\s*[^'"\s)]/.exec(code)?.[0]
      );
    case 'node':
      if (
        !/child_process|process\.binding|process\.dlopen/.test(code) &&
        !/\b(?:require|import)\s*\(\s*[^'"`\s)]/.test(code)
      )
        return undefined;
      return (
        /\b(?:require|import)\s*\(\s*[^'"`\s)]/.exec(code)?.[0] ??
        /\b(?:eval|Function)\s*\(\s*[^'"`\s)]/.exec(code)?.[0] ??
        /process\.(?:binding|dlopen)/.exec(code)?.[0]
      );
    case 'perl':
      return /\beval\s+[^{\s]|\beval\s*\(\s*[^'"\s)]|\b(?:do|require)\s+\$/.exec(code)?.[0];
    case 'ruby':
      return /\b(?:eval|instance_eval|class_eval|module_eval|send|public_send|__send__)\b/.exec(code)?.[0];
    default:
      return undefined;
  }
}

// more aliases than this are not followed: the code fails closed
const MAX_ALIASES = 16;

/** Python names imported from the process modules (`from os import system`, `import subprocess as sp`), read as their module's calls. */
function pythonAliases(code: string, calls: ProcessCalls): CallForm[] {
  const forms: CallForm[] = [];
  const aliases = [...code.matchAll(/\bimport\s+(os|subprocess|pty|asyncio|commands)\s+as\s+(\w+)/g)];
  const imports = [...code.matchAll(/\bfrom\s+(os|subprocess|pty|asyncio|commands)\s+import\s+([\w\s,()]+)/g)];
  if (aliases.length + imports.length > MAX_ALIASES) {
    calls.hidden ??= 'imports of process modules under other names';
    return [];
  }
  for (const match of aliases) {
    forms.push(
      ...PYTHON_FORMS.map((form) => ({
        ...form,
        pattern: new RegExp(form.pattern.source.replaceAll(`${match[1] ?? ''}\\.`, `${match[2] ?? ''}\\.`), 'g'),
      })),
    );
  }
  for (const match of imports) {
    for (const name of (match[2] ?? '').replace(/[()]/g, '').split(',')) {
      const [imported = '', alias] = name.trim().split(/\s+as\s+/);
      const original = PYTHON_FORMS.find((form) =>
        new RegExp(form.pattern.source).test(`${match[1] ?? ''}.${imported}(`),
      );
      if (original !== undefined)
        forms.push({ pattern: new RegExp(`(?<![\\w.])${alias ?? imported}\\s*\\(`, 'g'), shape: original.shape });
    }
  }
  return forms;
}

/** The calls of one form: each literal command as a line, the first built at run time as hidden. */
function formCalls(
  code: string,
  language: string,
  form: CallForm,
  calls: ProcessCalls,
  found: Map<number, string>,
): void {
  const pattern = new RegExp(form.pattern.source, 'g');
  for (let match = pattern.exec(code); match !== null; match = pattern.exec(code)) {
    let at = match.index + match[0].length;
    const parenthesised = match[0].endsWith('(');
    while (!parenthesised && (code[at] === ' ' || code[at] === '\t')) at++;
    const read = parenthesised
      ? readItems(code, at, language, ')')
      : code[at] === '('
        ? readItems(code, at + 1, language, ')')
        : form.bare === true
          ? readBareItems(code, at, language)
          : undefined;
    // the rest of the code is inside a string that does not end: nothing more to read
    if (read === undefined) return;
    const command = commandOf(form.shape, read.items);
    if (command === undefined) calls.hidden ??= code.slice(match.index, Math.min(read.end, match.index + 120));
    else if (command.trim() !== '') found.set(match.index, command);
    pattern.lastIndex = Math.max(pattern.lastIndex, read.end);
  }
}

/**
 * The processes inline code starts, in the order its calls appear: every literal command as a
 * shell line (there is no cap: the caller's inner-script budget fails closed if their text
 * outgrows the input), and the first call whose command is built at run time.
 */
export function processCalls(code: string, name: string): ProcessCalls {
  const language = languageOf(name);
  const calls: ProcessCalls = { lines: [], hidden: undefined };
  const known = FORMS[language];
  const forms = [...(known ?? GENERIC_FORMS), ...(language === 'python' ? pythonAliases(code, calls) : [])];
  const found = new Map<number, string>();
  for (const form of forms) formCalls(code, language, form, calls, found);
  // node's exec() is also RegExp.prototype.exec: a call built at run time counts only where child_process is used;
  // in a language not known here, the call forms are a guess
  if ((language === 'node' && !/child_process/.test(code)) || known === undefined) calls.hidden = undefined;
  for (const index of [...found.keys()].sort((a, b) => a - b)) calls.lines.push(found.get(index) ?? '');
  backquoted(code, language, calls);
  if (AWK_NAMES.has(language)) awkPipes(code, calls);
  calls.hidden ??= dynamicCode(code, language);
  return calls;
}
