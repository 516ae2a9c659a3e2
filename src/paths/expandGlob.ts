import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { createBoundedMemo } from './boundedMemo';

/** More matches than this make a glob operand unknown: checking each would cost more than the call is worth. */
export const MAX_GLOB_MATCHES = 256;

/** Folders read to expand one operand; beyond this the operand is unknown. */
export const MAX_GLOB_FOLDERS = 64;

/** Brace alternatives one word may stand for (`{a,b}{c,d}` is four). */
export const MAX_BRACE_WORDS = 64;

/** How bash's shell options change what a pattern matches (`shopt -s dotglob nocaseglob`). */
export interface GlobOptions {
  /** `*` and `?` match a leading dot too (dotglob, or GLOBIGNORE set) */
  readonly dot: boolean;
  /** letters match either case (nocaseglob) */
  readonly nocase: boolean;
}

export type GlobExpansion =
  /** the existing paths the pattern names, written as the pattern is (relative stays relative); empty when none */
  | { readonly ok: true; readonly matches: readonly string[] }
  /** why the matches cannot be known: too many, or a folder that cannot be read */
  | { readonly ok: false; readonly problem: string };

const GLOB_CHARS = /[*?[]/;
const PLAIN_BRACE = /\{([\w.-]*(?:,[\w.-]*)+)\}/;

/** The words a word with plain brace lists stands for (`src/{a,b}.ts`), or undefined beyond the bound. */
export function expandBraces(word: string): string[] | undefined {
  let words = [word];
  for (;;) {
    const next: string[] = [];
    let expanded = false;
    for (const item of words) {
      const group = PLAIN_BRACE.exec(item);
      if (group === null) {
        next.push(item);
        continue;
      }
      expanded = true;
      const before = item.slice(0, group.index);
      const after = item.slice(group.index + group[0].length);
      for (const choice of (group[1] ?? '').split(',')) next.push(`${before}${choice}${after}`);
    }
    if (next.length > MAX_BRACE_WORDS) return undefined;
    words = next;
    if (!expanded) return words;
  }
}

/** Whether something (a link included, dangling or not) is at the path. */
function exists(absolute: string): boolean {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The tree a pattern is matched against: this machine's disk, or a port over it (the shell
 * analysis reads the workspace through one, so its tests can hand it a tree as data).
 */
export interface GlobTree {
  /** the names in a folder, or why it cannot be read; none when it is missing or a file, as bash finds none */
  entries(folder: string): readonly string[] | string;
  /** whether something (a link included) is at the path */
  exists(absolute: string): boolean;
}

/** The disk, as bash reads it when the command runs. */
const DISK: GlobTree = {
  entries(folder) {
    try {
      return readdirSync(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return [];
      return `folder '${folder}' cannot be read (${code ?? 'error'})`;
    }
  },
  exists,
};

interface Walk {
  folders: number;
  readonly options: GlobOptions;
  readonly tree: GlobTree;
}

/** The entries of one folder, or a problem: a bound passed, or a folder that cannot be read. */
function entriesOf(folder: string, walk: Walk): readonly string[] | string {
  walk.folders += 1;
  if (walk.folders > MAX_GLOB_FOLDERS) return `it reads more than ${MAX_GLOB_FOLDERS} folders`;
  return walk.tree.entries(folder);
}

interface PartialMatch {
  /** the match so far as the pattern writes it (relative stays relative) */
  readonly written: string;
  readonly absolute: string;
}

// a component's matcher depends on its text and the two options only; compiling one costs more
// than listing a small folder, and a line's globs are matched more than once (as its operands, and
// for names that may read as options), so compiled ones are kept; keyed by the options, then the text
const matchers = createBoundedMemo<(name: string) => boolean>(64 * 1024, () => 256);

/** The compiled matcher of one glob component under the walk's options. */
function matcherOf(component: string, options: GlobOptions): (name: string) => boolean {
  const key = `${options.dot ? 'd' : '-'}${options.nocase ? 'i' : '-'}${component}`;
  return matchers.get(key, () =>
    picomatch(component, {
      dot: options.dot,
      nocase: options.nocase,
      noextglob: true,
      nobrace: true,
      noglobstar: true,
    }),
  );
}

/** The entries of each partial match's folder that one glob component matches; a problem when the bounds are passed. */
function matchComponent(
  partial: readonly PartialMatch[],
  component: string,
  joiner: string,
  walk: Walk,
): PartialMatch[] | string {
  const matches = matcherOf(component, walk.options);
  const next: PartialMatch[] = [];
  for (const item of partial) {
    const entries = entriesOf(item.absolute, walk);
    if (typeof entries === 'string') return entries;
    // bash never matches '.' and '..' with a pattern (globskipdots); readdir lists neither
    for (const name of entries) {
      if (!matches(name)) continue;
      next.push({ written: `${item.written}${joiner}${name}`, absolute: path.join(item.absolute, name) });
      if (next.length > MAX_GLOB_MATCHES) return `it matches more than ${MAX_GLOB_MATCHES} paths`;
    }
  }
  return next;
}

/** One pattern (no braces) against the disk: each component with glob characters is matched against its folder's entries. */
function expandOne(pattern: string, base: string, walk: Walk, into: Set<string>): string | undefined {
  let partial: PartialMatch[] = [{ written: '', absolute: path.isAbsolute(pattern) ? '/' : base }];
  for (const [index, component] of pattern.split('/').entries()) {
    if (partial.length === 0) break;
    const joiner = index === 0 ? '' : '/';
    if (!GLOB_CHARS.test(component)) {
      partial = partial.map((item) => ({
        written: `${item.written}${joiner}${component}`,
        absolute: path.join(item.absolute, component),
      }));
      continue;
    }
    const next = matchComponent(partial, component, joiner, walk);
    if (typeof next === 'string') return next;
    partial = next;
  }
  // every match names an existing path: a literal component after a glob must exist
  for (const item of partial) {
    if (!walk.tree.exists(item.absolute)) continue;
    into.add(item.written);
    if (into.size > MAX_GLOB_MATCHES) return `it matches more than ${MAX_GLOB_MATCHES} paths`;
  }
  return undefined;
}

/**
 * Expands a glob operand against the disk as bash would when the command runs: `*`, `?` and
 * `[...]` per path component, a leading dot matched only by a leading dot (unless `dot`),
 * plain brace lists first. Bounded: too many matches or folders, or a folder that cannot be
 * read, make the expansion unknown. `base` is the folder relative patterns start from; `tree`
 * what they are matched against, the disk unless given.
 */
export function expandGlob(pattern: string, base: string, options: GlobOptions, tree: GlobTree = DISK): GlobExpansion {
  const words = expandBraces(pattern);
  if (words === undefined) return { ok: false, problem: `its braces stand for more than ${MAX_BRACE_WORDS} words` };
  const walk: Walk = { folders: 0, options, tree };
  const matches = new Set<string>();
  for (const word of words) {
    if (!GLOB_CHARS.test(word)) {
      // a brace choice without glob characters is a word of its own, matched or not
      matches.add(word);
      continue;
    }
    const problem = expandOne(word, base, walk, matches);
    if (problem !== undefined) return { ok: false, problem };
  }
  return { ok: true, matches: [...matches] };
}
