import type { ShellWord } from './shellWord';

/**
 * The folder later commands run in, relative to where the command line starts: '' unchanged,
 * a path after `cd DIR`, or null once it cannot be known (`cd "$x"`, `cd -`, `popd`).
 * Subshells are not scoped: after `(cd x)` later paths still read as under x, which only
 * ever moves a path away from the workspace root the caller judges against.
 */
export type WorkingDirectory = string | null;

function join(base: string, path: string): string {
  if (base === '') return path;
  return base.endsWith('/') ? `${base}${path}` : `${base}/${path}`;
}

/** The working directory after `cd`/`pushd` with the given operand (none: home). */
export function changeDirectory(current: WorkingDirectory, operand: ShellWord | undefined): WorkingDirectory {
  if (operand === undefined) return '~';
  const target = operand.value;
  if (target === undefined || target === '-') return null;
  if (target.startsWith('/') || target.startsWith('~')) return target;
  return current === null ? null : join(current, target);
}

/** A path operand as seen from the command line's starting folder; undefined when that is unknown. */
export function fromStart(directory: WorkingDirectory, path: string): string | undefined {
  if (directory === '' || path.startsWith('/') || path.startsWith('~')) return path;
  if (directory === null) return undefined;
  return join(directory, path);
}
