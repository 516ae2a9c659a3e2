/**
 * Codex's patch format, read as its `apply_patch` reads it (lenient mode): the text trimmed,
 * `*** Begin Patch` and `*** End Patch` around it (or a `<<'EOF'` ... `EOF` heredoc written into
 * the argument around those), then one hunk per file:
 *
 *   *** Add File: PATH        followed by lines starting with '+'
 *   *** Delete File: PATH
 *   *** Update File: PATH     optionally followed by `*** Move to: PATH`, then chunks of
 *                             ' ', '+', '-' lines, each after the first opened by `@@` or `@@ TEXT`
 *
 * A text apply_patch would refuse is refused here with its reason, so a line it would never
 * read as a file is never taken for one, and a file it would change is never missed.
 */

/** What a patch does to one file. */
export type PatchChange =
  | { readonly kind: 'add'; readonly path: string }
  | { readonly kind: 'delete'; readonly path: string }
  /** `moveTo`: the new contents are written there and `path` is removed */
  | { readonly kind: 'update'; readonly path: string; readonly moveTo?: string };

export type CodexPatch =
  { readonly ok: true; readonly changes: readonly PatchChange[] } | { readonly ok: false; readonly problem: string };

const BEGIN_PATCH = '*** Begin Patch';
const END_PATCH = '*** End Patch';
const ADD_FILE = '*** Add File: ';
const DELETE_FILE = '*** Delete File: ';
const UPDATE_FILE = '*** Update File: ';
const MOVE_TO = '*** Move to: ';
const END_OF_FILE = '*** End of File';
const CONTEXT = '@@ ';
const EMPTY_CONTEXT = '@@';
// the heredoc openers apply_patch strips when a model writes the heredoc into the argument itself
const HEREDOC_OPENERS: ReadonlySet<string> = new Set(['<<EOF', "<<'EOF'", '<<"EOF"']);

// Rust's `trim` removes Unicode White_Space, which JavaScript's `trim` does not match exactly
// (U+0085 is trimmed there, U+FEFF here): the patch is read as apply_patch trims it
const WHITESPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const EDGE_WHITESPACE = new RegExp(`^[${WHITESPACE}]+|[${WHITESPACE}]+$`, 'g');

const rustTrim = (text: string): string => text.replace(EDGE_WHITESPACE, '');

/** Rust's `lines`: split at '\n', a '\r' just before it dropped; a lone '\r' stays in its line. */
function rustLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** Why the lines are not one patch, or undefined: the first and last lines are its markers. */
function boundaryProblem(lines: readonly string[]): string | undefined {
  const first = lines[0] === undefined ? undefined : rustTrim(lines[0]);
  const last = lines.length < 2 ? undefined : rustTrim(lines[lines.length - 1] as string);
  if (first !== BEGIN_PATCH) return `its first line is not '${BEGIN_PATCH}'`;
  if (last !== END_PATCH) return `its last line is not '${END_PATCH}'`;
  return undefined;
}

/** The hunk lines between the markers, or why there are none; a heredoc written into the text is taken off first. */
function hunkLines(lines: readonly string[]): readonly string[] | string {
  const problem = boundaryProblem(lines);
  if (problem === undefined) return lines.slice(1, -1);
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (first === undefined || last === undefined || !HEREDOC_OPENERS.has(first) || !last.endsWith('EOF')) return problem;
  if (lines.length < 4) return problem;
  const inner = lines.slice(1, -1);
  return boundaryProblem(inner) ?? inner.slice(1, -1);
}

/** One chunk of an update from `start`: the lines it takes, or why it is not one. */
function chunkLength(lines: readonly string[], start: number, first: boolean): number | string {
  const opener = lines[start] as string;
  const opened = opener === EMPTY_CONTEXT || opener.startsWith(CONTEXT) ? 1 : 0;
  if (opened === 0 && !first) return `a chunk must start with '@@', got '${opener}'`;
  if (start + opened >= lines.length) return 'an update chunk holds no lines';
  let taken = 0;
  for (let index = start + opened; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (line === END_OF_FILE) {
      if (taken === 0) return 'an update chunk holds no lines';
      taken += 1;
      break;
    }
    if (line === '' || line.startsWith(' ') || line.startsWith('+') || line.startsWith('-')) {
      taken += 1;
      continue;
    }
    if (taken === 0) return `a chunk line must start with ' ', '+' or '-', got '${line}'`;
    break;
  }
  return opened + taken;
}

/** An update hunk from `start` (its header line): the change and the lines it takes, or why it is not one. */
function updateHunk(lines: readonly string[], start: number, path: string): [PatchChange, number] | string {
  let index = start + 1;
  const move = lines[index];
  const moveTo = move?.startsWith(MOVE_TO) === true ? move.slice(MOVE_TO.length) : undefined;
  if (moveTo !== undefined) index += 1;
  let chunks = 0;
  while (index < lines.length) {
    const line = lines[index] as string;
    if (rustTrim(line) === '') {
      index += 1;
      continue;
    }
    if (line.startsWith('*')) break;
    const taken = chunkLength(lines, index, chunks === 0);
    if (typeof taken === 'string') return `${taken} (line ${index + 2})`;
    chunks += 1;
    index += taken;
  }
  if (chunks === 0) return `the update of '${path}' changes nothing`;
  const change: PatchChange = moveTo === undefined ? { kind: 'update', path } : { kind: 'update', path, moveTo };
  return [change, index - start];
}

/** One hunk from `start`: the change and the lines it takes, or why it is not one. */
function hunk(lines: readonly string[], start: number): [PatchChange, number] | string {
  const header = rustTrim(lines[start] as string);
  if (header.startsWith(ADD_FILE)) {
    let index = start + 1;
    while (lines[index]?.startsWith('+') === true) index += 1;
    return [{ kind: 'add', path: header.slice(ADD_FILE.length) }, index - start];
  }
  if (header.startsWith(DELETE_FILE)) return [{ kind: 'delete', path: header.slice(DELETE_FILE.length) }, 1];
  if (header.startsWith(UPDATE_FILE)) return updateHunk(lines, start, header.slice(UPDATE_FILE.length));
  return `'${header}' is not a hunk header (line ${start + 2})`;
}

/**
 * The files a Codex patch changes, in order, or why apply_patch would refuse it.
 *
 * @example readCodexPatch('*** Begin Patch\n*** Delete File: a.txt\n*** End Patch')
 * // { ok: true, changes: [{ kind: 'delete', path: 'a.txt' }] }
 */
export function readCodexPatch(text: string): CodexPatch {
  const lines = hunkLines(rustLines(rustTrim(text)));
  if (typeof lines === 'string') return { ok: false, problem: lines };
  const changes: PatchChange[] = [];
  for (let index = 0; index < lines.length;) {
    const read = hunk(lines, index);
    if (typeof read === 'string') return { ok: false, problem: read };
    const [change, taken] = read;
    changes.push(change);
    index += taken;
  }
  return { ok: true, changes };
}
