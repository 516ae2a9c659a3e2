import { readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { childOf } from './lexicalPath';

/** One symbolic link followed while resolving a path. */
export interface LinkHop {
  readonly link: string;
  /** the absolute path the link points to, before its own links are followed */
  readonly target: string;
  /** true when nothing exists at the target: a write through the link creates it there */
  readonly dangling: boolean;
}

/** Where a path lands once its symlinks are followed. */
export interface LinkResolution {
  /** the resolved absolute path, or undefined when the links loop */
  readonly path: string | undefined;
  readonly links: readonly LinkHop[];
}

// Linux gives up with ELOOP after 40 links
const MAX_LINK_HOPS = 40;

// fs errors (ENOENT, ENOTDIR, EACCES, bad characters) all mean "no such file" here
function exists(absolute: string): boolean {
  try {
    return statSync(absolute, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** Where a walk's lstat answers come from: the stats, undefined for ENOENT, null for any other error (ENOTDIR, EACCES, ELOOP). */
export interface LinkLookups {
  lstat(absolute: string): Stats | undefined | null;
}

// lstat, so a link in a loop still counts as present and only a missing final target is dangling
function present(absolute: string, lookups: LinkLookups): boolean {
  const stats = lookups.lstat(absolute);
  return stats !== undefined && stats !== null;
}

function linkTarget(absolute: string, lookups: LinkLookups): string | undefined {
  if (lookups.lstat(absolute)?.isSymbolicLink() !== true) return undefined;
  try {
    return readlinkSync(absolute);
  } catch {
    return undefined;
  }
}

/**
 * Resolves a '/'-separated path from an absolute real directory the way the kernel does:
 * component by component, following every symlink (dangling ones too) before applying a
 * later '..'. Components that do not exist are appended as written. `lookups`: the decision's
 * memo, so that a component two paths share is looked up once.
 */
export function resolveThroughLinks(start: string, relative: string, lookups: LinkLookups): LinkResolution {
  const pending = relative.split('/').reverse();
  const links: LinkHop[] = [];
  let current = start;
  while (pending.length > 0) {
    const part = pending.pop();
    if (part === undefined || part === '' || part === '.') continue;
    if (part === '..') {
      current = path.posix.dirname(current);
      continue;
    }
    const next = childOf(current, part);
    const target = linkTarget(next, lookups);
    if (target === undefined) {
      current = next;
      continue;
    }
    if (links.length >= MAX_LINK_HOPS) return { path: undefined, links };
    const absoluteTarget = path.posix.resolve(current, target);
    links.push({ link: next, target: absoluteTarget, dangling: !present(absoluteTarget, lookups) });
    if (target.startsWith('/')) current = '/';
    for (const segment of target.split('/').reverse()) pending.push(segment);
  }
  return { path: current, links };
}

/**
 * Resolves an absolute, already normalised path with fs.realpathSync on its longest
 * existing ancestor and appends the rest, as tools that normalise before opening do.
 */
export function realpathOfLongestAncestor(absolute: string): string {
  const parts = absolute.split('/').filter((part) => part !== '');
  let ancestor = '/';
  let existing = 0;
  for (const part of parts) {
    const candidate = childOf(ancestor, part);
    if (!exists(candidate)) break;
    ancestor = candidate;
    existing += 1;
  }
  let real = ancestor;
  try {
    real = realpathSync(ancestor);
  } catch {
    // it vanished between the two calls: keep the lexical ancestor
  }
  const rest = parts.slice(existing).join('/');
  return rest === '' ? real : childOf(real, rest);
}
