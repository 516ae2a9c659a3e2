import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { PROC } from './bwrapArguments';

/** Whether commands can be contained here, and with which bwrap, or why not. */
export type ContainmentAvailability =
  { readonly available: true; readonly bwrap: string } | { readonly available: false; readonly reason: string };

/** The trial run: the namespaces and mounts every contained command uses, around `true`. */
export const TRIAL_ARGUMENTS = [
  '--die-with-parent',
  '--new-session',
  '--unshare-pid',
  '--unshare-ipc',
  '--unshare-uts',
  '--unshare-net',
  '--cap-drop',
  'ALL',
  '--ro-bind',
  '/',
  '/',
  '--dev',
  '/dev',
  ...PROC,
  '--tmpfs',
  '/tmp',
  '--',
  'true',
] as const;

// a backstop for a hung trial, not a measure: a loaded machine starts bwrap in milliseconds
const TRIAL_BACKSTOP_MS = 60_000;

const trials = new Map<string, Promise<ContainmentAvailability>>();

/** The first executable `bwrap` on PATH. */
export function findBwrap(searchPath: string | undefined): string | undefined {
  for (const folder of (searchPath ?? '').split(path.delimiter)) {
    if (folder === '') continue;
    const candidate = path.join(folder, 'bwrap');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function trial(bwrap: string): Promise<ContainmentAvailability> {
  return new Promise((resolve) => {
    execFile(bwrap, [...TRIAL_ARGUMENTS], { timeout: TRIAL_BACKSTOP_MS }, (error, _stdout, stderr) => {
      if (error === null) resolve({ available: true, bwrap });
      else {
        const said = stderr.trim().split('\n')[0] ?? '';
        resolve({
          available: false,
          reason:
            `bubblewrap cannot make a sandbox here (${said || error.message}); user namespaces ` +
            `may be off (kernel.unprivileged_userns_clone, AppArmor's restrict_unprivileged_userns)`,
        });
      }
    });
  });
}

/**
 * Whether bubblewrap runs here: found on PATH (or the given path) and able to make the
 * namespaces a contained command needs, tried once with `true` and the answer kept per bwrap.
 */
export function detectContainment(
  options: { readonly bwrap?: string; readonly path?: string } = {},
): Promise<ContainmentAvailability> {
  if (process.platform !== 'linux')
    return Promise.resolve({
      available: false,
      reason: `containment runs on Linux with bubblewrap; this is ${process.platform}`,
    });
  const bwrap = options.bwrap ?? findBwrap(options.path ?? process.env.PATH);
  if (bwrap === undefined)
    return Promise.resolve({
      available: false,
      reason: 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
    });
  let known = trials.get(bwrap);
  if (known === undefined) {
    known = trial(bwrap);
    trials.set(bwrap, known);
  }
  return known;
}
