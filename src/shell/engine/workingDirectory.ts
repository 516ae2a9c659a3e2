import type { ShellWord } from '../words/shellWord';

/**
 * The folder later commands run in, relative to where the command line starts: '' unchanged,
 * a normalised path after `cd DIR`, or null once it cannot be known (`cd "$x"`, `cd -`, `popd`,
 * a cd that may or may not have run). An unknown folder makes every relative path unknown, and
 * the caller counts an unknown path as outside the workspace: the approximation fails closed.
 */
export type WorkingDirectory = string | null;

/** Longer folders are forgotten: joining a path to them would cost more than the input. */
export const MAX_DIRECTORY_LENGTH = 1024;

function isAnchored(path: string): boolean {
  return path.startsWith('/') || path.startsWith('~');
}

function join(base: string, path: string): string {
  if (base === '') return path;
  return base.endsWith('/') ? `${base}${path}` : `${base}/${path}`;
}

// bash skips CDPATH for targets starting with / or a . or .. component
function skipsCdpath(target: string): boolean {
  return isAnchored(target) || target === '.' || target === '..' || target.startsWith('./') || target.startsWith('../');
}

/**
 * `base` followed by `target`, with `.` and empty segments dropped. Null when a `..` would climb
 * out of a named folder: bash's logical cd and the kernel's physical lookup disagree there when
 * the folder is a symlink, so neither reading can be trusted.
 */
function normalise(base: string, target: string): WorkingDirectory {
  const start = isAnchored(target) ? target : base;
  const segments = (isAnchored(target) ? '' : base).split('/').filter((segment) => segment !== '' && segment !== '.');
  let climbs = segments.every((segment) => segment === '..');
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (!climbs) return null;
    } else {
      climbs = false;
    }
    segments.push(segment);
  }
  const joined = segments.join('/');
  return start.startsWith('/') ? `/${joined}` : joined;
}

/**
 * The folder after `cd`/`pushd` with the given operand (none: home), had it succeeded.
 * `cdpath`: CDPATH may be set, so a plain relative target may be found anywhere.
 */
export function changeDirectory(
  current: WorkingDirectory,
  operand: ShellWord | undefined,
  options: { readonly cdpath: boolean },
): WorkingDirectory {
  if (operand === undefined) return '~';
  const target = operand.value;
  if (target === undefined || target === '-') return null;
  if (options.cdpath && !skipsCdpath(target)) return null;
  if (current === null && !isAnchored(target)) return null;
  if (target.length > MAX_DIRECTORY_LENGTH) return null;
  const next = normalise(current ?? '', target);
  return next !== null && next.length > MAX_DIRECTORY_LENGTH ? null : next;
}

/** The folder either of two ways through the script leaves; null when they differ. */
export function mergeDirectories(first: WorkingDirectory, second: WorkingDirectory): WorkingDirectory {
  return first === second ? first : null;
}

/** Whether a path is read from the working folder (not `/...` or `~...`). */
export function isRelativePath(path: string): boolean {
  return !isAnchored(path);
}

/** A path operand as seen from the command line's starting folder; undefined when that is unknown. */
export function fromStart(directory: WorkingDirectory, path: string): string | undefined {
  if (directory === '' || isAnchored(path)) return path;
  if (directory === null) return undefined;
  return join(directory, path);
}
