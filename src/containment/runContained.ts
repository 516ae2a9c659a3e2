import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { lstatSync, rmSync } from 'node:fs';
import { bwrapArguments, cwdProblem, type CommandToContain } from './bwrapArguments';
import type { ContainmentProfile } from './containmentProfile';
import { maskSources } from './maskSources';

/** The argv to spawn for a contained command, or why it cannot run contained. */
export type ContainedCommand =
  { readonly ok: true; readonly argv: readonly string[] } | { readonly ok: false; readonly reason: string };

/** Where and with which bwrap a contained command runs. */
export interface ContainOptions {
  /** the bwrap to run (`detectContainment()`'s) */
  readonly bwrap: string;
  /** the working folder inside the sandbox (default the workspace root) */
  readonly cwd?: string;
}

/**
 * The argv a host spawns to run `command` under `profile`: bwrap first, which runs the command
 * (or `bash -c` for a command line) itself, so no Node process stands in its path. An
 * incomplete profile or a working folder the profile hides is refused with the reason.
 *
 * @example
 * const contained = containedCommand(profile, 'npm test', { bwrap: '/usr/bin/bwrap' });
 * if (contained.ok) spawn(contained.argv[0], contained.argv.slice(1), { stdio: 'inherit' });
 */
export function containedCommand(
  profile: ContainmentProfile,
  command: CommandToContain,
  options: ContainOptions,
): ContainedCommand {
  if (!profile.complete)
    return {
      ok: false,
      reason: `the profile is incomplete: ${profile.refused.map((place) => place.reason).join('; ')}`,
    };
  if (typeof command !== 'string' && command.length === 0) return { ok: false, reason: 'the command is empty' };
  const cwd = options.cwd ?? profile.workspaceRoot;
  const problem = cwdProblem(profile, cwd);
  if (problem !== undefined) return { ok: false, reason: problem };
  return { ok: true, argv: [options.bwrap, ...bwrapArguments(profile, command, maskSources(), cwd)] };
}

/** How a contained command ended: its exit code, or the signal that ended it, and whether the timeout did. */
export interface ContainedRun {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  /** the profile's `removeAfter` places the command had created, removed */
  readonly removed: readonly string[];
}

/**
 * Removes what a contained command must not leave (the profile's `removeAfter`: git's
 * redirects in a writable .git, agent settings made at a writable workspace root) and returns
 * the places it removed. `runContained` calls it when
 * the sandbox has ended; a host that spawns `containedCommand`'s argv itself calls it then too.
 */
export function clearAfterContained(profile: ContainmentProfile): string[] {
  const removed: string[] = [];
  for (const place of profile.removeAfter) {
    let exists = true;
    try {
      lstatSync(place.path);
    } catch {
      exists = false;
    }
    if (!exists) continue;
    rmSync(place.path, { recursive: true, force: true });
    removed.push(place.path);
  }
  return removed;
}

/** Options of `runContained`: the bwrap and folder, the stdio and environment, a timeout. */
export interface RunContainedOptions extends ContainOptions {
  readonly stdio?: StdioOptions;
  readonly env?: NodeJS.ProcessEnv;
  /** ends the whole sandbox (SIGKILL to bwrap, which takes its PID namespace with it) after this long */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** called with the spawned bwrap, for hosts that read its pipes */
  readonly started?: (child: ChildProcess) => void;
}

/** A contained run that ended, or the refusal that kept it from starting. */
export type RunContainedResult =
  { readonly ok: true; readonly run: ContainedRun } | { readonly ok: false; readonly reason: string };

/**
 * Runs `command` contained and resolves when bwrap, and with it every process of the sandbox,
 * has ended. A refusal resolves as `{ ok: false, reason }` without running anything.
 */
export function runContained(
  profile: ContainmentProfile,
  command: CommandToContain,
  options: RunContainedOptions,
): Promise<RunContainedResult> {
  const contained = containedCommand(profile, command, options);
  if (!contained.ok) return Promise.resolve(contained);
  const [file, ...args] = contained.argv;
  return new Promise((resolve, reject) => {
    const child = spawn(file ?? options.bwrap, args, {
      stdio: options.stdio ?? 'inherit',
      env: options.env ?? process.env,
      signal: options.signal,
      killSignal: 'SIGKILL',
    });
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, options.timeoutMs);
    options.started?.(child);
    child.once('error', (error) => {
      if (timer !== undefined) clearTimeout(timer);
      // an abort ends the sandbox like a timeout; 'close' still reports how it ended
      if ((error as NodeJS.ErrnoException).code !== 'ABORT_ERR') reject(error);
    });
    child.once('close', (exitCode, signal) => {
      if (timer !== undefined) clearTimeout(timer);
      resolve({ ok: true, run: { exitCode, signal, timedOut, removed: clearAfterContained(profile) } });
    });
  });
}
