import { MAX_PATH_LENGTH } from '../paths/analyzePath';
import { pathForms } from '../paths/pathForms';

/**
 * How far the arguments of a tool with no known path arguments are walked. Past either bound
 * the call is refused: a path the walk did not reach cannot be assumed harmless.
 */
export const ARGUMENT_WALK_LIMITS = Object.freeze({
  /** objects and arrays inside one another, the arguments object being depth 0 */
  depth: 16,
  /** values visited (strings, numbers, objects, arrays, object keys below the top) */
  values: 10_000,
});

/** One string an argument holds, with where it is (`target`, `files[2].to`, `map{key}`). */
export interface ArgumentString {
  readonly where: string;
  readonly text: string;
}

export type ArgumentStrings =
  { readonly ok: true; readonly strings: readonly ArgumentString[] } | { readonly ok: false; readonly problem: string };

// a path's written forms: absolute (not a code comment's '// ' or '/*'), '~' or '~user', relative to
// here or above, a file: URI, Windows drives and shares, $HOME
const PATH_PREFIX =
  /^(?:\/(?!\/\s|\*)|~(?:[A-Za-z_][\w.-]*)?(?:[/\\]|$)|\.\.?(?:[/\\]|$)|file:|[A-Za-z]:[/\\]|\\\\|\$\{?HOME\b)/i;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * The text a string argument could name a path as, or undefined when it cannot be one: longer
 * than a path may be, or spanning lines (content, not a name). Whitespace at its ends is
 * trimmed for the test, as some layer may trim it; the forms are checked later.
 */
export function pathCandidate(text: string): string | undefined {
  if (text.length === 0 || text.length > MAX_PATH_LENGTH) return undefined;
  const forms = pathForms(text);
  const trimmed = forms[forms.length - 1] as string;
  if (trimmed === '' || LINE_BREAK.test(trimmed)) return undefined;
  return text;
}

/** True when the text is written the way only a path is: absolute, `~`, `./`, `../`, `file:`, a drive or share. */
export function hasPathPrefix(text: string): boolean {
  return pathForms(text).some((form) => PATH_PREFIX.test(form));
}

interface Walk {
  readonly strings: ArgumentString[];
  visited: number;
}

const tooMany = (where: string): ArgumentStrings => ({
  ok: false,
  problem:
    `arguments hold more than ${ARGUMENT_WALK_LIMITS.values} values (at '${where}'); a tool ` +
    `whose path arguments are not known has each of its values checked, so a call this large is refused`,
});

const tooDeep = (where: string): ArgumentStrings => ({
  ok: false,
  problem:
    `argument '${where}' nests deeper than ${ARGUMENT_WALK_LIMITS.depth} levels; a tool whose ` +
    `path arguments are not known has each of its values checked, so a call this deep is refused`,
});

function visit(value: unknown, where: string, depth: number, walk: Walk): ArgumentStrings | undefined {
  walk.visited += 1;
  if (walk.visited > ARGUMENT_WALK_LIMITS.values) return tooMany(where);
  if (typeof value === 'string') {
    walk.strings.push({ where, text: value });
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= ARGUMENT_WALK_LIMITS.depth) return tooDeep(where);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const stop = visit(value[index], `${where}[${index}]`, depth + 1, walk);
      if (stop) return stop;
    }
    return undefined;
  }
  for (const [key, inner] of Object.entries(value)) {
    // a nested object's keys may be names too: {"files": {"<path>": "<content>"}}
    const stop = visit(key, `${where}{${key}}`, depth + 1, walk) ?? visit(inner, `${where}.${key}`, depth + 1, walk);
    if (stop) return stop;
  }
  return undefined;
}

/**
 * Every string a call's arguments hold, at any depth, with where it is; the top-level keys in
 * `skip` (already read as path arguments) are left out. Bounded by ARGUMENT_WALK_LIMITS.
 * @example argumentStrings({ spec: { to: './x' } }, []).strings // [{ where: 'spec{to}', text: 'to' }, { where: 'spec.to', text: './x' }]
 */
export function argumentStrings(args: Readonly<Record<string, unknown>>, skip: readonly string[]): ArgumentStrings {
  const walk: Walk = { strings: [], visited: 0 };
  for (const [key, value] of Object.entries(args)) {
    if (skip.includes(key)) continue;
    const stop = visit(value, key, 1, walk);
    if (stop) return stop;
  }
  return { ok: true, strings: walk.strings };
}
