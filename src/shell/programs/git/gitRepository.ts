import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { readRegularFile } from '../../../files/readRegularFile';
import { childOf, lexicalPath, parentOf } from '../../../paths/lexicalPath';
import { MAX_GIT_CONFIG_BYTES, readGitConfig, type GitConfigEntry } from './gitConfigFile';

/**
 * The repository a git command works on, found as git finds it: the folder it runs in or the
 * nearest one above holding `.git` (a folder, or a file `gitdir: PATH` for a worktree or a
 * submodule), or a bare repository. Its hooks and configuration live in its common folder.
 */
export interface GitRepository {
  /** the repository's own folder (`.git`, or the bare repository) */
  readonly gitDir: string;
  /** where its hooks and config are: the main repository's for a worktree */
  readonly commonDir: string;
  /** the folder holding `.git`; undefined for a bare repository */
  readonly top: string | undefined;
}

/** The repository git uses from a folder, and what reading its config gave once read: what one decision found (see ScriptReading). */
export interface FoundRepository {
  readonly repository: GitRepository | undefined;
  config?: { readonly entries: readonly GitConfigEntry[] | undefined };
}

// folders climbed at most looking for a repository
const MAX_LEVELS = 128;
const MAX_POINTER_BYTES = 4096;

function kindOf(file: string): 'file' | 'folder' | undefined {
  try {
    // most folders climbed hold no .git: a missing file is an answer, not an exception to build
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats?.isDirectory() === true ? 'folder' : stats?.isFile() === true ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

/** The first line of a small file, as `gitdir:` and `commondir` files hold one path. */
function pointer(file: string, prefix: string): string | undefined {
  const read = readRegularFile(file, MAX_POINTER_BYTES);
  if (read.kind !== 'text') return undefined;
  const line = read.text.split('\n')[0]?.trim() ?? '';
  return line.startsWith(prefix) ? line.slice(prefix.length).trim() : undefined;
}

function isBare(folder: string): boolean {
  return (
    kindOf(childOf(folder, 'HEAD')) === 'file' &&
    kindOf(childOf(folder, 'objects')) === 'folder' &&
    kindOf(childOf(folder, 'refs')) === 'folder'
  );
}

function withCommonDir(gitDir: string, top: string | undefined): GitRepository {
  // only a linked worktree's folder holds `commondir`: a failed open costs an exception, a missing file a stat
  const file = childOf(gitDir, 'commondir');
  const common = kindOf(file) === 'file' ? pointer(file, '') : undefined;
  return { gitDir, commonDir: common === undefined || common === '' ? gitDir : path.resolve(gitDir, common), top };
}

/** The repository git uses when run in `folder` (absolute), or undefined when there is none. */
export function findRepository(folder: string): GitRepository | undefined {
  // normalised once, which a folder the analysis gives already is: every folder above a normalised one is too
  let current = folder.startsWith('/') ? lexicalPath('/', folder) : path.resolve(folder);
  for (let level = 0; level < MAX_LEVELS; level++) {
    const dotGit = childOf(current, '.git');
    const kind = kindOf(dotGit);
    if (kind === 'folder') return withCommonDir(dotGit, current);
    if (kind === 'file') {
      const target = pointer(dotGit, 'gitdir:');
      if (target !== undefined) return withCommonDir(path.resolve(current, target), current);
    }
    if (isBare(current)) return withCommonDir(current, undefined);
    if (current === '/') return undefined;
    current = parentOf(current);
  }
  return undefined;
}

/** The entries of the repository's own config file, or undefined when it cannot be read. */
export function repositoryConfig(repository: GitRepository): GitConfigEntry[] | undefined {
  const read = readRegularFile(path.join(repository.commonDir, 'config'), MAX_GIT_CONFIG_BYTES);
  if (read.kind === 'missing') return [];
  return read.kind === 'text' ? readGitConfig(read.text) : undefined;
}

/** The folder the repository's hooks are in: `core.hooksPath` (from the work tree's top), else `hooks`. */
export function hooksFolder(repository: GitRepository, config: readonly GitConfigEntry[]): string {
  const configured = config.filter((entry) => entry.key === 'core.hookspath').at(-1)?.value;
  if (configured === undefined || configured === '') return path.join(repository.commonDir, 'hooks');
  if (configured === '~' || configured.startsWith('~/')) return path.join(homedir(), configured.slice(1));
  return path.resolve(repository.top ?? repository.gitDir, configured);
}
