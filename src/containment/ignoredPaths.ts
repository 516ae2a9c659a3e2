import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { IntentIgnore } from '../intents/intentIgnore';

/** Most entries the walk for ignored paths looks at before it gives up (the profile is then refused). */
export const MAX_WALKED_ENTRIES = 100_000;

/** The existing paths `.intentignore` hides, or why they could not all be found. */
export type IgnoredPaths =
  | { readonly complete: true; readonly paths: readonly string[] }
  | { readonly complete: false; readonly reason: string };

// git's own database is not the workspace's files: .intentignore rules are about working files
const NOT_WALKED = new Set(['.git']);

/**
 * Walks the workspace (real root) for the entries the ignore rules match: an ignored folder is
 * listed once and not entered. Kernel masks can only cover what exists, so the walk is the
 * profile's one view of the rules; past MAX_WALKED_ENTRIES it answers incomplete, never a partial list.
 */
export function findIgnoredPaths(realRoot: string, rules: IntentIgnore, maxEntries = MAX_WALKED_ENTRIES): IgnoredPaths {
  const found: string[] = [];
  const folders: string[] = [''];
  let seen = 0;
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let entries;
    try {
      entries = readdirSync(path.join(realRoot, folder), { withFileTypes: true });
    } catch (error) {
      return {
        complete: false,
        reason: `cannot list ${path.join(realRoot, folder)} to find ignored paths: ${String(error)}`,
      };
    }
    for (const entry of entries) {
      seen += 1;
      if (seen > maxEntries)
        return {
          complete: false,
          reason: `the workspace has more than ${maxEntries} entries: its ignored paths were not all found`,
        };
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (rules.ignores(relative)) found.push(relative);
      else if (entry.isDirectory() && !(folder === '' && NOT_WALKED.has(entry.name))) folders.push(relative);
    }
  }
  return { complete: true, paths: found.sort() };
}
