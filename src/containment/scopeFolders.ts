import { MAX_SCOPE_GLOB_EXPANSIONS } from '../intents/scopeGlob';

/**
 * The part of a scope glob that names a fixed place: the path before its first name with a
 * glob character, and whether the glob is a plain path (it then covers itself and below).
 */
export interface ScopeCover {
  /** the scope entry as the intent writes it */
  readonly glob: string;
  /** workspace-relative, '/'-separated, '' for the workspace root */
  readonly path: string;
  /** true when the entry is a plain path with no glob character, so `path` may be a file */
  readonly plain: boolean;
}

const GLOB_NAME = /[*?[\]]/;

/** Expands the first `{a,b}` list of a text, recursively, bounded as the scope's loader bounds it. */
function expandBraces(text: string, budget: { left: number }): string[] {
  const open = text.indexOf('{');
  if (open === -1) return [text];
  let depth = 0;
  let close = -1;
  const commas: number[] = [];
  for (let index = open; index < text.length && close === -1; index += 1) {
    const char = text[index];
    if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === ',' && depth === 1) commas.push(index);
    if (depth === 0) close = index;
  }
  // an unmatched brace is a literal character to the glob language: read no list
  if (close === -1) return [text];
  const bounds = [open, ...commas, close];
  const results: string[] = [];
  for (let part = 0; part + 1 < bounds.length; part += 1) {
    const alternative = text.slice((bounds[part] ?? 0) + 1, bounds[part + 1]);
    for (const expanded of expandBraces(`${text.slice(0, open)}${alternative}${text.slice(close + 1)}`, budget)) {
      budget.left -= 1;
      if (budget.left < 0) return [];
      results.push(expanded);
    }
  }
  return results;
}

/** The literal folder prefix of one brace-free glob. */
function coverOf(glob: string, expanded: string): ScopeCover {
  const names = expanded.split('/').filter((name) => name !== '' && name !== '.');
  const firstGlob = names.findIndex((name) => GLOB_NAME.test(name));
  if (firstGlob === -1) return { glob, path: names.join('/'), plain: true };
  return { glob, path: names.slice(0, firstGlob).join('/'), plain: false };
}

/**
 * The smallest places that cover one scope entry: `src/**\/*.ts` is covered by `src`, `{src,lib}/**`
 * by `src` and `lib`, `**` by the workspace root. The decision still checks each path against the
 * glob itself; the kernel can only bind whole folders (or one named file).
 *
 * @example
 * scopeCovers('src/**\/*.ts') // [{ glob: 'src/**\/*.ts', path: 'src', plain: false }]
 */
export function scopeCovers(glob: string): ScopeCover[] {
  const written = glob.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  // 'dir/' means everything below dir, as the scope's own reading says
  const normalized = written.endsWith('/') ? `${written}**` : written;
  const budget = { left: MAX_SCOPE_GLOB_EXPANSIONS };
  const expansions = expandBraces(normalized, budget);
  // past the bound the list is not read: the whole entry falls back to its brace-free prefix
  const texts = budget.left < 0 ? [normalized.slice(0, normalized.indexOf('{')) + '*'] : expansions;
  return texts.map((text) => coverOf(glob, text));
}
