import type { ContainmentProfile } from './containmentProfile';
import type { MaskSources } from './maskSources';
import { isWithin } from './profilePaths';

/**
 * A fresh /proc with the kernel's settings read-only: without capabilities root still passes
 * the file modes of /proc/sys, and bwrap 0.8.0 left it writable here (kernel.core_pattern runs
 * a program as root on the host when a process crashes).
 */
export const PROC = [
  '--proc',
  '/proc',
  '--ro-bind',
  '/proc/sys',
  '/proc/sys',
  '--ro-bind-try',
  '/proc/sysrq-trigger',
  '/proc/sysrq-trigger',
] as const;

/** A command to contain: an argv run as is, or a command line bash reads. */
export type CommandToContain = readonly string[] | string;

// the order the mounts of one depth go in: later ones cover earlier ones at the same path
const RANK = { shown: 0, writable: 1, readOnly: 2, mask: 3 } as const;

interface Mount {
  readonly path: string;
  readonly rank: number;
  readonly args: readonly string[];
}

const depth = (file: string): number => (file === '/' ? 0 : file.split('/').length - 1);

/** The profile's mounts, shallow before deep, so a place inside another is mounted over it. */
function mounts(profile: ContainmentProfile, masks: MaskSources): Mount[] {
  const list: Mount[] = [
    ...profile.shown.map((place) => ({
      path: place.path,
      rank: RANK.shown,
      args: ['--ro-bind', place.path, place.path],
    })),
    ...profile.writable.map((place) => ({
      path: place.path,
      rank: RANK.writable,
      args: ['--bind', place.path, place.path],
    })),
    ...profile.readOnly.map((place) => ({
      path: place.path,
      rank: RANK.readOnly,
      args: ['--ro-bind', place.path, place.path],
    })),
    ...profile.masked.map((place) => ({
      path: place.path,
      rank: RANK.mask,
      args: ['--ro-bind', place.type === 'dir' ? masks.dir : masks.file, place.path],
    })),
  ];
  return list.sort((a, b) => depth(a.path) - depth(b.path) || a.rank - b.rank || a.path.localeCompare(b.path));
}

/**
 * bubblewrap's arguments for a profile (everything after `bwrap`): namespaces, no capabilities,
 * the host read-only, a private tmp, then the profile's places shallow to deep, then the
 * command, run by bwrap itself (`bash -c` for a command line). Only places the profile found
 * on disk are bound, so bwrap creates no mount point on the host.
 */
export function bwrapArguments(
  profile: ContainmentProfile,
  command: CommandToContain,
  masks: MaskSources,
  cwd: string,
): string[] {
  const namespaces = [
    '--die-with-parent',
    '--new-session',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    ...(profile.network.open ? [] : ['--unshare-net']),
    '--cap-drop',
    'ALL',
  ];
  const base = ['--ro-bind', '/', '/', '--dev', '/dev', ...PROC, '--tmpfs', profile.tmp.path];
  const places = mounts(profile, masks).flatMap((mount) => mount.args);
  const run = typeof command === 'string' ? ['bash', '-c', command] : [...command];
  const environment = [
    ...profile.environment.unset.flatMap((name) => ['--unsetenv', name]),
    '--setenv',
    'TMPDIR',
    profile.tmp.path,
  ];
  return [...namespaces, ...base, ...places, ...environment, '--chdir', cwd, '--', ...run];
}

/** Why a working folder cannot be the contained command's, or undefined when it can. */
export function cwdProblem(profile: ContainmentProfile, cwd: string): string | undefined {
  const masked = profile.masked.find((place) => isWithin(cwd, place.path));
  if (masked !== undefined) return `the working folder ${cwd} is masked (${masked.reason})`;
  const hidden =
    isWithin(cwd, profile.tmp.path) &&
    ![...profile.shown, ...profile.writable].some((place) => isWithin(cwd, place.path));
  return hidden
    ? `the working folder ${cwd} lies in ${profile.tmp.path}, which the private temporary folder hides`
    : undefined;
}
