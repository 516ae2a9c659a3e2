import type { ToolPath } from '../tools/toolRequest';
import { createBoundedMemo } from '../paths/boundedMemo';
import { globMatches, readScopeGlob, scopedPath, type CompiledGlob, type ScopedPath } from './scopeGlob';

// owned_scope arrays are frozen and live as long as their intent, so they key the compiled globs
const compiled = new WeakMap<readonly string[], readonly CompiledGlob[]>();

// a glob the intents file would refuse covers nothing: scope never widens on a glob it cannot read
function compile(scope: readonly string[]): readonly CompiledGlob[] {
  return scope.flatMap((glob) => {
    const read = readScopeGlob(glob);
    return read.ok ? read.globs : [];
  });
}

// a path is split into its names once, however many scopes and checks read it; frozen, since answers are shared
const namesOfPaths = createBoundedMemo<ScopedPath | undefined>(256 * 1024, (relativePath) => 16 + relativePath.length);
const splitPath = (relativePath: string): ScopedPath | undefined => {
  const names = scopedPath(relativePath);
  return names === undefined ? undefined : Object.freeze(names);
};

/**
 * True when the workspace-relative path is covered by one of the scope globs. The time is
 * bounded by the path's length times the globs' (see scopeGlob.ts), whatever the path.
 */
export function isInScope(scope: readonly string[], relativePath: string): boolean {
  let globs = compiled.get(scope);
  if (!globs) {
    globs = compile(scope);
    compiled.set(scope, globs);
  }
  const path = namesOfPaths.get(relativePath, splitPath);
  return path !== undefined && globs.some((glob) => globMatches(glob, path));
}

/**
 * The first changed path a scope does not cover; a path outside the workspace is never covered,
 * nor is one whose destination cannot be known before the call runs, even if only read.
 */
export function findPathOutsideScope(scope: readonly string[], paths: readonly ToolPath[]): ToolPath | undefined {
  return paths.find(
    (path) =>
      path.unresolved !== undefined ||
      (path.readOnly !== true && (path.relative === undefined || !isInScope(scope, path.relative))),
  );
}
