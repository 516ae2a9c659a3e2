import picomatch from 'picomatch';
import type { ToolPath } from '../tools/toolRequest';

type PathMatcher = (relativePath: string) => boolean;

// owned_scope arrays are frozen and live as long as their intent, so they key the compiled matchers
const compiled = new WeakMap<readonly string[], PathMatcher>();

/**
 * Turns one scope glob into the globs it stands for: './' is dropped, '\' is a separator,
 * 'dir/' means everything below dir, and a plain path with no glob characters covers
 * itself and everything below it, as a .gitignore entry would.
 */
export function expandScopeGlob(glob: string): string[] {
  const normalized = glob.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  if (normalized.endsWith('/')) return [`${normalized}**`];
  if (!picomatch.scan(normalized).isGlob) return [normalized, `${normalized}/**`];
  return [normalized];
}

function compile(scope: readonly string[]): PathMatcher {
  const globs = scope.flatMap(expandScopeGlob);
  // dot: true because a scope the user wrote as 'src/**' means every file under src
  return globs.length === 0 ? () => false : picomatch(globs, { dot: true });
}

/** True when the workspace-relative path is covered by one of the scope globs. */
export function isInScope(scope: readonly string[], relativePath: string): boolean {
  let matcher = compiled.get(scope);
  if (!matcher) {
    matcher = compile(scope);
    compiled.set(scope, matcher);
  }
  return relativePath !== '' && matcher(relativePath);
}

/**
 * The first changed path a scope does not cover; a path outside the workspace is never covered,
 * nor is one whose destination cannot be known before the call runs, even if only read.
 */
export function findPathOutsideScope(scope: readonly string[], paths: readonly ToolPath[]): ToolPath | undefined {
  return paths.find((path) => path.unresolved !== undefined || (path.readOnly !== true && (path.relative === undefined || !isInScope(scope, path.relative))));
}
