import path from 'node:path';
import { expandHome } from './expandHome';
import { pathBelow } from './pathBelow';
import { realpathOfLongestAncestor, resolveThroughLinks } from './realPath';
import { windowsPathForm } from './windowsPathForm';

/** How a backslash in a path is read: as Windows does, or literally as POSIX tools do. */
export type BackslashReading = 'separator' | 'literal';

/** The resolved places one path is read against. */
export interface ReadingContext {
  /** the workspace root with its symlinks resolved; undefined when they loop */
  readonly realRoot: string | undefined;
  /** the absolute directory relative paths start from, as given */
  readonly base: string;
  /** base with its symlinks resolved; undefined when they loop */
  readonly realBase: string | undefined;
  /** what '~' and $HOME expand to; undefined when the host has no home directory */
  readonly homeDir: string | undefined;
}

/** One reading of a path: where it lands and why. */
export interface PathReading {
  readonly absolute: string | undefined;
  /** the path below the workspace root, or undefined when this reading is not inside */
  readonly relative: string | undefined;
  readonly reasons: readonly string[];
}

const DOT_DOT = /(?:^|\/)\.\.(?:\/|$)/;

function outside(absolute: string | undefined, reasons: readonly string[]): PathReading {
  return { absolute, relative: undefined, reasons };
}

/**
 * Reads one path string against the workspace: Windows forms are outside, '~' and $HOME
 * are expanded, and the path is inside only if it is inside both when symlinks are followed
 * component by component (as the kernel does) and when '..' is applied first (as tools that
 * normalise do).
 */
export function readPath(text: string, backslash: BackslashReading, context: ReadingContext): PathReading {
  const reasons: string[] = [];
  let slashed = text;
  if (backslash === 'separator' && text.includes('\\')) {
    slashed = text.replace(/\\/g, '/');
    reasons.push('backslash separators');
  }
  const windows = windowsPathForm(slashed);
  if (windows) return outside(undefined, [...reasons, windows]);
  const home = expandHome(slashed, context.homeDir);
  reasons.push(...home.reasons);
  if (home.path === undefined) return outside(undefined, reasons);
  const expanded = home.path;
  const isAbsolute = expanded.startsWith('/');
  if (isAbsolute && home.reasons.length === 0) reasons.push('absolute path');
  if (context.realRoot === undefined || context.realBase === undefined) {
    return outside(undefined, [...reasons, 'workspace root cannot be resolved (symlink loop)']);
  }
  const followed = resolveThroughLinks(isAbsolute ? '/' : context.realBase, expanded);
  for (const hop of followed.links) reasons.push(`${hop.dangling ? 'dangling symlink' : 'symlink'} to ${hop.target}`);
  if (followed.path === undefined) return outside(undefined, [...reasons, 'symlink loop']);
  // applying '..' before links (as tools that normalise do) reads differently only when there is a '..'
  const normalised = DOT_DOT.test(expanded) ? realpathOfLongestAncestor(path.posix.resolve(context.base, expanded)) : followed.path;
  const relative = pathBelow(context.realRoot, followed.path);
  const normalisedRelative = pathBelow(context.realRoot, normalised);
  if (relative !== undefined && normalisedRelative !== undefined && home.trusted) {
    return { absolute: followed.path, relative, reasons };
  }
  const landing = relative === undefined ? followed.path : normalised;
  if (normalisedRelative === undefined && DOT_DOT.test(expanded)) reasons.push('escapes with ..');
  // the prefix bypass of CVE-2025-54794: '/ws-evil' starts with the string '/ws'
  if (landing.startsWith(context.realRoot) && pathBelow(context.realRoot, landing) === undefined) reasons.push('shares the workspace root as a string prefix');
  return outside(landing, reasons);
}
