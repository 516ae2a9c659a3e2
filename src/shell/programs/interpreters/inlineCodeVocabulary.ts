/**
 * The words inline python and JavaScript code (`python3 -c`, `node -e`) may use and still only
 * compute, print and read the files it names literally. The list is of what is known to be
 * harmless, not of what is known to be harmful: a word not listed (`os`, `open` in a writing form,
 * `getattr`, `require` of another module, `constructor`) may change files or run code the analysis
 * does not see, so the code fails closed. Member names count as words too, so `os.remove` fails
 * on `os` and `sys.modules['os']` on `modules`.
 */
export type CodeLanguage = 'python' | 'node';

const PYTHON_WORDS = `
import from as for in if elif else and or not is None True False lambda while break continue pass with
try except finally def return yield del class assert raise
print len range sum min max sorted reversed enumerate zip map filter any all abs round int float str bool
list dict set tuple frozenset repr isinstance ord chr hex bin oct hash divmod pow format iter next
slice bytes bytearray callable Exception ValueError KeyError TypeError IndexError StopIteration exit quit
json sys re math collections itertools functools statistics datetime time string textwrap pprint base64
hashlib csv random uuid decimal fractions operator heapq bisect unicodedata html shlex difflib struct
binascii copy enum dataclasses typing
stdin stdout stderr argv buffer read readline readlines write writelines flush
strip lstrip rstrip split rsplit splitlines join replace lower upper title capitalize casefold
startswith endswith find rfind index count encode decode zfill ljust rjust center partition rpartition
isdigit isalpha isalnum isspace isupper islower
get keys values items append extend insert pop popitem update setdefault clear sort reverse copy add
discard union intersection difference
load loads dump dumps indent sort_keys ensure_ascii default key reverse file end sep encoding errors maxsplit
sub subn findall finditer search match fullmatch compile group groups groupdict span escape
IGNORECASE MULTILINE DOTALL
floor ceil sqrt log exp pi inf nan isnan fabs
Counter defaultdict OrderedDict namedtuple deque most_common
chain product permutations combinations groupby islice accumulate reduce partial
mean median stdev
now today fromisoformat isoformat strftime strptime timestamp timedelta date timezone utc
sleep monotonic perf_counter
reader writer DictReader DictWriter writerow writerows writeheader
b64encode b64decode urlsafe_b64encode urlsafe_b64decode
sha256 sha1 md5 hexdigest digest
randint choice shuffle seed uuid4
`;

const NODE_WORDS = `
const let var function return if else for of in while do break continue switch case default new
true false null undefined typeof instanceof this try catch finally throw async await
console log error warn info dir table
JSON parse stringify Math floor ceil round max min abs random sqrt pow trunc sign
Object keys values entries assign fromEntries freeze
Array isArray from map filter reduce forEach find findIndex findLast some every includes indexOf
lastIndexOf join split slice splice concat sort reverse push pop shift unshift length flat flatMap at fill
trim trimStart trimEnd toUpperCase toLowerCase startsWith endsWith replace replaceAll match matchAll
padStart padEnd repeat charAt charCodeAt codePointAt substring localeCompare normalize
toString toFixed toPrecision Number String Boolean parseInt parseFloat isNaN isFinite isInteger
Date now toISOString getTime getFullYear getMonth getDate
Set Map has get set add delete size clear
RegExp test lastIndex Buffer byteLength encodeURIComponent decodeURIComponent encodeURI decodeURI
process argv env stdout stderr write exit exitCode platform
path join resolve basename dirname extname relative normalize sep
Promise then resolve all
`;

function wordSet(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((word) => word !== ''));
}

const VOCABULARY: Readonly<Record<CodeLanguage, ReadonlySet<string>>> = {
  python: wordSet(PYTHON_WORDS),
  node: wordSet(NODE_WORDS),
};

/**
 * Calls that read one file named by a literal, and nothing else: `open('x')`, `open('x', 'r')`,
 * `fs.readFileSync('x', 'utf8')`. They are taken out of the code before its words are checked,
 * and the file they name is a read of the command.
 */
const READ_CALLS: Readonly<Record<CodeLanguage, RegExp>> = {
  python: /\bopen\(\s*(?<quote>['"])(?<path>[^'"\\\n]*)\k<quote>\s*(?:,\s*(?<mode>['"])r[bt]?\k<mode>\s*)?\)/g,
  node: /\b(?:require\(\s*(?<q1>['"])(?:node:)?fs\k<q1>\s*\)|fs)\.(?:readFileSync|existsSync|statSync|readdirSync)\(\s*(?<quote>['"])(?<path>[^'"\\\n]*)\k<quote>\s*(?:,\s*(?<enc>['"])[\w-]*\k<enc>\s*)?\)/g,
};

// `const fs = require('fs')`: the only module binding the code may make
const NODE_FS_BINDING = /\b(?:const|let|var)\s+fs\s*=\s*require\(\s*(['"])(?:node:)?fs\1\s*\)/g;

/** What inline code does as far as its words show: the files it reads, or the word that makes it unknown. */
export interface InlineCodeReading {
  /** the files the code reads, named literally */
  readonly reads: readonly string[];
  /** the first word outside the vocabulary: the code may do anything, so the call fails closed */
  readonly unknownWord: string | undefined;
}

// a string that can only be data: it holds nothing a call, an assignment or another string needs
const DATA_STRING = /^[^()`;=\n'"{}[\]]*$/;

/** Names the code binds itself (variables, parameters): usable bare, never as a member name. */
const BINDINGS: Readonly<Record<CodeLanguage, readonly RegExp[]>> = {
  python: [
    // at the start of a statement only: `f(x=1)` names a keyword, it binds nothing
    /(?:^|[;\n])\s*((?:[A-Za-z_]\w*\s*,\s*)*[A-Za-z_]\w*)\s*=(?!=)/g,
    /([A-Za-z_]\w*)\s*:=/g,
    /\bfor\s+([\w\s,()]+?)\s+in\b/g,
    /\bas\s+([A-Za-z_]\w*)/g,
    /\blambda\s+([\w\s,*=]*?):/g,
    /\b(?:def|class)\s+([A-Za-z_]\w*)\s*\(([^)]*)\)/g,
  ],
  node: [
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)/g,
    /\b(?:const|let|var)\s*[{[]([^}\]]*)[}\]]/g,
    /\bfunction\s*([A-Za-z_$][\w$]*)?\s*\(([^)]*)\)/g,
    /\(([\w$\s,]*)\)\s*=>/g,
    /([A-Za-z_$][\w$]*)\s*=>/g,
    /\bcatch\s*\(\s*([A-Za-z_$][\w$]*)/g,
    // an object literal's keys (`{ a: 1 }`); a ternary's `b :` counts too, which only a global name could abuse
    /([A-Za-z_$][\w$]*)\s*:(?!:)/g,
  ],
};

// python's builtins outside the vocabulary: a binding of one may be skipped at run time (`if 0: exec = 1`), so the name keeps its builtin meaning
const PYTHON_BUILTINS = wordSet(
  'aiter anext ascii breakpoint classmethod compile complex copyright credits delattr dir eval exec getattr globals hasattr help id input issubclass license locals memoryview object open property setattr staticmethod super type vars',
);

// names a JavaScript binding in a block does not change outside it: the globals of this runtime and CommonJS's own
const NODE_GLOBALS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(globalThis),
  'require',
  'module',
  'exports',
  'import',
  'arguments',
]);

/** Whether a name the code binds keeps its own meaning everywhere: not a builtin or global, nothing private. */
function isOwnName(name: string, language: CodeLanguage): boolean {
  if (name.startsWith('_')) return false;
  return language === 'python' ? !PYTHON_BUILTINS.has(name) : !NODE_GLOBALS.has(name);
}

function boundNames(code: string, language: CodeLanguage): Set<string> {
  const names = new Set<string>();
  for (const pattern of BINDINGS[language]) {
    for (const found of code.matchAll(pattern)) {
      for (const group of found.slice(1)) {
        for (const name of (group ?? '').matchAll(/[A-Za-z_$][\w$]*/g))
          if (isOwnName(name[0], language)) names.add(name[0]);
      }
    }
  }
  return names;
}

/** One word of the code, and whether it names a member (`x.word`), which must be in the vocabulary. */
interface CodeWord {
  readonly text: string;
  readonly member: boolean;
}

/**
 * The words of code outside its data strings. A quoted string counts as data only when it holds
 * none of the characters code needs; any other string is read as code, so a quote the scanner
 * pairs wrongly can only make more words count, never hide a call.
 */
function codeWords(code: string, language: CodeLanguage): CodeWord[] {
  const words: CodeWord[] = [];
  const strings = /(['"])((?:\\.|(?!\1)[^\\\n])*)\1/g;
  let last = 0;
  const addWords = (text: string, member: boolean): void => {
    for (const found of text.matchAll(/(\.\s*)?([A-Za-z_$][\w$]*)/g))
      words.push({ text: found[2] ?? '', member: member || found[1] !== undefined });
  };
  for (const found of code.matchAll(strings)) {
    const before = code.slice(last, found.index);
    addWords(before, false);
    const body = found[2] ?? '';
    // a string used as a subscript names a member in JavaScript (`x['constructor']`); in python it is a key
    const subscript =
      language === 'node' && (/[\w$)\]]\s*\[\s*$/.test(before) || (last > 0 && /^\s*\[\s*$/.test(before)));
    if (subscript || !DATA_STRING.test(body)) addWords(body, subscript);
    last = found.index + found[0].length;
  }
  addWords(code.slice(last), false);
  return words;
}

// a python string prefix (r'', b'', f'') left as a word before its quote; an f-string's code is in braces, so its words count
const PYTHON_PREFIX = /\b(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])(?=['"])/g;

// a JavaScript subscript that is not a number or a string literal: a member chosen at run time
const COMPUTED_MEMBER = /[\w$)\]'"`]\s*\[(?!\s*(?:\d+|'[^'\n]*'|"[^"\n]*")\s*\])/;

// python modules are imported by name: a name the code bound is not a module of the vocabulary
const PYTHON_IMPORTS = /\b(?:import|from)\s+([\w.]+(?:\s*,\s*[\w.]+)*)/g;

/** Reads inline code of `language`: the files it reads literally, or why it may do more. */
export function readInlineCode(code: string, language: CodeLanguage): InlineCodeReading {
  const reads: string[] = [];
  let rest = code.replace(READ_CALLS[language], (...args: unknown[]) => {
    const groups = args.at(-1) as { readonly path?: string };
    reads.push(groups.path ?? '');
    return ' 0 ';
  });
  const vocabulary = VOCABULARY[language];
  if (language === 'node') {
    // `${` opens code in a template literal, which is scanned as code already
    rest = rest.replace(NODE_FS_BINDING, ' ').replace(/\$\{/g, ' {');
    if (COMPUTED_MEMBER.test(rest)) return { reads, unknownWord: '[…]' };
  } else {
    for (const found of rest.matchAll(PYTHON_IMPORTS)) {
      const module = (found[1] ?? '').split(/[\s,.]+/).find((name) => name !== '' && !vocabulary.has(name));
      if (module !== undefined) return { reads, unknownWord: module };
    }
    rest = rest.replace(PYTHON_PREFIX, ' ');
  }
  const bound = boundNames(rest, language);
  const unknown = codeWords(rest, language).find(
    (word) => !vocabulary.has(word.text) && (word.member || !bound.has(word.text)),
  );
  return { reads, unknownWord: unknown?.text };
}
