import path from 'node:path';

/** Longest path argument accepted; longer ones are refused before any work is done on them. */
export const MAX_PATH_LENGTH = 4096;

const DRIVE_LETTER = /^[A-Za-z]:/;

/**
 * Resolves a path argument against the workspace root and returns it relative to the root
 * with '/' separators ('' for the root itself), or undefined when it leaves the workspace.
 * Backslashes count as separators; '~', drive-letter and UNC paths on a POSIX host are
 * outside, since they cannot name a file under the root.
 */
export function resolveWorkspacePath(workspaceRoot: string, input: string): string | undefined {
  const slashed = input.replace(/\\/g, '/');
  if (slashed.startsWith('~')) return undefined;
  if (path.sep === '/' && (DRIVE_LETTER.test(slashed) || slashed.startsWith('//'))) return undefined;
  const root = path.resolve(workspaceRoot);
  const relative = path.relative(root, path.resolve(root, slashed));
  if (relative === '') return '';
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}
