import path from 'node:path';

/** Alternatives one include glob may stand for (`{a,b}{c,d}` is four, with its words); beyond this it cannot be judged. */
export const MAX_INCLUDE_ALTERNATIVES = 64;

export type IncludeGlobPaths =
  /** the paths the glob is judged by, each a glob's text read as a path */
  { readonly ok: true; readonly paths: readonly string[] } | { readonly ok: false; readonly problem: string };

// the first brace group holding no other brace: the innermost are expanded first
const BRACE_GROUP = /\{([^{}]*)\}/;

/** The globs a glob's brace lists stand for, or undefined beyond the bound. */
function expandBraceLists(glob: string): string[] | undefined {
  let globs = [glob];
  for (;;) {
    let expanded = false;
    const next: string[] = [];
    for (const item of globs) {
      const group = BRACE_GROUP.exec(item);
      // a group with no comma is matched literally by rg's globs, so it is left as written
      if (group === null || !(group[1] as string).includes(',')) {
        next.push(item);
        continue;
      }
      expanded = true;
      const before = item.slice(0, group.index);
      const after = item.slice(group.index + group[0].length);
      for (const choice of (group[1] as string).split(',')) next.push(`${before}${choice}${after}`);
    }
    if (next.length > MAX_INCLUDE_ALTERNATIVES) return undefined;
    globs = next;
    if (!expanded) return globs;
  }
}

/** The words of a glob split at whitespace, and at commas outside braces, as Claude Code's Grep splits its `glob`. */
function splitGlobList(glob: string): string[] {
  const words: string[] = [];
  for (const word of glob.split(/\s+/)) {
    if (word === '') continue;
    if (word.includes('{') && word.includes('}')) words.push(word);
    else words.push(...word.split(',').filter((part) => part !== ''));
  }
  return words;
}

/**
 * Where one alternative of an include glob is read from. Ripgrep matches a glob with a '/' from
 * the search folder or, in some releases, from the folder the tool runs in, and one without a
 * '/' at any depth below it; read_many_files reads its globs from the workspace: each reading is
 * named, so none can slip past.
 */
function readings(glob: string, folder: string): string[] {
  const anchored = glob.startsWith('/') ? glob.replace(/^\/+/, '') : glob;
  const found = [glob, anchored];
  if (folder !== '' && !glob.startsWith('/')) found.push(path.posix.join(folder, glob));
  if (folder !== '') found.push(path.posix.join(folder, anchored));
  if (!anchored.includes('/')) {
    found.push(`**/${anchored}`);
    if (folder !== '') found.push(path.posix.join(folder, '**', anchored));
  }
  return found.filter((each) => each !== '');
}

const tooMany = (glob: string): IncludeGlobPaths => ({
  ok: false,
  problem: `the glob '${glob}' stands for more than ${MAX_INCLUDE_ALTERNATIVES} alternatives`,
});

/**
 * The paths a search's include glob is judged by against .intentignore: each
 * alternative it stands for (the whole text, its words, its brace lists expanded), read from the
 * search folder (`folder`, '' for the workspace) as the tools read it, as a path whose text is
 * the glob's. A glob whose fixed folders are ignored (`secrets/**`), or whose every match is
 * (`*.env` under a `*.env` rule), names an ignored path this way; one that may match other files
 * too (`**\/*`) names none, and what the search finds is not filtered. An exclusion (`!x`)
 * reaches no file and names nothing.
 */
export function includeGlobPaths(glob: string, folder: string): IncludeGlobPaths {
  const alternatives = new Set<string>();
  for (const word of [glob.trim(), ...splitGlobList(glob)]) {
    if (word === '' || word.startsWith('!')) continue;
    const expanded = expandBraceLists(word);
    if (expanded === undefined) return tooMany(glob);
    alternatives.add(word);
    for (const each of expanded) alternatives.add(each);
    if (alternatives.size > MAX_INCLUDE_ALTERNATIVES) return tooMany(glob);
  }
  return { ok: true, paths: [...new Set([...alternatives].flatMap((each) => readings(each, folder)))] };
}
