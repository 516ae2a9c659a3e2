// categorize() on shell commands: per-command latency over the public command corpus and over
// realistic agent commands, each against the bare parse of the same commands, and the time for
// hostile 1 MB inputs. Used by scripts/bench.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'unbash';
import type { CategorizeOptions } from '../src/index';
import { loadBuiltLibrary, type IntentgateLibrary } from './benchLibrary';
import { loadPublicCorpus } from '../test/corpus/publicCorpus';
import { realisticCommands } from '../test/corpus/realistic';
import { percentile, runJsonChild, timeEach } from './benchHarness';

/** Per-call latency over one corpus. */
export interface CorpusLatency {
  readonly commands: number;
  /** per-call latency in ns */
  readonly p50: number;
  readonly p99: number;
  /** the bare unbash parse of the same commands, per call in ns: the baseline */
  readonly parseP50: number;
  readonly parseP99: number;
}

export interface CategorizeFigures {
  /** test/corpus/data: commands agents and people ran, the target's corpus */
  readonly publicCorpus: CorpusLatency;
  /**
   * The same commands as copies of their own, as a host gets them from JSON, measured in a
   * process of its own: most of the corpus is read as lines split from a file, strings V8 keeps
   * as slices of the file's text, which the bare parse reads more slowly than a string of its own
   * (and code compiled for slices stays slower on the copies, hence another process)
   */
  readonly publicCorpusOwnStrings: CorpusLatency;
  /** test/corpus/realistic.ts: agent commands written for the tests */
  readonly realistic: CorpusLatency;
  /**
   * The corpus' git commands in a workspace that is a git repository, as most are: git's hooks
   * and configuration are looked up there (in the bench's empty folder the search for a
   * repository finds none); a string saying why not when git is not installed
   */
  readonly gitRepository: CorpusLatency | string;
  /** ms for each hostile 1 MB command */
  readonly hostile: readonly { readonly name: string; readonly ms: number; readonly categories: number }[];
}

const MEGABYTE = 1024 * 1024;

/** Shapes that stress a parser: long lists, deep nesting, huge words, long pipelines. */
const HOSTILE: readonly { readonly name: string; readonly command: string }[] = [
  { name: "'a;' x 512k", command: 'a;'.repeat(MEGABYTE / 2) },
  { name: "'x|' pipeline", command: `${'x|'.repeat(MEGABYTE / 2 - 1)}x` },
  { name: 'one 1 MB quoted word', command: `echo "${'a'.repeat(MEGABYTE - 7)}"` },
  { name: 'nested $( ) x 100k', command: `${'$('.repeat(100_000)}x${')'.repeat(100_000)}` },
  { name: "'sudo ls && ' x 100k", command: 'sudo ls && '.repeat(MEGABYTE / 11).concat('true') },
  // shapes that once took seconds to minutes: pending here-documents, unclosed nested `$((` and
  // `${` before a long word, and git -c aliases of the subcommand before many words
  { name: "'<<]' x 350k", command: '<<]'.repeat(MEGABYTE / 3) },
  { name: "100 '$((' + 1 MB word", command: `${'$(('.repeat(100)}${'a'.repeat(MEGABYTE - 300)}` },
  { name: "16 '${a:' + 1 MB word", command: `${'${a:'.repeat(16)}${'a'.repeat(MEGABYTE - 64)}` },
  {
    name: 'git -c alias x 17k + words',
    command: `${'git -c alias.a='.repeat(MEGABYTE / 60)}${'a '.repeat(MEGABYTE / 4)}`,
  },
];

// a long-running host has compiled the analysis' code: the first rounds only warm it up
const WARM_UP_ROUNDS = 5;

/**
 * Per-call times of the bare parse and of `decide` over every corpus command, after warm-up,
 * each sorted. The two take turns a round at a time, so a machine that slows down or speeds up
 * during the measurement (seen here: 15% within seconds) weighs on both alike, as it would not if
 * one's rounds all ran before the other's.
 */
function sampleInTurn(
  commands: readonly string[],
  decide: (command: string) => unknown,
  rounds: number,
): { readonly parses: number[]; readonly decisions: number[] } {
  const parses: number[] = [];
  const decisions: number[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS + rounds; round++) {
    const measured = round >= WARM_UP_ROUNDS;
    timeEach(commands, parse, measured ? parses : []);
    timeEach(commands, decide, measured ? decisions : []);
  }
  parses.sort((a, b) => a - b);
  decisions.sort((a, b) => a - b);
  return { parses, decisions };
}

type Categorize = IntentgateLibrary['categorize'];

function corpusLatency(
  categorize: Categorize,
  commands: readonly string[],
  options: CategorizeOptions,
  rounds: number,
): CorpusLatency {
  const { parses, decisions } = sampleInTurn(commands, (command) => categorize('shell', { command }, options), rounds);
  return {
    commands: commands.length,
    p50: percentile(decisions, 0.5),
    p99: percentile(decisions, 0.99),
    parseP50: percentile(parses, 0.5),
    parseP99: percentile(parses, 0.99),
  };
}

// the public corpus has twenty times as many commands: fewer rounds give as many samples
const PUBLIC_CORPUS_ROUNDS = 3;

const THIS_FILE = fileURLToPath(import.meta.url);
const OWN_STRINGS_FLAG = '--own-strings';
const CHILD_TIMEOUT_MS = 120_000;

/** The public corpus, each command copied through JSON, measured with the built library in a child process. */
function measureOwnStrings(workspaceRoot: string): Promise<CorpusLatency> {
  return runJsonChild<CorpusLatency>(
    ['--import', 'tsx', THIS_FILE, OWN_STRINGS_FLAG, workspaceRoot],
    path.dirname(THIS_FILE),
    CHILD_TIMEOUT_MS,
    'categorize child',
  );
}

// the corpus' git commands: `git` as the first word
const GIT_COMMAND = /^git\s/;

/** The git commands of `commands`, categorized in a fresh repository made by `git init`. */
function gitRepositoryLatency(
  categorize: Categorize,
  commands: readonly string[],
  rounds: number,
): CorpusLatency | string {
  const workspaceRoot = mkdtempSync(path.join(tmpdir(), 'intentgate-bench-git-'));
  try {
    try {
      execFileSync('git', ['init', '-q', workspaceRoot], { stdio: 'ignore' });
    } catch {
      return 'git is not installed';
    }
    return corpusLatency(
      categorize,
      commands.filter((command) => GIT_COMMAND.test(command)),
      { workspaceRoot },
      rounds,
    );
  } finally {
    rmSync(workspaceRoot, { recursive: true, force: true });
  }
}

/** Measures `library`'s categorize('shell', { command }) in this process, and the bare parse of the same commands. */
export async function measureCategorize(
  library: IntentgateLibrary,
  options: CategorizeOptions & { readonly workspaceRoot: string },
  rounds = 20,
): Promise<CategorizeFigures> {
  const { categorize } = library;
  const commands = loadPublicCorpus().map((line) => line.command);
  const publicCorpus = corpusLatency(categorize, commands, options, PUBLIC_CORPUS_ROUNDS);
  const publicCorpusOwnStrings = await measureOwnStrings(options.workspaceRoot);
  const realistic = corpusLatency(categorize, realisticCommands, options, rounds);
  const gitRepository = gitRepositoryLatency(categorize, commands, rounds);
  const hostile = HOSTILE.map(({ name, command }) => {
    const start = process.hrtime.bigint();
    const result = categorize('shell', { command }, options);
    return { name, ms: Number(process.hrtime.bigint() - start) / 1e6, categories: result.categories.length };
  });
  return { publicCorpus, publicCorpusOwnStrings, realistic, gitRepository, hostile };
}

// the child of measureOwnStrings: `node --import tsx scripts/benchCategorize.ts --own-strings WORKSPACE`
if (process.argv[1] === THIS_FILE && process.argv[2] === OWN_STRINGS_FLAG) {
  const workspaceRoot = process.argv[3] ?? '';
  const { categorize } = await loadBuiltLibrary();
  const ownStrings = loadPublicCorpus().map((line) => JSON.parse(JSON.stringify(line.command)) as string);
  console.log(JSON.stringify(corpusLatency(categorize, ownStrings, { workspaceRoot }, PUBLIC_CORPUS_ROUNDS)));
}
