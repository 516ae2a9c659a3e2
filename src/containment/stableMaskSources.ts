import { chmodSync, lstatSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { MaskSources } from './maskSources';

/** The folder, under intentgate's cache folder, that holds the lasting mask sources. */
export const STABLE_MASKS_FOLDER = 'masks';

/**
 * intentgate's cache folder: `$XDG_CACHE_HOME/intentgate`, else `~/.cache/intentgate`. A
 * relative XDG_CACHE_HOME is ignored, as the XDG specification says.
 */
export function intentgateCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  const base =
    xdg !== undefined && path.isAbsolute(xdg)
      ? xdg
      : path.join(env.HOME !== undefined && path.isAbsolute(env.HOME) ? env.HOME : homedir(), '.cache');
  return path.join(base, 'intentgate');
}

const uid = (): number | undefined => process.getuid?.();

const lstatOrUndefined = (file: string): Stats | undefined => {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
};

/** Why a folder of ours cannot be trusted (a link, another owner, writable by others), or undefined. */
function folderProblem(folder: string, stats: Stats | undefined): string | undefined {
  if (stats === undefined) return `${folder} does not exist`;
  if (!stats.isDirectory()) return `${folder} is not a folder${stats.isSymbolicLink() ? ' (a symbolic link)' : ''}`;
  const owner = uid();
  if (owner !== undefined && stats.uid !== owner)
    return `${folder} belongs to uid ${stats.uid}, not to this user (${owner})`;
  if ((stats.mode & 0o022) !== 0) return `${folder} is writable by others (mode ${(stats.mode & 0o777).toString(8)})`;
  return undefined;
}

/** Why a masks folder is not the one this module makes, or undefined when it is sound. */
function masksProblem(masks: string): string | undefined {
  const folder = lstatOrUndefined(masks);
  const problem = folderProblem(masks, folder);
  if (problem !== undefined) return problem;
  if (((folder?.mode ?? 0) & 0o777) !== 0o700) return `${masks} is not owner-only (mode 700)`;
  const owner = uid();
  const dir = lstatOrUndefined(path.join(masks, 'dir'));
  const file = lstatOrUndefined(path.join(masks, 'file'));
  if (dir === undefined || !dir.isDirectory() || (dir.mode & 0o777) !== 0 || (owner !== undefined && dir.uid !== owner))
    return `${masks}/dir is not an empty mode-000 folder of this user`;
  // only its owner could have filled it, and a mode-000 folder's entries cannot be listed without root;
  // a folder in it shows in the link count (btrfs and overlayfs count a folder's links as 1)
  if (dir.nlink > 2) return `${masks}/dir has folders in it`;
  if (
    file === undefined ||
    !file.isFile() ||
    (file.mode & 0o777) !== 0 ||
    file.size !== 0 ||
    (owner !== undefined && file.uid !== owner)
  )
    return `${masks}/file is not an empty mode-000 file of this user`;
  return undefined;
}

/** Removes a folder that may hold mode-000 entries: their modes are opened first, so even a non-root user can. */
function removeFolder(folder: string): void {
  for (const name of ['dir', 'file']) {
    try {
      chmodSync(path.join(folder, name), 0o700);
    } catch {
      // absent, or not ours: rmSync says what is left
    }
  }
  try {
    chmodSync(folder, 0o700);
  } catch {
    // as above
  }
  rmSync(folder, { recursive: true, force: true });
}

/** A fresh masks folder made beside `masks` under a random name, ready to be renamed into place. */
function freshMasks(parent: string): string {
  const made = mkdtempSync(path.join(parent, `${STABLE_MASKS_FOLDER}.new-`));
  chmodSync(made, 0o700);
  mkdirSync(path.join(made, 'dir'));
  writeFileSync(path.join(made, 'file'), '');
  chmodSync(path.join(made, 'dir'), 0o000);
  chmodSync(path.join(made, 'file'), 0o000);
  return made;
}

/**
 * Mask sources that outlive this process: a mode-000 folder and file in `masks/` under
 * intentgate's cache folder, owner-only, made once and checked at every call (a missing or
 * altered one is replaced). A command line that runs after its maker has exited (an agent's
 * hook answers with it) needs them; `maskSources()` removes its own at exit. Concurrent makers
 * each build a fresh folder and rename it into place, so none sees a half-made one. Throws
 * when the cache folder cannot be made or is not this user's alone.
 *
 * @example
 * const masks = stableMaskSources(); // { dir: '~/.cache/intentgate/masks/dir', file: '.../masks/file' }
 */
export function stableMaskSources(env: NodeJS.ProcessEnv = process.env): MaskSources {
  const parent = intentgateCacheFolder(env);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const parentProblem = folderProblem(parent, lstatOrUndefined(parent));
  if (parentProblem !== undefined) throw new Error(`cannot keep mask sources: ${parentProblem}`);
  const masks = path.join(parent, STABLE_MASKS_FOLDER);
  const sources: MaskSources = Object.freeze({ dir: path.join(masks, 'dir'), file: path.join(masks, 'file') });
  if (masksProblem(masks) === undefined) return sources;
  // two attempts: another maker may have renamed its own into place between our check and rename
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const made = freshMasks(parent);
    if (lstatOrUndefined(masks) !== undefined && masksProblem(masks) !== undefined) {
      const aside = mkdtempSync(path.join(parent, `${STABLE_MASKS_FOLDER}.old-`));
      try {
        renameSync(masks, path.join(aside, 'masks'));
      } catch {
        // another maker moved it first
      }
      removeFolder(path.join(aside, 'masks'));
      rmSync(aside, { recursive: true, force: true });
    }
    try {
      renameSync(made, masks);
    } catch {
      // a sound one arrived meanwhile: ours is not needed
      removeFolder(made);
    }
    if (masksProblem(masks) === undefined) return sources;
  }
  throw new Error(`cannot keep mask sources: ${masksProblem(masks) ?? 'unknown'}`);
}
