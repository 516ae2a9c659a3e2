import { homedir } from 'node:os';
import path from 'node:path';
import { expandHome, type HomeExpansion } from './expandHome';
import { isAtOrBelow, pathBelow } from './pathBelow';
import type { PathEntry } from './pathEntry';
import { realpathOfLongestAncestor, resolveThroughLinks } from './realPath';
import { lexicalPath } from './lexicalPath';
import type { LookupMemo } from './lookupMemo';
import { resolveWithoutLinks } from './resolveWithoutLinks';
import { windowsPathForm } from './windowsPathForm';

/** How a backslash in a path is read: as Windows does, or literally as POSIX tools do. */
export type BackslashReading = 'separator' | 'literal';

/** The places one path is read against; their real locations are looked up only when a reading needs them. */
export interface ReadingContext {
  /** the workspace root, absolute and normalised, as given */
  readonly root: string;
  /** the absolute directory relative paths start from, as given */
  readonly base: string;
  /** the lookups made so far in this one decision, the real folders of roots and bases too */
  readonly lookups: LookupMemo;
  /** what '~' and $HOME expand to; undefined for os.homedir(), asked only of a path that starts with '~' or '$' */
  readonly homeDir: string | undefined;
}

function homeDirOf(given: string | undefined): string | undefined {
  let home = given;
  try {
    home ??= homedir();
  } catch {
    // no HOME and no user database entry: '~' then names nothing that can be inside
  }
  return home ? path.resolve(home) : undefined;
}

/** One reading of a path: where it lands and why. */
export interface PathReading {
  readonly absolute: string | undefined;
  /** the path below the workspace root, or undefined when this reading is not inside */
  readonly relative: string | undefined;
  readonly reasons: readonly string[];
  /** what the lookup that resolved it saw at its end, when it looked; every reading has the field, so all have one shape */
  readonly entry: PathEntry | undefined;
}

const DOT_DOT = /(?:^|\/)\.\.(?:\/|$)/;

const AS_WRITTEN = (slashed: string): HomeExpansion => ({ path: slashed, trusted: true, reasons: [] });

function outside(absolute: string | undefined, reasons: readonly string[]): PathReading {
  return { absolute, relative: undefined, reasons, entry: undefined };
}

/**
 * A path with no '..' that lands inside the workspace with no symbolic link on its way, found
 * in two or three lookups: its nearest existing entry lies at or below the root (and the base it
 * starts from), so one realpath of that entry vouches for them too. Undefined when that is not
 * so; the component walk then decides, with the reasons it finds.
 */
function linkFreeInside(
  expanded: string,
  isAbsolute: boolean,
  context: ReadingContext,
  reasons: readonly string[],
): PathReading | undefined {
  if (DOT_DOT.test(expanded)) return undefined;
  const floor = isAbsolute ? context.root : context.base;
  if (!isAtOrBelow(context.root, floor)) return undefined;
  const lexical = lexicalPath(isAbsolute ? '/' : context.base, expanded);
  const found = resolveWithoutLinks(lexical, floor, context.lookups);
  if (found === undefined) return undefined;
  const relative =
    found.path === context.root ? '' : found.path.slice(context.root === '/' ? 1 : context.root.length + 1);
  return { absolute: found.path, relative, reasons, entry: found.entry };
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
  // '~' and '$HOME' lead, and any other variable has a '$': a path with neither is read as written
  const home =
    slashed.startsWith('~') || slashed.includes('$')
      ? expandHome(slashed, homeDirOf(context.homeDir))
      : AS_WRITTEN(slashed);
  reasons.push(...home.reasons);
  if (home.path === undefined) return outside(undefined, reasons);
  const expanded = home.path;
  const isAbsolute = expanded.startsWith('/');
  if (isAbsolute && home.reasons.length === 0) reasons.push('absolute path');
  const linkFree = home.trusted ? linkFreeInside(expanded, isAbsolute, context, reasons) : undefined;
  if (linkFree) return linkFree;
  const realRoot = context.lookups.realFolder(context.root);
  const realBase = context.lookups.realFolder(context.base);
  if (realRoot === undefined || realBase === undefined) {
    return outside(undefined, [...reasons, 'workspace root cannot be resolved (symlink loop)']);
  }
  const followed = resolveThroughLinks(isAbsolute ? '/' : realBase, expanded, context.lookups);
  for (const hop of followed.links) reasons.push(`${hop.dangling ? 'dangling symlink' : 'symlink'} to ${hop.target}`);
  if (followed.path === undefined) return outside(undefined, [...reasons, 'symlink loop']);
  // applying '..' before links (as tools that normalise do) reads differently only when there is a '..'
  const normalised = DOT_DOT.test(expanded)
    ? realpathOfLongestAncestor(path.posix.resolve(context.base, expanded))
    : followed.path;
  const relative = pathBelow(realRoot, followed.path);
  const normalisedRelative = pathBelow(realRoot, normalised);
  if (relative !== undefined && normalisedRelative !== undefined && home.trusted) {
    return { absolute: followed.path, relative, reasons, entry: undefined };
  }
  const landing = relative === undefined ? followed.path : normalised;
  if (normalisedRelative === undefined && DOT_DOT.test(expanded)) reasons.push('escapes with ..');
  // the prefix bypass of CVE-2025-54794: '/ws-evil' starts with the string '/ws'
  if (landing.startsWith(realRoot) && pathBelow(realRoot, landing) === undefined)
    reasons.push('shares the workspace root as a string prefix');
  return outside(landing, reasons);
}
