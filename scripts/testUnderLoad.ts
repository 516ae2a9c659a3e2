// Runs the tests while CPU-bound processes run beside them, as on a user's busy machine:
//   npm run test:load                       every project, two busy processes
//   npm run test:load -- --burners 3 --project work --project processes
// A test whose pass depends on the machine being idle (a fixed sleep, a wall-clock bound, a
// default 5 s timeout on heavy work) fails here rather than on a user's machine. Everything
// after the script's own options goes to `vitest run`. Exits with vitest's code.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Two, as on the 2-core machine: each takes a core for the whole run. */
const DEFAULT_BURNERS = 2;
/**
 * A process that only spins: node itself, so it runs wherever the tests do. It ends by itself
 * once its parent is gone (its parent id changes), so a run killed outright leaves none behind.
 */
const BURNER_CODE =
  'const parent = process.ppid; for (let i = 1; ; i++) if (i % 50000000 === 0 && process.ppid !== parent) process.exit(0);';

/** The script's own options, and what goes on to vitest. */
export interface LoadOptions {
  readonly burners: number;
  readonly vitestArgs: readonly string[];
}

/** The most CPU-bound processes a run may ask for. */
const MAX_BURNERS = 16;

/** A count of CPU-bound processes read from text: a whole number from 0 to 16, else undefined. */
export function burnerCount(text: string | undefined): number | undefined {
  const count = Number(text);
  return text !== undefined && text !== '' && Number.isInteger(count) && count >= 0 && count <= MAX_BURNERS
    ? count
    : undefined;
}

/** Reads `--burners N` (a whole number from 0 to 16); every other argument is vitest's. */
export function readLoadOptions(argv: readonly string[]): LoadOptions {
  const vitestArgs: string[] = [];
  let burners = DEFAULT_BURNERS;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument !== '--burners') {
      vitestArgs.push(argument);
      continue;
    }
    const value = burnerCount(argv[index + 1]);
    if (value === undefined)
      throw new Error(
        `test:load: --burners takes a whole number from 0 to ${MAX_BURNERS}, got ${String(argv[index + 1])}`,
      );
    burners = value;
    index += 1;
  }
  return { burners, vitestArgs };
}

/** CPU-bound processes running beside the tests. */
export interface Burners {
  readonly pids: readonly number[];
  /** ends them all; calling it again does nothing */
  readonly stop: () => void;
}

/** Starts `count` CPU-bound processes. */
export function startBurners(count: number): Burners {
  const burners: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', BURNER_CODE], { stdio: 'ignore' }),
  );
  return {
    pids: burners.flatMap((burner) => (burner.pid === undefined ? [] : [burner.pid])),
    stop: () => {
      for (const burner of burners) burner.kill('SIGKILL');
    },
  };
}

function runVitest(args: readonly string[]): Promise<number> {
  // vitest's bin, beside its manifest: the package exports no path to it
  const manifest = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('vitest/package.json');
  const vitest = path.join(path.dirname(manifest), 'vitest.mjs');
  const child = spawn(process.execPath, [vitest, 'run', ...args], { cwd: REPO_ROOT, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

async function main(): Promise<number> {
  const options = readLoadOptions(process.argv.slice(2));
  const { stop } = startBurners(options.burners);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const started = Date.now();
  try {
    const code = await runVitest(options.vitestArgs);
    console.log(
      `test:load: vitest exited ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s beside ${options.burners} CPU-bound processes`,
    );
    return code;
  } finally {
    stop();
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(2);
    },
  );
}
