// The CLI as a process: wall time of `intentgate decide` of one line and `intentgate hook` of one
// event, each against a bare `node` start measured in the same run. Used by scripts/bench.ts;
// run alone with `npx tsx scripts/benchCli.ts [--runs N] [--cli FILE]`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from './benchHarness';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The `bin` of package.json, as users run it after `npm run build`. */
export const BUILT_CLI = path.join(REPO_ROOT, 'dist', 'cli.cjs');
const DEFAULT_RUNS = 15;
const RUN_TIMEOUT_MS = 20_000;

const INTENTS_YAML = [
  'active_intents:',
  '  - id: INT-001',
  '    name: bench',
  '    owned_scope:',
  '      - src/**',
  '',
].join('\n');

interface Probe {
  readonly name: string;
  readonly args: (cli: string, workspace: string) => readonly string[];
  readonly stdin: (workspace: string) => string;
}

const PROBES: readonly Probe[] = [
  { name: 'node -e 0', args: () => ['-e', '0'], stdin: () => '' },
  {
    name: 'intentgate decide, one line',
    args: (cli, workspace) => [cli, 'decide', '--workspace', workspace],
    stdin: () => `${JSON.stringify({ tool: 'execute_command', args: { command: 'git status && npm test' } })}\n`,
  },
  {
    name: 'intentgate hook claude-code, one event',
    args: (cli, workspace) => [cli, 'hook', 'claude-code', '--workspace', workspace],
    stdin: (workspace) =>
      JSON.stringify({
        session_id: 'bench-session',
        cwd: workspace,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'git status && npm test' },
        tool_use_id: 'toolu_bench',
        permission_mode: 'default',
      }),
  },
];

export interface CliProbeFigure {
  readonly name: string;
  /** wall time per process start to exit, in ms */
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export interface CliFigures {
  readonly runs: number;
  readonly cli: string;
  /** the bare node start: the baseline */
  readonly node: CliProbeFigure;
  readonly probes: readonly CliProbeFigure[];
  /** why the figures may not be the current source's, when dist is older than src/ */
  readonly stale?: string;
}

/** Wall time of one process run, in ms; rejects when it fails or hangs. */
function timeRun(args: readonly string[], stdin: string, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [...args], {
      cwd,
      stdio: ['pipe', 'ignore', 'pipe'],
      timeout: RUN_TIMEOUT_MS,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // decide and hook answer 0 on a decision, whatever its verdict
      if (code === 0) resolve(ms);
      else reject(new Error(`bench: node ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
    });
    child.stdin.end(stdin);
  });
}

function figure(name: string, times: readonly number[]): CliProbeFigure {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    median: percentile(sorted, 0.5),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function staleness(cli: string): string | undefined {
  if (cli !== BUILT_CLI) return undefined;
  const sources = Math.max(newestMtime(path.join(REPO_ROOT, 'src')), newestMtime(path.join(REPO_ROOT, 'machines')));
  return statSync(cli).mtimeMs < sources
    ? 'dist is older than src/ or machines/: run `npm run build` first'
    : undefined;
}

/** Spawns every probe `runs` times, interleaved so load on the machine hits them alike. */
export async function measureCli(options: { readonly runs?: number; readonly cli?: string } = {}): Promise<CliFigures> {
  const runs = options.runs ?? DEFAULT_RUNS;
  const cli = options.cli ?? BUILT_CLI;
  if (!existsSync(cli)) throw new Error(`bench: ${cli} is missing: run \`npm run build\` first`);
  const root = mkdtempSync(path.join(tmpdir(), 'intentgate-bench-cli-'));
  try {
    const workspace = path.join(root, 'workspace');
    mkdirSync(path.join(workspace, '.orchestration'), { recursive: true });
    writeFileSync(path.join(workspace, '.orchestration', 'active_intents.yaml'), INTENTS_YAML);
    const times = PROBES.map((): number[] => []);
    // one unmeasured round warms the file system cache
    for (const probe of PROBES) await timeRun(probe.args(cli, workspace), probe.stdin(workspace), root);
    for (let run = 0; run < runs; run++) {
      for (const [index, probe] of PROBES.entries())
        times[index]?.push(await timeRun(probe.args(cli, workspace), probe.stdin(workspace), root));
    }
    const [node, ...probes] = PROBES.map((probe, index) => figure(probe.name, times[index] ?? []));
    if (node === undefined) throw new Error('bench: no baseline probe');
    const stale = staleness(cli);
    return { runs, cli, node, probes, ...(stale !== undefined && { stale }) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, cli: { type: 'string' } } });
  const figures = await measureCli({
    runs: values.runs === undefined ? undefined : Number(values.runs),
    cli: values.cli === undefined ? undefined : path.resolve(values.cli),
  });
  const ms = (value: number): string => `${value.toFixed(0)} ms`;
  console.log(`${figures.cli}, median of ${figures.runs} runs (min-max)`);
  console.log(`  ${figures.node.name}: ${ms(figures.node.median)} (${ms(figures.node.min)}-${ms(figures.node.max)})`);
  for (const probe of figures.probes) {
    console.log(
      `  ${probe.name}: ${ms(probe.median)} (${ms(probe.min)}-${ms(probe.max)}), ${(probe.median / figures.node.median).toFixed(2)}x`,
    );
  }
  if (figures.stale !== undefined) console.log(`  note: ${figures.stale}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
