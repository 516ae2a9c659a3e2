import { readdirSync } from 'node:fs';
import path from 'node:path';
import { INTENT_IGNORE_FILE } from '../intents/intentIgnore';
import type { PathProbe } from './profilePaths';

/** A control place read-only for contained commands, and why. */
export interface ControlPlace {
  readonly path: string;
  readonly reason: string;
}

/** A file of intentgate's own that a command must not change: the policy, a trace kept in the workspace. */
export interface OwnFile {
  readonly path: string;
  /** what it is, for the reason: 'policy file', 'trace file' */
  readonly what: string;
}

/** The real place a link names, when it exists; the place itself when it is no link. */
function realOf(file: string, probe: PathProbe): { readonly path: string; readonly linked: boolean } | undefined {
  const stats = probe.lstat(file);
  if (stats === undefined) return undefined;
  if (!stats.isSymbolicLink()) return { path: file, linked: false };
  const real = probe.realpath(file);
  return real === undefined ? undefined : { path: real, linked: true };
}

/**
 * intentgate's control places, read-only even inside the scope: its own files (the policy, a
 * trace), the orchestration folder (the intents file, the session store), `.intentignore`,
 * and the real places any of them links to,
 * since writing a link's target in the scope would change the control file itself.
 */
export function controlPlaces(
  realRoot: string,
  realOrchestration: string,
  ownFiles: readonly OwnFile[],
  probe: PathProbe,
): ControlPlace[] {
  const places: ControlPlace[] = [];
  for (const own of ownFiles) {
    const real = realOf(path.resolve(realRoot, own.path), probe);
    if (real !== undefined)
      places.push({
        path: real.path,
        reason: `read-only: intentgate's ${own.what}${real.linked ? ` (through the link ${own.path})` : ''}`,
      });
  }
  if (probe.lstat(realOrchestration)?.isDirectory()) {
    places.push({
      path: realOrchestration,
      reason: "read-only: the orchestration folder (the intents file, the session store) is intentgate's own",
    });
    let names: string[] = [];
    try {
      names = readdirSync(realOrchestration);
    } catch {
      // an unlistable folder has no links to follow; it stays read-only as a whole
    }
    for (const name of names) {
      const real = realOf(path.join(realOrchestration, name), probe);
      if (real?.linked)
        places.push({
          path: real.path,
          reason: `read-only: ${path.join(realOrchestration, name)} links here, a control file of intentgate`,
        });
    }
  }
  const ignoreFile = path.join(realRoot, INTENT_IGNORE_FILE);
  const ignore = realOf(ignoreFile, probe);
  if (ignore !== undefined) {
    const why = 'read-only: .intentignore decides what the agent may see';
    places.push({ path: ignore.path, reason: ignore.linked ? `${why} (${ignoreFile} links here)` : why });
  }
  return places;
}
