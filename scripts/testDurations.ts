// The durations of the last test run, kept by test/support/durationReporter.ts, and their
// listing: `npm run test:slowest [-- --top N]` prints the slowest test files, their project
// and their share of the run, so a test that grew slow is seen before it times out elsewhere.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the last run's durations are kept, relative to the repository: ignored by git with node_modules. */
export const DURATIONS_FILE = 'node_modules/.cache/intentgate-tests/durations.json';

/** One test file's time in a run. */
export interface FileDuration {
  /** relative to the repository */
  readonly file: string;
  /** the vitest project it ran in, which names its layer */
  readonly project: string;
  readonly ms: number;
  /** vitest's module state: passed, failed, skipped... */
  readonly state: string;
}

/** A whole run: when it ended, how long it took, its files slowest first. */
export interface RecordedRun {
  readonly endedAt: string;
  readonly wallMs: number;
  readonly files: readonly FileDuration[];
}

/** The listing `test:slowest` prints: a header, then one line per file, slowest first. */
export function slowestListing(run: RecordedRun, top: number): string {
  const totalMs = run.files.reduce((sum, file) => sum + file.ms, 0);
  const lines = [
    `last run ended ${run.endedAt}: ${run.files.length} files in ${(run.wallMs / 1000).toFixed(1)} s wall, ${(totalMs / 1000).toFixed(1)} s in files`,
  ];
  for (const file of run.files.slice(0, top)) {
    const share = totalMs === 0 ? 0 : (100 * file.ms) / totalMs;
    lines.push(
      `${(file.ms / 1000).toFixed(1).padStart(7)} s ${share.toFixed(1).padStart(5)}%  ` +
        `${file.project.padEnd(10)} ${file.file}${file.state === 'passed' ? '' : ` (${file.state})`}`,
    );
  }
  return lines.join('\n');
}

function topArgument(argv: readonly string[]): number {
  const at = argv.indexOf('--top');
  const value = at === -1 ? 20 : Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`test:slowest: --top takes a whole number of files, got ${String(argv[at + 1])}`);
  return value;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  let text: string;
  try {
    text = readFileSync(path.join(root, DURATIONS_FILE), 'utf8');
  } catch {
    console.error(`test:slowest: no recorded run in ${DURATIONS_FILE}: run npm test first`);
    process.exit(1);
  }
  console.log(slowestListing(JSON.parse(text) as RecordedRun, topArgument(process.argv.slice(2))));
}
