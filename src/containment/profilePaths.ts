import { lstatSync, readlinkSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';

/** What the profile needs to know of one path on disk; no answer means it does not exist. */
export interface PathProbe {
  lstat(file: string): Stats | undefined;
  realpath(file: string): string | undefined;
  readlink(file: string): string | undefined;
}

const quiet =
  <T>(read: (file: string) => T) =>
  (file: string): T | undefined => {
    try {
      return read(file);
    } catch {
      return undefined;
    }
  };

/** The probe over the real disk. */
export const diskProbe: PathProbe = {
  lstat: quiet((file) => lstatSync(file)),
  realpath: quiet((file) => realpathSync.native(file)),
  readlink: quiet((file) => readlinkSync(file)),
};

/** A bindable place: an existing folder or file. */
export type PlaceType = 'dir' | 'file';

/** Where a path lands, resolved for binding: found, missing (nothing is bound), or refused with the reason. */
export type ResolvedPlace =
  | { readonly kind: 'found'; readonly path: string; readonly type: PlaceType }
  | { readonly kind: 'missing'; readonly path: string; readonly existing: string }
  | { readonly kind: 'refused'; readonly path: string; readonly reason: string };

const typeOf = (stats: Stats): PlaceType | undefined =>
  stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : undefined;

/**
 * A workspace-relative path under the workspace's real folder, walked name by name with lstat so
 * no symbolic link is followed: a link on the way is refused (its target, in or out of the
 * workspace, is not what the scope names), and so is `..`.
 */
export function resolveInWorkspace(realRoot: string, relative: string, probe: PathProbe): ResolvedPlace {
  const names = relative.split('/').filter((name) => name !== '' && name !== '.');
  let current = realRoot;
  for (const [index, name] of names.entries()) {
    const next = path.join(current, name);
    if (name === '..')
      return { kind: 'refused', path: next, reason: `'..' in '${relative}' leaves the folder it names` };
    const stats = probe.lstat(next);
    if (stats === undefined) return { kind: 'missing', path: path.join(realRoot, ...names), existing: current };
    if (stats.isSymbolicLink()) {
      const target = probe.readlink(next) ?? 'an unreadable target';
      return {
        kind: 'refused',
        path: next,
        reason: `${next} is a symbolic link (to ${target}): its target is not bound writable`,
      };
    }
    const last = index === names.length - 1;
    if (!last && !stats.isDirectory()) return { kind: 'refused', path: next, reason: `${next} is not a folder` };
    if (last) {
      const type = typeOf(stats);
      if (type === undefined)
        return { kind: 'refused', path: next, reason: `${next} is neither a folder nor a regular file` };
      return { kind: 'found', path: next, type };
    }
    current = next;
  }
  return { kind: 'found', path: realRoot, type: 'dir' };
}

/**
 * An absolute path as bwrap may bind it writable: existing, and its real path is the path itself
 * (no link anywhere on its way), so binding it cannot open another place.
 */
export function resolveExact(file: string, probe: PathProbe): ResolvedPlace {
  const lexical = path.resolve(file);
  const stats = probe.lstat(lexical);
  if (stats === undefined) return { kind: 'missing', path: lexical, existing: path.dirname(lexical) };
  const real = probe.realpath(lexical);
  if (real !== lexical)
    return {
      kind: 'refused',
      path: lexical,
      reason: `${lexical} has a symbolic link on its way (it is ${real ?? 'unresolvable'}): not bound writable`,
    };
  const type = typeOf(stats);
  if (type === undefined)
    return { kind: 'refused', path: lexical, reason: `${lexical} is neither a folder nor a regular file` };
  return { kind: 'found', path: lexical, type };
}

/**
 * What to hide for a path that must be unreadable: the real place it names, links followed (a
 * link to a secret hides the secret); undefined when nothing exists there. Sockets count as files.
 */
export function maskTarget(
  file: string,
  probe: PathProbe,
): { readonly path: string; readonly type: PlaceType } | undefined {
  const real = probe.realpath(file);
  if (real === undefined) return undefined;
  const stats = probe.lstat(real);
  if (stats === undefined) return undefined;
  return { path: real, type: stats.isDirectory() ? 'dir' : 'file' };
}

/** Whether `inner` is `outer` or below it (both absolute and normalised). */
export function isWithin(inner: string, outer: string): boolean {
  if (outer === '/') return true;
  return inner === outer || inner.startsWith(`${outer}/`);
}
