/**
 * Where the files of a git pathspec are (gitglossary(7), "pathspec"): a pathspec that starts
 * with a colon carries magic, in short form (`:/x`, `:!x`, `:^x`) or long form (`:(top,glob)x`).
 * The pattern after it names files below the folder git runs in, or below the repository's
 * top (`top`, `/`); an excluding one (`exclude`, `!`, `^`) names every other file; `attr`
 * names files by their attributes, anywhere; `glob` matches files below the folder its
 * pattern starts with. An excluding pathspec alone names every other file of the whole work
 * tree, from its top (git 2.39 checks out `src/b` for `cd src/a && git checkout REF -- ':!x'`).
 * The line alone does not say where the repository's top is: a place below it is read as the
 * folder git runs in, and marked `fromTop` for git's readers to read it again from the top
 * (gitFromTop.ts).
 */
export interface PathspecPlace {
  /** the file or folder, relative to the folder git runs in ('.' for all of it), or to the top when `fromTop` */
  readonly path: string;
  /** why the command may use more than the pattern names, for a possible write */
  readonly assumed?: string;
  /** the place is below the repository's top, not the folder git runs in */
  readonly fromTop?: true;
}

interface Magic {
  readonly words: readonly string[];
  readonly pattern: string;
}

// the short form's magic signature: `/` for top, `!` and `^` for exclude
const SHORT_MAGIC: Readonly<Record<string, string>> = { '/': 'top', '!': 'exclude', '^': 'exclude' };
const KNOWN_MAGIC: ReadonlySet<string> = new Set(['top', 'literal', 'icase', 'glob', 'attr', 'exclude']);
const GLOB_CHARACTERS = /[*?[]/;

/** A pathspec's magic words and pattern; undefined for one without magic (no leading colon). */
function readMagic(text: string): Magic | undefined {
  if (!text.startsWith(':')) return undefined;
  if (text.startsWith(':(')) {
    const close = text.indexOf(')');
    // an unclosed magic list: git refuses it, which takes nothing
    if (close === -1) return { words: [], pattern: text.slice(1) };
    const words = text
      .slice(2, close)
      .split(',')
      .map((word) => (word.split(':')[0] ?? '').trim().toLowerCase())
      .filter((word) => word !== '');
    return { words, pattern: text.slice(close + 1) };
  }
  const words: string[] = [];
  let at = 1;
  for (let magic = SHORT_MAGIC[text[at] ?? '']; magic !== undefined; magic = SHORT_MAGIC[text[at] ?? '']) {
    words.push(magic);
    at++;
  }
  // a colon ends the short magic signature (`:/:x`)
  if (text[at] === ':') at++;
  return { words, pattern: text.slice(at) };
}

/** The folder a glob pattern's matches are below: its components up to the first with a wildcard. */
function globFolder(pattern: string): string {
  const components = pattern.split('/');
  const first = components.findIndex((component) => GLOB_CHARACTERS.test(component));
  if (first === -1) return pattern;
  const folder = components.slice(0, first).join('/');
  return folder === '' ? '.' : folder;
}

/**
 * Where a pathspec's files are, or undefined for a pathspec without magic, which names its
 * files as written. `literal`: git was told to read every pathspec as written
 * (`git --literal-pathspecs`), so none has magic.
 */
export function pathspecPlace(text: string, literal: boolean): PathspecPlace | undefined {
  if (literal) return undefined;
  const magic = readMagic(text);
  if (magic === undefined) return undefined;
  const { words, pattern } = magic;
  if (words.includes('exclude'))
    return {
      path: '.',
      assumed: `the pathspec '${text}' leaves files out, so it names every other file`,
      fromTop: true,
    };
  if (words.includes('attr') || words.some((word) => !KNOWN_MAGIC.has(word)))
    return {
      path: '.',
      assumed: `the pathspec '${text}' names files by their attributes, anywhere in the work tree`,
      fromTop: true,
    };
  const path = pattern === '' ? '.' : pattern;
  const top = words.includes('top');
  if (words.includes('literal') || !GLOB_CHARACTERS.test(path)) return top ? { path, fromTop: true } : { path };
  const folder = globFolder(path);
  const assumed = `the pathspec '${text}' names the files its pattern matches below '${folder}'`;
  return top ? { path: folder, assumed, fromTop: true } : { path: folder, assumed };
}

/** Whether a word is a pathspec with magic git reads before any object name (`:(top)x`, `:!x`, `:^x`). */
export function hasPathspecMagic(text: string): boolean {
  return text.startsWith(':(') || text.startsWith(':!') || text.startsWith(':^');
}
