import { builtinModules } from 'node:module';
import { chains, words, type CodeVocabulary, type ReadCall } from './codeVocabulary';

const KEYWORDS = words(`
const let var function return if else for of in while do break continue switch case default new
true false null undefined typeof instanceof void delete try catch finally throw async await
`);

// globals that only compute; `path` is the path module, a global of `node -e` as every builtin module is
const GLOBALS = words(`
console JSON Math Object Array Number String Boolean Date RegExp Map Set Promise Buffer path
parseInt parseFloat isNaN isFinite encodeURIComponent decodeURIComponent encodeURI decodeURI Infinity NaN
Error TypeError RangeError SyntaxError
`);

// never a member that reaches code or a capability: no constructor, prototype, call, bind, require, env, binding
const MEMBERS = words(`
log error warn info dir table debug
parse stringify
floor ceil round max min abs random sqrt pow trunc sign log2 log10 PI E hypot cbrt
keys values entries assign fromEntries freeze isFrozen
isArray from of map filter reduce reduceRight forEach find findIndex findLast findLastIndex some every
includes indexOf lastIndexOf join split slice splice concat sort reverse push pop shift unshift length flat
flatMap at fill toSorted toReversed with
trim trimStart trimEnd toUpperCase toLowerCase startsWith endsWith replace replaceAll match matchAll search
padStart padEnd repeat charAt charCodeAt codePointAt substring localeCompare normalize raw fromCharCode
toString toFixed toPrecision toLocaleString isInteger isSafeInteger MAX_SAFE_INTEGER EPSILON
now toISOString toJSON getTime getFullYear getMonth getDate getDay getHours getMinutes getSeconds
has get set add delete size clear test lastIndex source flags
byteLength alloc write
then all allSettled resolve reject
basename dirname extname relative sep delimiter isAbsolute posix
isFile isDirectory isSymbolicLink mtime mtimeMs ctime birthtime mode
bigint
name version description main scripts dependencies devDependencies peerDependencies optionalDependencies
engines license private type bin files author keywords repository homepage workspaces node v8
`);

const CHAINS = chains(`
process: version versions platform arch argv argv0 cwd exit exitCode pid ppid uptime hrtime memoryUsage execPath stdout stderr release
process.stdout: write isTTY columns rows
process.stderr: write isTTY columns rows
fs:
`);

const READS: readonly ReadCall[] = [
  { callee: 'fs.readFileSync', rest: 'encoding' },
  { callee: 'fs.readdirSync', rest: 'encoding' },
  { callee: 'fs.existsSync', rest: 'none' },
  { callee: 'fs.statSync', rest: 'none' },
  { callee: 'fs.lstatSync', rest: 'none' },
  // a JSON file named by its path is parsed, not run
  { callee: 'require', rest: 'none', literal: /^(?:\.{1,2}\/|\/).*\.json$/ },
];

// names a runtime resolves without the code binding them: this one's globals, the builtin modules
// `node -e` makes globals, CommonJS's own, and globals of later versions of node
const RUNTIME_NAMES: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(globalThis),
  ...builtinModules,
  ...words(`
require module exports __filename __dirname arguments import
WebSocket navigator Navigator EventSource localStorage sessionStorage Storage CloseEvent Iterator
Float16Array CustomEvent Temporal ShadowRealm Deno Bun
`),
]);

/** JavaScript's read-only vocabulary, for the code `node -e` and `node -p` run. */
export const JAVASCRIPT_VOCABULARY: CodeVocabulary = {
  names: new Set([...KEYWORDS, ...GLOBALS]),
  members: MEMBERS,
  memberAccess: new Set(['.', '?.']),
  chains: CHAINS,
  reads: READS,
  modules: new Map([
    ['fs', { name: 'fs', whole: false }],
    ['node:fs', { name: 'fs', whole: false }],
    ['path', { name: 'path', whole: true }],
    ['node:path', { name: 'path', whole: true }],
  ]),
  ownName: (name) => !RUNTIME_NAMES.has(name) && !name.startsWith('_') && !CHAINS.has(name),
  ownNames: 'bound',
  // -r, --import and --loader are read as programs the line runs
  codeOptions: new Set(),
  lineLoopOptions: new Set(),
};
