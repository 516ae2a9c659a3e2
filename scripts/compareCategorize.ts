// categorize() of this checkout against another checkout's, in one process: the two builds run
// the same commands in turn, command by command, so both see the same machine, the same garbage
// collector and the same warm-up. Build both first (`npm run build` in each).
//   npx tsx scripts/compareCategorize.ts OTHER_CHECKOUT [--public] [--programs=sed,grep] [WARM_UP_ROUNDS]
// --public: the public command corpus (test/corpus/data) rather than the realistic set, in a
// workspace left unchanged for longer than a folder takes to settle (src/files/settledListings.ts),
// as a long-running host's project folders mostly are.
// --programs: only the commands that start with one of these programs, to compare the cost of
// what every command goes through apart from what one program's reading adds.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SETTLED_MS } from '../src/files/settledListings';
import { loadPublicCorpus } from '../test/corpus/publicCorpus';
import { realisticCommands } from '../test/corpus/realistic';
import { percentile } from './benchHarness';
import { commandsOfPrograms, readProgramsOption } from './leadingProgram';

type Categorize = (tool: string, args: unknown, options: unknown) => unknown;

// the public corpus has twenty times as many commands: fewer rounds give as many samples
const ROUNDS = { realistic: 20, public: 6 };
// longer than a folder takes to settle, so that its listing is kept as it would be in a running host
const SETTLE_MS = SETTLED_MS + 1000;

async function categorizeOf(checkout: string): Promise<Categorize> {
  const entry = path.resolve(checkout, 'dist/index.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build in ${checkout}`);
  const loaded: unknown = await import(pathToFileURL(entry).href);
  const categorize: unknown =
    typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, 'categorize') : undefined;
  if (typeof categorize !== 'function') throw new Error(`${entry} exports no categorize`);
  return (tool, args, options) => Reflect.apply(categorize, undefined, [tool, args, options]);
}

const us = (ns: number): string => `${(ns / 1000).toFixed(1)} µs`;

interface Build {
  readonly name: string;
  readonly categorize: Categorize;
  readonly samples: number[];
  total: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const usePublic = args.includes('--public');
  const { programs, positional } = readProgramsOption(args);
  const [other, warmUpText] = positional;
  if (other === undefined)
    throw new Error(
      'usage: npx tsx scripts/compareCategorize.ts OTHER_CHECKOUT [--public] [--programs=sed,grep] [WARM_UP_ROUNDS]',
    );
  const warmUp = Number(warmUpText ?? 5);
  const commands = commandsOfPrograms(
    usePublic ? loadPublicCorpus().map((line) => line.command) : realisticCommands,
    programs,
  );
  if (commands.length === 0) throw new Error(`no command starts with one of ${programs ?? ''}`);
  const rounds = usePublic ? ROUNDS.public : ROUNDS.realistic;
  const builds: Build[] = [
    { name: path.basename(path.resolve(other)), categorize: await categorizeOf(other), samples: [], total: 0 },
    {
      name: 'this checkout',
      categorize: await categorizeOf(path.join(path.dirname(fileURLToPath(import.meta.url)), '..')),
      samples: [],
      total: 0,
    },
  ];
  const workspace = mkdtempSync(path.join(tmpdir(), 'intentgate-compare-'));
  try {
    const options = { workspaceRoot: workspace };
    if (usePublic) await sleep(SETTLE_MS);
    for (let round = 0; round < warmUp; round++)
      for (const command of commands) for (const build of builds) build.categorize('shell', { command }, options);
    for (let round = 0; round < rounds; round++) {
      commands.forEach((command, index) => {
        // each build goes first for every other command, so neither always runs on the other's warm caches
        const order = (round + index) % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const start = process.hrtime.bigint();
          build.categorize('shell', { command }, options);
          const took = Number(process.hrtime.bigint() - start);
          build.samples.push(took);
          build.total += took;
        }
      });
    }
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
  console.log(
    `categorize(shell), ${commands.length} ${usePublic ? 'public corpus' : 'realistic'} commands` +
      `${programs === undefined ? '' : ` of ${programs}`} x ${rounds} rounds ` +
      `after ${warmUp} warm-up rounds, in turn:`,
  );
  const [first] = builds;
  const base = [...(first?.samples ?? [])].sort((a, b) => a - b);
  for (const build of builds) {
    const sorted = [...build.samples].sort((a, b) => a - b);
    const ratio = (q: number): string => (percentile(sorted, q) / percentile(base, q)).toFixed(2);
    const total = (build.total / (first?.total ?? build.total)).toFixed(2);
    console.log(
      `  ${build.name.padEnd(14)} p50 ${us(percentile(sorted, 0.5))} (${ratio(0.5)}x)  ` +
        `p90 ${us(percentile(sorted, 0.9))} (${ratio(0.9)}x)  p99 ${us(percentile(sorted, 0.99))} (${ratio(0.99)}x)  ` +
        `all ${total}x`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
