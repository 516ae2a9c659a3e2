import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { ContainmentProfile, ProfilePlace } from './containmentProfile';
import type { GovernorPlace } from './governorProfile';
import { isWithin } from './profilePaths';

/** What was made for the paths a person allowed once, and what was not, with why. */
export interface AllowedOnceFolders {
  /** folders made, outermost first, each owner-only */
  readonly made: readonly string[];
  readonly refused: readonly ProfilePlace[];
  /**
   * what the sandbox binds writable for the paths given: each path itself, or, for a missing
   * path whose folder was made here, that new folder (empty, made for this answer alone)
   */
  readonly bound: readonly string[];
}

const lstatOf = (file: string) => {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
};

const realOf = (file: string): string | undefined => {
  try {
    return realpathSync.native(file);
  } catch {
    return undefined;
  }
};

/** The places no folder is made in or above: intentgate's own files, the masked and read-only places, the workspace. */
function keptPlaces(profile: ContainmentProfile, place: GovernorPlace): string[] {
  return [
    profile.workspaceRoot,
    realOf(place.orchestrationDir) ?? path.resolve(place.orchestrationDir),
    ...(place.sessionStore === undefined ? [] : [path.resolve(place.sessionStore)]),
    ...(place.ownFiles ?? []).map((file) => path.resolve(place.workspaceRoot, file.path)),
    ...profile.masked.map((masked) => masked.path),
    ...profile.readOnly.map((kept) => kept.path),
  ];
}

/** The folders to make for `target`, outermost first, below its nearest existing ancestor; or why none may be. */
function missingFolders(target: string, kept: readonly string[]): readonly string[] | string {
  const missing: string[] = [];
  let current = target;
  while (lstatOf(current) === undefined) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) return `${target} has no existing folder above it`;
    current = parent;
  }
  const ancestor = lstatOf(current);
  if (ancestor?.isSymbolicLink() === true) return `${current} is a symbolic link`;
  if (ancestor === undefined || !ancestor.isDirectory()) return `${current} is not a folder`;
  // a link on the way would make the folders somewhere else than the person read
  if (realOf(current) !== current) return `${current} has a symbolic link on its way`;
  const clash = kept.find((place) => isWithin(target, place) || isWithin(place, target));
  if (clash !== undefined) return `${target} is in or holds ${clash}, which no answer makes writable`;
  return missing;
}

/**
 * Makes the missing folders above the paths a person allowed once for one call, so the call's
 * sandbox can bind them writable: the folders above each approved path, down from its nearest
 * existing ancestor, owner-only (0700). The approved path itself is never made: whether it is
 * to be a file or a folder is the command's to say, and a folder made in its place would
 * change what the command does (`cp -r dist ~/x/plugin` copies into an existing `plugin`).
 * So the new folder that will hold it is bound instead; it is empty and was made for this
 * answer alone, so nothing else becomes writable. A missing path directly in an existing
 * folder stays missing and unbound: binding that folder would open all it holds. Nothing is made for a path that
 * exists, one with a link on its way, or one in or holding the workspace, intentgate's own
 * files, a masked or a read-only place of `profile` (the profile without the approved paths).
 * A path that cannot be made stays missing, and the sandbox leaves it unbound. Never throws.
 */
export function makeAllowedOnceFolders(
  paths: readonly string[],
  profile: ContainmentProfile,
  place: GovernorPlace,
): AllowedOnceFolders {
  const made: string[] = [];
  const refused: ProfilePlace[] = [];
  const bound: string[] = [];
  const kept = keptPlaces(profile, place);
  for (const given of paths) {
    if (!path.isAbsolute(given)) {
      refused.push({ path: given, reason: `${given} is not an absolute path: no folder is made for it` });
      continue;
    }
    const target = path.resolve(given);
    bound.push(target);
    // an existing place is bound as it is (or refused by the profile)
    if (lstatOf(target) !== undefined) continue;
    const folders = missingFolders(target, kept);
    if (typeof folders === 'string') {
      refused.push({ path: target, reason: `no folder made: ${folders}` });
      continue;
    }
    // the folders above the path, never the path itself
    const above = folders.slice(0, -1);
    if (above.length === 0) {
      refused.push({ path: target, reason: `no folder made: ${target} would be a new entry of an existing folder` });
      continue;
    }
    let complete = true;
    for (const folder of above) {
      try {
        // one level at a time: a folder someone made in between fails here instead of being followed
        mkdirSync(folder, { mode: 0o700 });
      } catch (error) {
        refused.push({
          path: target,
          reason: `no folder made: ${folder}: ${error instanceof Error ? error.message : String(error)}`,
        });
        complete = false;
        break;
      }
      made.push(folder);
    }
    // the new, empty folder that will hold the path is what the sandbox binds for it
    if (complete) bound[bound.length - 1] = above[above.length - 1] ?? target;
  }
  return { made, refused, bound };
}
