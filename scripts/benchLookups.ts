// What categorize's file-system lookups cost on this machine, for the bench's categorize rows.
// In a process of its own, every synchronous lookup of node:fs is wrapped before the built
// library is loaded. The public corpus is then categorized twice, taking turns with the bare
// parse: once as it runs, counting each decision's lookups, and once with every lookup answered
// from memory with the answer the file system gave the first time. The answers, and so the
// decisions and the code they take, are the same; only the system calls are gone. On a machine
// where a system call is slow, the two figures show how much of the ratio is the analysis and how
// much the lookups a sound decision must make afresh each time. Answering from memory costs a
// map lookup of its own, which that figure includes. Used by scripts/bench.ts.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'unbash';
import { median, percentile, runJsonChild, timeEach } from './benchHarness';

/** The public corpus categorized with real lookups and with lookups answered from memory, p50s in ns. */
export interface LookupFigures {
  readonly commands: number;
  readonly p50: number;
  readonly fromMemoryP50: number;
  /** the bare parse of the same commands, measured in turn with both */
  readonly parseP50: number;
  /** the number of lookups a decision makes: p50 and p90 */
  readonly lookupsP50: number;
  readonly lookupsP90: number;
  /** one lstat of a missing path in the workspace, and one realpath of the workspace root, median ns */
  readonly lstatMissing: number;
  readonly realpathRoot: number;
  /** commands whose categorization from memory differs from the one made with the lookups: 0, or the figure is void */
  readonly differing: number;
}

const THIS_FILE = fileURLToPath(import.meta.url);
const CHILD_FLAG = '--lookups';
const CHILD_TIMEOUT_MS = 180_000;

/** The figures, measured in a child process with the built library. */
export function measureLookups(workspaceRoot: string): Promise<LookupFigures> {
  return runJsonChild<LookupFigures>(
    ['--import', 'tsx', THIS_FILE, CHILD_FLAG, workspaceRoot],
    path.dirname(THIS_FILE),
    CHILD_TIMEOUT_MS,
    'lookups child',
  );
}

// the synchronous calls of node:fs with which the library looks up and reads files
const LOOKUPS = [
  'lstatSync',
  'statSync',
  'existsSync',
  'readlinkSync',
  'realpathSync',
  'readdirSync',
  'openSync',
  'fstatSync',
  'readSync',
  'closeSync',
  'readFileSync',
  'accessSync',
] as const;
// an open gives a descriptor that is closed after use: it always goes to the file system, and so
// do the calls on descriptors (their first argument is no path)
const ALWAYS_MADE: ReadonlySet<string> = new Set(['openSync']);

type AnyFunction = (...args: unknown[]) => unknown;
type Answer = { readonly value: unknown } | { readonly thrown: unknown };

/** How the wrapped lookups answer: from the file system (counting), or from what it answered before. */
const wrapped = { fromMemory: false, count: 0 };
const answers = new Map<string, Answer>();

function answerOf(original: AnyFunction, self: unknown, args: unknown[]): Answer {
  try {
    return { value: Reflect.apply(original, self, args) };
  } catch (thrown) {
    return { thrown };
  }
}

/** The options of a lookup as text: the ones the library passes (a fresh literal on each call, so no identity). */
function optionsKey(options: unknown): string {
  if (typeof options !== 'object' || options === null) return String(options);
  const { throwIfNoEntry, encoding, withFileTypes, bigint } = options as Readonly<Record<string, unknown>>;
  return `${String(throwIfNoEntry)}|${String(encoding)}|${String(withFileTypes)}|${String(bigint)}`;
}

function wrap(name: string, original: AnyFunction): AnyFunction {
  return function (this: unknown, ...args: unknown[]): unknown {
    const key =
      typeof args[0] === 'string' && !ALWAYS_MADE.has(name) ? `${name}\0${args[0]}\0${optionsKey(args[1])}` : undefined;
    let answer = wrapped.fromMemory && key !== undefined ? answers.get(key) : undefined;
    if (answer === undefined) {
      wrapped.count++;
      answer = answerOf(original, this, args);
      if (key !== undefined) answers.set(key, answer);
    }
    if ('thrown' in answer) throw answer.thrown;
    return answer.value;
  };
}

/** Wraps each lookup of node:fs (realpathSync.native too) and publishes the wrappers to ES module importers. */
function wrapLookups(): void {
  const table = fs as unknown as Record<string, AnyFunction & { native?: AnyFunction }>;
  for (const name of LOOKUPS) {
    const original = table[name];
    if (typeof original !== 'function') continue;
    const replacement: AnyFunction & { native?: AnyFunction } = wrap(name, original);
    if (typeof original.native === 'function') replacement.native = wrap(`${name}.native`, original.native);
    table[name] = replacement;
  }
  syncBuiltinESMExports();
}

const WARM_UP_ROUNDS = 5;
const ROUNDS = 3;

/** Median ns of `call`, repeated. */
function costOf(call: () => unknown): number {
  const samples: number[] = [];
  for (let index = 0; index < 2_000; index++) {
    const start = process.hrtime.bigint();
    call();
    samples.push(Number(process.hrtime.bigint() - start));
  }
  return median(samples);
}

async function child(workspaceRoot: string): Promise<LookupFigures> {
  const realLstat = fs.lstatSync;
  const realRealpath = fs.realpathSync.native;
  wrapLookups();
  const { loadBuiltLibrary } = await import('./benchLibrary');
  const { loadPublicCorpus } = await import('../test/corpus/publicCorpus');
  const { categorize } = await loadBuiltLibrary();
  const commands = loadPublicCorpus().map((line) => line.command);
  const decide = (command: string): unknown => categorize('shell', { command }, { workspaceRoot });
  const counts: number[] = [];
  // the lookups of each decision, counted in the measured rounds
  const decideCounting = (command: string): unknown => {
    wrapped.count = 0;
    const decision = decide(command);
    counts.push(wrapped.count);
    return decision;
  };
  const asRun: number[] = [];
  const fromMemory: number[] = [];
  const parses: number[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    const measured = round >= WARM_UP_ROUNDS;
    timeEach(commands, parse, measured ? parses : []);
    wrapped.fromMemory = false;
    timeEach(commands, measured ? decideCounting : decide, measured ? asRun : []);
    wrapped.fromMemory = true;
    timeEach(commands, decide, measured ? fromMemory : []);
  }
  // the answers from memory must give the same categorization, or the figure measures something else
  let differing = 0;
  for (const command of commands) {
    wrapped.fromMemory = false;
    const made = JSON.stringify(decide(command));
    wrapped.fromMemory = true;
    if (JSON.stringify(decide(command)) !== made) differing++;
  }
  const missing = path.join(workspaceRoot, 'no-such-folder', 'file.py');
  return {
    commands: commands.length,
    p50: median(asRun),
    fromMemoryP50: median(fromMemory),
    parseP50: median(parses),
    lookupsP50: median(counts),
    lookupsP90: percentile(
      [...counts].sort((a, b) => a - b),
      0.9,
    ),
    lstatMissing: costOf(() => realLstat(missing, { throwIfNoEntry: false })),
    realpathRoot: costOf(() => realRealpath(workspaceRoot)),
    differing,
  };
}

// the child of measureLookups: `node --import tsx scripts/benchLookups.ts --lookups WORKSPACE`
if (process.argv[1] === THIS_FILE && process.argv[2] === CHILD_FLAG) {
  console.log(JSON.stringify(await child(process.argv[3] ?? process.cwd())));
}
