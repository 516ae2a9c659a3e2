import { homedir } from 'node:os';
import path from 'node:path';
import { childOf, lexicalPath, parentOf } from '../../../paths/lexicalPath';
import type { WorkspaceFiles } from '../../catalog/workspaceFiles';
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

/** The first line of a small file, as `gitdir:` and `commondir` files hold one path. */
function pointer(files: WorkspaceFiles, file: string, prefix: string): string | undefined {
  const read = files.readText(file, MAX_POINTER_BYTES);
  if (read.kind !== 'text') return undefined;
  const line = read.text.split('\n')[0]?.trim() ?? '';
  return line.startsWith(prefix) ? line.slice(prefix.length).trim() : undefined;
}

function isBare(files: WorkspaceFiles, folder: string): boolean {
  return (
    files.kindOf(childOf(folder, 'HEAD')) === 'file' &&
    files.kindOf(childOf(folder, 'objects')) === 'folder' &&
    files.kindOf(childOf(folder, 'refs')) === 'folder'
  );
}

function withCommonDir(files: WorkspaceFiles, gitDir: string, top: string | undefined): GitRepository {
  // only a linked worktree's folder holds `commondir`: a failed open costs an exception, a missing file a stat
  const file = childOf(gitDir, 'commondir');
  const common = files.kindOf(file) === 'file' ? pointer(files, file, '') : undefined;
  return { gitDir, commonDir: common === undefined || common === '' ? gitDir : path.resolve(gitDir, common), top };
}

/** The repository git uses when run in `folder` (absolute), or undefined when there is none. */
export function findRepository(folder: string, files: WorkspaceFiles): GitRepository | undefined {
  // normalised once, which a folder the analysis gives already is: every folder above a normalised one is too
  let current = folder.startsWith('/') ? lexicalPath('/', folder) : path.resolve(folder);
  for (let level = 0; level < MAX_LEVELS; level++) {
    const dotGit = childOf(current, '.git');
    const kind = files.kindOf(dotGit);
    if (kind === 'folder') return withCommonDir(files, dotGit, current);
    if (kind === 'file') {
      const target = pointer(files, dotGit, 'gitdir:');
      if (target !== undefined) return withCommonDir(files, path.resolve(current, target), current);
    }
    if (isBare(files, current)) return withCommonDir(files, current, undefined);
    if (current === '/') return undefined;
    current = parentOf(current);
  }
  return undefined;
}

/** The entries of the repository's own config file, or undefined when it cannot be read. */
export function repositoryConfig(repository: GitRepository, files: WorkspaceFiles): GitConfigEntry[] | undefined {
  const read = files.readText(path.join(repository.commonDir, 'config'), MAX_GIT_CONFIG_BYTES);
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
