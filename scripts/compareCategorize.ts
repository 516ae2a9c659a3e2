// categorize() of this checkout against another checkout's, in one process: the two builds run
// the bench corpus in turn, command by command, so both see the same machine, the same garbage
// collector and the same warm-up. Build both first (`npm run build` in each).
//   npx tsx scripts/compareCategorize.ts OTHER_CHECKOUT [WARM_UP_ROUNDS]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { realisticCommands } from '../test/corpus/realistic';
import { percentile } from './benchHarness';

type Categorize = (tool: string, args: unknown, options: unknown) => unknown;

const ROUNDS = 20;

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

async function main(): Promise<void> {
  const [other, warmUpText] = process.argv.slice(2);
  if (other === undefined)
    throw new Error('usage: npx tsx scripts/compareCategorize.ts OTHER_CHECKOUT [WARM_UP_ROUNDS]');
  const warmUp = Number(warmUpText ?? 5);
  const builds = [
    { name: path.basename(path.resolve(other)), categorize: await categorizeOf(other), samples: [] as number[] },
    {
      name: 'this checkout',
      categorize: await categorizeOf(path.join(path.dirname(fileURLToPath(import.meta.url)), '..')),
      samples: [] as number[],
    },
  ];
  const workspace = mkdtempSync(path.join(tmpdir(), 'intentgate-compare-'));
  try {
    const options = { workspaceRoot: workspace };
    for (let round = 0; round < warmUp; round++)
      for (const command of realisticCommands)
        for (const build of builds) build.categorize('shell', { command }, options);
    for (let round = 0; round < ROUNDS; round++) {
      for (const command of realisticCommands) {
        for (const build of builds) {
          const start = process.hrtime.bigint();
          build.categorize('shell', { command }, options);
          build.samples.push(Number(process.hrtime.bigint() - start));
        }
      }
    }
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
  console.log(
    `categorize(shell), ${realisticCommands.length} commands x ${ROUNDS} rounds after ${warmUp} warm-up rounds, in turn:`,
  );
  const [first] = builds;
  for (const build of builds) {
    const sorted = [...build.samples].sort((a, b) => a - b);
    const base = [...(first?.samples ?? [])].sort((a, b) => a - b);
    const ratio = (q: number): string => (percentile(sorted, q) / percentile(base, q)).toFixed(2);
    console.log(
      `  ${build.name.padEnd(14)} p50 ${us(percentile(sorted, 0.5))} (${ratio(0.5)}x)  p99 ${us(percentile(sorted, 0.99))} (${ratio(0.99)}x)`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
