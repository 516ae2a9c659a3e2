// A contained `bash -c true` (bwrap with a governor's profile: the scope writable, control files,
// git's hooks and config read-only, masks) against a bare `bwrap` of the same command with the same
// namespaces, spawned in turn, as wall time per process. Used by scripts/bench.ts; run alone with
// `npx tsx scripts/benchContainment.ts [--runs N]`.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { detectContainment, TRIAL_ARGUMENTS } from '../src/containment/bwrapAvailability';
import { containmentProfile } from '../src/containment/containmentProfile';
import { hostSockets } from '../src/containment/hostSockets';
import { containedCommand } from '../src/containment/runContained';
import { parseIntentIgnore } from '../src/intents/intentIgnore';
import { percentile } from './benchHarness';

const DEFAULT_RUNS = 30;
const RUN_TIMEOUT_MS = 20_000;

export interface ContainmentFigures {
  readonly runs: number;
  /** median wall ms of the contained command, and of the bare bwrap */
  readonly contained: number;
  readonly bare: number;
  /** median of the per-pair ratios */
  readonly ratio: number;
  /** median ms to compute the profile and its argv in this process */
  readonly profileMs: number;
  readonly mounts: number;
}

/** How many places an argv binds. */
const binds = (argv: readonly string[]): number =>
  argv.filter((word) => word === '--bind' || word === '--ro-bind').length;

function timeRun(argv: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(argv[0] ?? '', argv.slice(1), { stdio: 'ignore', timeout: RUN_TIMEOUT_MS });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(Number(process.hrtime.bigint() - start) / 1e6)
        : reject(new Error(`${argv.join(' ').slice(0, 200)} exited ${code}`)),
    );
  });
}

/** A governed repository: src/ in scope, docs/ beside it, an ignored folder, a git repository. */
function makeWorkspace(root: string): void {
  for (const folder of ['.orchestration', 'src', 'docs', 'secrets', '.claude'])
    mkdirSync(path.join(root, folder), { recursive: true });
  writeFileSync(path.join(root, '.intentignore'), 'secrets/\n');
  writeFileSync(path.join(root, 'src', 'a.ts'), 'export {};\n');
  execFileSync('git', ['init', '-q'], { cwd: root });
}

/** Contained against bare, alternated run by run; throws where bubblewrap cannot run. */
export async function measureContainment(options: { readonly runs?: number } = {}): Promise<ContainmentFigures> {
  const availability = await detectContainment();
  if (!availability.available) throw new Error(availability.reason);
  const runs = options.runs ?? DEFAULT_RUNS;
  const base = mkdtempSync(path.join(tmpdir(), 'intentgate-bench-containment-'));
  try {
    const root = path.join(base, 'ws');
    makeWorkspace(root);
    const profileTimes: number[] = [];
    let argv: readonly string[] = [];
    for (let run = 0; run < runs; run++) {
      const start = process.hrtime.bigint();
      const profile = containmentProfile({
        state: 'ACTION',
        workspaceRoot: root,
        orchestrationDir: path.join(root, '.orchestration'),
        ownedScope: ['src/**'],
        ignored: parseIntentIgnore('secrets/\n'),
        approvedCategories: [],
        grantHosts: [],
        sockets: hostSockets(),
      });
      const contained = containedCommand(profile, 'true', { bwrap: availability.bwrap });
      profileTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (!contained.ok) throw new Error(contained.reason);
      argv = contained.argv;
    }
    // the same namespaces and base mounts, without the profile's places
    const bare = [availability.bwrap, ...TRIAL_ARGUMENTS.slice(0, -1), 'bash', '-c', 'true'];
    const containedTimes: number[] = [];
    const bareTimes: number[] = [];
    const ratios: number[] = [];
    // one warm-up each: the first start reads bwrap and bash from disk
    await timeRun(argv);
    await timeRun(bare);
    for (let run = 0; run < runs; run++) {
      // each goes first in every other pair, so neither always follows the other
      const first = await timeRun(run % 2 === 0 ? argv : bare);
      const second = await timeRun(run % 2 === 0 ? bare : argv);
      const [c, b] = run % 2 === 0 ? [first, second] : [second, first];
      containedTimes.push(c);
      bareTimes.push(b);
      ratios.push(c / b);
    }
    const median = (values: number[]): number =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    return {
      runs,
      contained: median(containedTimes),
      bare: median(bareTimes),
      ratio: median(ratios),
      profileMs: median(profileTimes),
      mounts: binds(argv) - binds(bare),
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string' } } });
  const figures = await measureContainment(values.runs === undefined ? {} : { runs: Number(values.runs) });
  console.log(JSON.stringify(figures, null, 2));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
