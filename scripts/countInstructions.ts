// The instructions categorize() of this checkout and of another take per round over the public
// corpus, counted by valgrind (cachegrind, with no cache simulation), not timed: a count moves by
// well under 1% from one run to the next, where a time moves by 10% on a shared machine. Each
// build runs in a process of its own, once for FEW rounds and once for MANY, and the difference is
// divided by the rounds between. Under valgrind V8 keeps compiling for many rounds, so that figure
// falls as FEW grows: compare two builds at the same FEW and MANY only. Work in the kernel (the
// file-system lookups) is not counted. Build both first (`npm run build` in each); about two
// minutes per round here.
// --programs=sed,grep counts only the commands that start with one of these programs.
//   npx tsx scripts/countInstructions.ts OTHER_CHECKOUT [--programs=sed,grep] [FEW MANY]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTLED_MS } from '../src/files/settledListings';
import { loadPublicCorpus } from '../test/corpus/publicCorpus';
import { commandsOfPrograms, readProgramsOption } from './leadingProgram';

const REPO_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHILD = path.join(REPO_ROOT, 'scripts', 'countInstructionsChild.mjs');
const REFS = /I\s+refs:\s+([\d,]+)/;
// longer than a folder takes to settle, so that the child's workspace listing is kept
const SETTLE_MS = SETTLED_MS + 1000;

/** The instructions the child takes for `rounds` rounds of the commands with the checkout's build. */
function instructions(checkout: string, commandsFile: string, rounds: number): number {
  // one thread: V8 compiles on the thread that runs the code, so every instruction is counted once
  const valgrind = ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null'];
  const child = [
    process.execPath,
    '--single-threaded',
    CHILD,
    checkout,
    commandsFile,
    String(rounds),
    String(SETTLE_MS),
  ];
  const run = spawnSync('valgrind', [...valgrind, ...child], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error !== undefined) throw new Error(`valgrind could not run (${run.error.message}): install valgrind`);
  const counted = REFS.exec(run.stderr)?.[1];
  if (run.status !== 0 || counted === undefined)
    throw new Error(`valgrind of ${checkout} failed (status ${String(run.status)}): ${run.stderr.slice(-500)}`);
  return Number(counted.replaceAll(',', ''));
}

function main(): void {
  const { programs, positional } = readProgramsOption(process.argv.slice(2));
  const [other, fewText, manyText] = positional;
  if (other === undefined)
    throw new Error('usage: npx tsx scripts/countInstructions.ts OTHER_CHECKOUT [--programs=sed,grep] [FEW MANY]');
  const few = Number(fewText ?? 4);
  const many = Number(manyText ?? 8);
  if (!(many > few)) throw new Error(`MANY (${many}) must be more rounds than FEW (${few})`);
  const folder = mkdtempSync(path.join(tmpdir(), 'intentgate-count-'));
  try {
    const commands = commandsOfPrograms(
      loadPublicCorpus().map((line) => line.command),
      programs,
    );
    if (commands.length === 0) throw new Error(`no command starts with one of ${programs ?? ''}`);
    const commandsFile = path.join(folder, 'commands.json');
    writeFileSync(commandsFile, JSON.stringify(commands));
    const perRound = (checkout: string): number =>
      (instructions(checkout, commandsFile, many) - instructions(checkout, commandsFile, few)) / (many - few);
    const theirs = perRound(other);
    const ours = perRound(REPO_ROOT);
    console.log(
      `categorize(shell), instructions per round of ${commands.length} public corpus commands` +
        `${programs === undefined ? '' : ` of ${programs}`}:`,
    );
    console.log(`  ${path.basename(path.resolve(other)).padEnd(14)} ${(theirs / 1e6).toFixed(0)} M (1.00x)`);
    console.log(`  ${'this checkout'.padEnd(14)} ${(ours / 1e6).toFixed(0)} M (${(ours / theirs).toFixed(3)}x)`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main();
