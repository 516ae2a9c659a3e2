import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
// tsx's loader by URL, so it resolves whatever the child's cwd
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface ChildRun {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** the exit code and signal, and how long the process ran */
  readonly exited: Promise<{
    readonly code: number | null;
    readonly signal: NodeJS.Signals | null;
    readonly ms: number;
  }>;
}

/** Runs a TypeScript script with `node --import tsx`, with the given variables added to (or, as undefined, removed from) the environment. */
export function runScript(
  script: string,
  args: readonly string[] = [],
  env: Readonly<Record<string, string | undefined>> = {},
): ChildRun {
  const started = Date.now();
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, ['--import', TSX_LOADER, script, ...args], {
    cwd: REPO_ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, ms: Date.now() - started })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits until the child's stdout matches, failing early if it exits. */
export async function stdoutMatching(run: ChildRun, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(run.stdout());
    if (match) return match;
    if (run.child.exitCode !== null)
      throw new Error(`exited (${run.child.exitCode}) before printing ${pattern}: ${run.stdout()} ${run.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} in ${timeoutMs} ms: ${run.stdout()} ${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
