/**
 * The `owned_scope` glob language, read into segments and matched without backtracking.
 *
 * A regular-expression glob engine backtracks: `docs/*-*-*.md` against one 4,000-character
 * file name takes seconds, and the path is the agent's to choose. Here a glob is split at '/'
 * into segments; `**` matches whole path names and `*` characters within one name, each with
 * the greedy two-pointer algorithm, which resumes after the last star instead of trying every
 * split. A `{a,b}` list inside one name stays one segment with two alternatives, so it adds
 * to the glob's size instead of multiplying it. A match takes at most (path length) x (glob
 * size) steps, and the size is bounded when the intents are loaded (MAX_SCOPE_GLOB_SIZE).
 */

/**
 * Largest scope entry: its characters once its braces are read (each alternative counted,
 * and a list that spans folders, as in '{src,lib/x}', counted once per glob it stands for).
 */
export const MAX_SCOPE_GLOB_SIZE = 256;

/** Most alternatives one brace list may stand for, nested lists multiplied out. */
export const MAX_SCOPE_GLOB_EXPANSIONS = 64;

/** Longest path that can be in scope: the longest path argument a call may name. */
export const MAX_SCOPED_PATH_LENGTH = 4096;

// a pattern segment's tests, one number each: a UTF-16 code unit, or one of these
const ANY = -1;
const STAR = -2;
const FIRST_CLASS = -3;
const DOT = '.'.charCodeAt(0);

/** '[...]': one code unit in (or, negated, not in) the ranges, kept as [low, high, low, high, ...]. */
interface CharClass {
  readonly negated: boolean;
  readonly ranges: readonly number[];
}

/** A segment matching any one name: '*'. */
const ANY_NAME: Segment = { kind: 'name', names: new Set(), patterns: [{ tests: Int32Array.of(STAR), classes: [] }] };

/** A pattern for one name: code units, ANY ('?'), STAR ('*', a run of them is one) and FIRST_CLASS - k for classes[k]. */
interface NamePattern {
  readonly tests: Int32Array;
  readonly classes: readonly CharClass[];
}

/** One '/'-separated part of a glob. */
type Segment =
  /** '**' alone: any number of whole names, none included */
  | { readonly kind: 'globstar' }
  /** one name: any of the plain names, or one matching any of the patterns */
  | { readonly kind: 'name'; readonly names: ReadonlySet<string>; readonly patterns: readonly NamePattern[] };

/** A glob with its braces expanded, read into segments. */
export type CompiledGlob = readonly Segment[];

// picomatch syntax that scope does not read: each would match something other than what a
// plain reading of the glob says, so it is refused at load rather than read differently
const UNSUPPORTED: ReadonlyArray<{ readonly pattern: RegExp; readonly problem: string }> = [
  { pattern: /^!/, problem: "a leading '!' (negation) is not supported: list the paths the intent owns" },
  {
    pattern: /[?*+@!]\(/,
    problem:
      "extended globs ('@(a|b)', '!(x)', '+(x)', '*(x)', '?(x)') are not supported: use '{a,b}', or '[(]' for a literal '('",
  },
  {
    pattern: /\[!/,
    problem:
      "'[!...]' is read as a list of characters by some glob tools and as 'not' by others: write '[^...]' for 'not'",
  },
  {
    pattern: /\[\[?:[a-z]+:\]/,
    problem: "POSIX character classes ('[[:alpha:]]') are not supported: use a range such as '[a-z]'",
  },
  {
    pattern: /\{[^{},]*\.\.[^{},]*\}/,
    problem: "brace ranges ('{1..3}') are not supported: list the values, as in '{1,2,3}'",
  },
];

/**
 * Turns one scope glob into the globs it stands for: './' is dropped, '\' is a separator,
 * 'dir/' means everything below dir, and a plain path with no glob characters covers
 * itself and everything below it, as a .gitignore entry would; '.' is the whole workspace.
 */
export function expandScopeGlob(glob: string): string[] {
  const normalized = glob.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  // '.' (or './') is the workspace root, a plain path: itself and everything below it
  if (normalized === '' || normalized === '.') return ['**'];
  if (normalized.endsWith('/')) return [`${normalized}**`];
  if (!isGlob(normalized)) return [normalized, `${normalized}/**`];
  return [normalized];
}

export type ScopeGlobReading =
  { readonly ok: true; readonly globs: readonly CompiledGlob[] } | { readonly ok: false; readonly problem: string };

/** Reads one scope entry into the compiled globs it stands for, or says why it cannot be used. */
export function readScopeGlob(glob: string): ScopeGlobReading {
  const tooLarge = `a scope glob is limited to ${MAX_SCOPE_GLOB_SIZE} characters, each alternative of a {a,b} list counted`;
  if (glob.length > MAX_SCOPE_GLOB_SIZE) return { ok: false, problem: `${tooLarge}; this one has ${glob.length}` };
  const normalized = glob.replace(/\\/g, '/');
  const unsupported = UNSUPPORTED.find(({ pattern }) => pattern.test(normalized));
  if (unsupported) return { ok: false, problem: unsupported.problem };
  const globs: CompiledGlob[] = [];
  let size = 0;
  for (const [index, text] of expandScopeGlob(glob).entries()) {
    const spanning = expandBraces(text, MAX_SCOPE_GLOB_EXPANSIONS, SPANS_FOLDERS);
    if (spanning === undefined) return { ok: false, problem: TOO_MANY_ALTERNATIVES };
    for (const one of spanning) {
      const compiled = compileGlob(one);
      if (compiled === undefined) return { ok: false, problem: TOO_MANY_ALTERNATIVES };
      globs.push(compiled.glob);
      // a plain path also stands for 'path/**': only what was written counts against the limit
      if (index === 0) size += compiled.size;
      if (size > MAX_SCOPE_GLOB_SIZE)
        return { ok: false, problem: `${tooLarge}; this one has more than ${MAX_SCOPE_GLOB_SIZE}` };
    }
  }
  return { ok: true, globs };
}

const TOO_MANY_ALTERNATIVES = `a {a,b} list in a scope glob may stand for at most ${MAX_SCOPE_GLOB_EXPANSIONS} alternatives`;

/** Why a scope glob cannot be used, or undefined when it can; the intents are refused on one. */
export function scopeGlobProblem(glob: string): string | undefined {
  const read = readScopeGlob(glob);
  return read.ok ? undefined : read.problem;
}

/** A path split into its names once, for any number of globs. */
export type ScopedPath = readonly string[];

/**
 * A workspace-relative path read for matching, or undefined when scope never covers it:
 * empty, over MAX_SCOPED_PATH_LENGTH, or with an empty, '.' or '..' name.
 */
export function scopedPath(relativePath: string): ScopedPath | undefined {
  if (relativePath === '' || relativePath.length > MAX_SCOPED_PATH_LENGTH) return undefined;
  const names = relativePath.split('/');
  for (const name of names) if (name === '' || name === '.' || name === '..') return undefined;
  return names;
}

/** True when a compiled glob matches a path's names. */
export function globMatches(glob: CompiledGlob, names: ScopedPath): boolean {
  // the greedy algorithm one level up: '**' is the star, and any other segment matches one name
  let g = 0;
  let n = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (n < names.length) {
    const segment = glob[g];
    if (segment?.kind === 'globstar') {
      starAt = g;
      resumeAt = n;
      g += 1;
    } else if (segment !== undefined && segmentMatches(segment, names[n] as string)) {
      g += 1;
      n += 1;
    } else if (starAt !== -1) {
      g = starAt + 1;
      resumeAt += 1;
      n = resumeAt;
    } else {
      return false;
    }
  }
  while (glob[g]?.kind === 'globstar') g += 1;
  return g === glob.length;
}

// ---- reading -------------------------------------------------------------------------------

/** True when the text has a wildcard, a character class or a brace list: a pattern, not a plain path. */
function isGlob(text: string): boolean {
  if (/[*?]/.test(text)) return true;
  if (text.split('/').some((segment) => namePattern(segment) !== undefined)) return true;
  return expandBraces(text, 1, ANY_GROUP) === undefined;
}

/** The index of the '}' closing the '{' at `open`, if the group has a ',' at its own level. */
function braceGroupEnd(text: string, open: number): number | undefined {
  let depth = 0;
  let comma = false;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index];
    if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return comma ? index : undefined;
    } else if (char === ',' && depth === 1) comma = true;
  }
  return undefined;
}

/** The alternatives of a brace group's inside, split at its own top-level commas. */
function braceAlternatives(inside: string): string[] {
  const alternatives: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < inside.length; index += 1) {
    const char = inside[index];
    if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === ',' && depth === 0) {
      alternatives.push(inside.slice(start, index));
      start = index + 1;
    }
  }
  alternatives.push(inside.slice(start));
  return alternatives;
}

const ANY_GROUP = (): boolean => true;
// a list with a '/' or a '**' in it stands for whole globs; any other stays inside its segment
const SPANS_FOLDERS = (inside: string): boolean => inside.includes('/') || inside.includes('**');

/**
 * Expands the `{a,b}` lists that `expands` selects, nested ones too, as a shell would; a '{'
 * with no ',' of its own or no closing '}' is a plain character. Undefined when there would be
 * more than `limit` results.
 */
function expandBraces(
  text: string,
  limit: number,
  expands: (inside: string) => boolean,
  from = 0,
): string[] | undefined {
  for (let open = text.indexOf('{', from); open !== -1; open = text.indexOf('{', open + 1)) {
    const close = braceGroupEnd(text, open);
    if (close === undefined || !expands(text.slice(open + 1, close))) continue;
    const before = text.slice(0, open);
    const after = text.slice(close + 1);
    const results: string[] = [];
    for (const alternative of braceAlternatives(text.slice(open + 1, close))) {
      // no group starts before `open`, and an alternative's braces are balanced, so the search goes on from there
      const expanded = expandBraces(`${before}${alternative}${after}`, limit - results.length, expands, open);
      if (expanded === undefined) return undefined;
      results.push(...expanded);
    }
    return results;
  }
  return limit >= 1 ? [text] : undefined;
}

/** The '[...]' class opening at `open`, and the index after it; undefined when it is not closed. */
function readClass(segment: string, open: number): { readonly found: CharClass; readonly next: number } | undefined {
  let index = open + 1;
  const negated = segment[index] === '!' || segment[index] === '^';
  if (negated) index += 1;
  const first = index;
  const ranges: number[] = [];
  for (; index < segment.length; index += 1) {
    const code = segment.charCodeAt(index);
    // a ']' first in the class is one of its characters, as in '[]a]'
    if (segment[index] === ']' && index > first) return { found: { negated, ranges }, next: index + 1 };
    if (segment[index + 1] === '-' && index + 2 < segment.length && segment[index + 2] !== ']') {
      ranges.push(code, segment.charCodeAt(index + 2));
      index += 2;
    } else {
      ranges.push(code, code);
    }
  }
  return undefined;
}

/** The pattern a name glob stands for, or undefined when it has no wildcard or class: a plain name. */
function namePattern(text: string): NamePattern | undefined {
  const tests: number[] = [];
  const classes: CharClass[] = [];
  for (let index = 0; index < text.length;) {
    const char = text[index];
    if (char === '*') {
      // '**' inside a name is one star: only a whole '**' segment crosses folders
      if (tests[tests.length - 1] === STAR) {
        index += 1;
        continue;
      }
      // '*.*' is a name with an extension, not one ending in a dot: a star right after a '.'
      // takes at least one character, as scope globs have always been read
      if (tests[tests.length - 1] === DOT) tests.push(ANY);
      tests.push(STAR);
      index += 1;
    } else if (char === '?') {
      tests.push(ANY);
      index += 1;
    } else {
      const read = char === '[' ? readClass(text, index) : undefined;
      if (read === undefined) {
        tests.push(text.charCodeAt(index));
        index += 1;
      } else {
        tests.push(FIRST_CLASS - classes.length);
        classes.push(read.found);
        index = read.next;
      }
    }
  }
  return tests.every((test) => test >= 0) ? undefined : { tests: Int32Array.from(tests), classes };
}

/** One segment with its in-name lists read as alternatives, and its size; undefined when a list has too many. */
function compileSegment(text: string): { readonly segment: Segment; readonly size: number } | undefined {
  if (text === '**') return { segment: { kind: 'globstar' }, size: 2 };
  const alternatives = expandBraces(text, MAX_SCOPE_GLOB_EXPANSIONS, ANY_GROUP);
  if (alternatives === undefined) return undefined;
  const names = new Set<string>();
  const patterns: NamePattern[] = [];
  for (const alternative of alternatives) {
    const pattern = namePattern(alternative);
    if (pattern === undefined) names.add(alternative);
    else patterns.push(pattern);
  }
  const size = alternatives.reduce((sum, alternative) => sum + Math.max(1, alternative.length), 0);
  return { segment: { kind: 'name', names, patterns }, size };
}

/** A glob whose lists stay within names, read into segments, with its size (a '/' counted per segment). */
function compileGlob(glob: string): { readonly glob: CompiledGlob; readonly size: number } | undefined {
  const segments: Segment[] = [];
  let size = 0;
  for (const text of glob.split('/')) {
    const compiled = compileSegment(text);
    if (compiled === undefined) return undefined;
    size += compiled.size + 1;
    // 'a/**/**/b' is 'a/**/b': one globstar already matches any number of names
    if (compiled.segment.kind !== 'globstar' || segments[segments.length - 1]?.kind !== 'globstar')
      segments.push(compiled.segment);
  }
  const last = segments.length - 1;
  const before = segments[last - 1];
  // a final '**' covers the name before it only when that name is written out: 'src/auth/**'
  // covers 'src/auth', but 'src/*/**' (and 'src/*/') covers what is inside the folders of src,
  // not every file directly in src
  if (segments[last]?.kind === 'globstar' && before?.kind === 'name' && before.patterns.length > 0)
    segments.splice(last, 0, ANY_NAME);
  return { glob: segments, size: size - 1 };
}

// ---- matching ------------------------------------------------------------------------------

function classAccepts(found: CharClass, code: number): boolean {
  const { ranges } = found;
  for (let index = 0; index < ranges.length; index += 2) {
    if ((ranges[index] as number) <= code && code <= (ranges[index + 1] as number)) return !found.negated;
  }
  return found.negated;
}

function testAccepts(test: number, classes: readonly CharClass[], code: number): boolean {
  if (test >= 0) return test === code;
  if (test === ANY) return true;
  return classAccepts(classes[FIRST_CLASS - test] as CharClass, code);
}

/**
 * Greedy wildcard matching of one name: on a mismatch, go back to the last star and let it
 * take one more character. A star never needs to give back what an earlier star took, so one
 * resume point is enough: at most (name length) x (pattern length) steps, never exponential.
 */
function patternMatches({ tests, classes }: NamePattern, name: string): boolean {
  let t = 0;
  let c = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (c < name.length) {
    const test = t < tests.length ? (tests[t] as number) : undefined;
    if (test === STAR) {
      starAt = t;
      resumeAt = c;
      t += 1;
    } else if (test !== undefined && testAccepts(test, classes, name.charCodeAt(c))) {
      t += 1;
      c += 1;
    } else if (starAt !== -1) {
      t = starAt + 1;
      resumeAt += 1;
      c = resumeAt;
    } else {
      return false;
    }
  }
  while (t < tests.length && tests[t] === STAR) t += 1;
  return t === tests.length;
}

function segmentMatches(segment: Segment, name: string): boolean {
  if (segment.kind === 'globstar') return true;
  return segment.names.has(name) || segment.patterns.some((pattern) => patternMatches(pattern, name));
}
