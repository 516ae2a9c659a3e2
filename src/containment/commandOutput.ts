import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SECRET_ENVIRONMENT, type ContainmentProfile } from './containmentProfile';
import { runContained } from './runContained';

/** A model reads a command's output: more than this per stream is cut, and the run says so. */
export const DEFAULT_OUTPUT_LIMIT_BYTES = 64 * 1024;

/** An agent's command that has not ended by then is ended (Claude Code's Bash tool waits as long by default). */
export const DEFAULT_COMMAND_TIMEOUT_MS = 120_000;

/** How long a host lets a command run and how much of its output it keeps. */
export interface RunLimits {
  /** ends the command (and, contained, its whole sandbox) after this long; default 2 minutes */
  readonly timeoutMs?: number;
  /** the bytes kept of stdout and of stderr each; default 64 KiB */
  readonly maxOutputBytes?: number;
  /** the command's environment (default this process's); intentgate's approval tokens are always removed */
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
}

/** How a command ended and what it printed, bounded. */
export interface CommandOutput {
  /** whether it ran in the sandbox */
  readonly contained: boolean;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** whether stdout or stderr was longer than the limit and cut */
  readonly truncated: boolean;
  /** places a contained command must not leave (the profile's `removeAfter`), removed after it ended */
  readonly removed: readonly string[];
}

/** What running one command line needs: where, and the sandbox when it runs contained. */
export interface CommandLineOptions extends RunLimits {
  readonly workspaceRoot: string;
  readonly cwd?: string;
  readonly contain: { readonly profile: ContainmentProfile; readonly bwrap: string } | undefined;
}

/** The result of running, or the reason nothing ran. */
export type CommandLineRun =
  ({ readonly ran: true } & CommandOutput) | { readonly ran: false; readonly reason: string };

interface Collector {
  attach(child: ChildProcess): void;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly truncated: () => boolean;
}

/** Keeps the first `limit` bytes of each stream and drains the rest, so a chatty command never blocks on a full pipe. */
function collector(limit: number): Collector {
  const kept = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  const size = { stdout: 0, stderr: 0 };
  let cut = false;
  const take = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    const room = limit - size[stream];
    if (chunk.length > room) cut = true;
    if (room <= 0) return;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    kept[stream].push(part);
    size[stream] += part.length;
  };
  return {
    attach: (child) => {
      child.stdout?.on('data', take('stdout'));
      child.stderr?.on('data', take('stderr'));
    },
    stdout: () => Buffer.concat(kept.stdout).toString('utf8'),
    stderr: () => Buffer.concat(kept.stderr).toString('utf8'),
    truncated: () => cut,
  };
}

/** The environment without intentgate's approval tokens: a command that read one could approve its own held calls. */
function withoutSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of SECRET_ENVIRONMENT) delete copy[name];
  return copy;
}

/** Runs `bash -c line` as it is, in its own process group, so a timeout ends the jobs it started too. */
function runUncontained(
  line: string,
  cwd: string,
  limits: RunLimits,
  output: Collector,
): Promise<{ exitCode: number | null; signal: NodeJS.Signals | null; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', line], {
      cwd,
      env: withoutSecrets(limits.env ?? process.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    output.attach(child);
    let timedOut = false;
    const end = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group has already ended
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      end();
    }, limits.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
    limits.signal?.addEventListener('abort', end, { once: true });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (exitCode, signal) => {
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', end);
      resolve({ exitCode, signal, timedOut });
    });
  });
}

/**
 * Runs one command line for a governed shell tool: in the sandbox when `contain` is given
 * (a profile refused, an incomplete one or a hidden working folder, runs nothing), else with
 * bash as it is. Output is kept up to the limit per stream.
 */
export async function runCommandLine(line: string, options: CommandLineOptions): Promise<CommandLineRun> {
  const cwd = path.resolve(options.workspaceRoot, options.cwd ?? '.');
  const output = collector(options.maxOutputBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES);
  const finish = (
    contained: boolean,
    ended: { exitCode: number | null; signal: NodeJS.Signals | null; timedOut: boolean },
    removed: readonly string[],
  ): CommandLineRun => ({
    ran: true,
    contained,
    ...ended,
    stdout: output.stdout(),
    stderr: output.stderr(),
    truncated: output.truncated(),
    removed,
  });
  if (options.contain === undefined) return finish(false, await runUncontained(line, cwd, options, output), []);
  const result = await runContained(options.contain.profile, line, {
    bwrap: options.contain.bwrap,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env ?? process.env,
    timeoutMs: options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    ...(options.signal !== undefined && { signal: options.signal }),
    started: (child) => output.attach(child),
  });
  if (!result.ok) return { ran: false, reason: `not run: ${result.reason}` };
  const { exitCode, signal, timedOut, removed } = result.run;
  return finish(true, { exitCode, signal, timedOut }, removed);
}
