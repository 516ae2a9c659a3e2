import { MAX_PATH_LENGTH } from '../paths/analyzePath';
import { isFileUrl } from '../paths/fileUrlPath';
import { isBlankPath, pathForms } from '../paths/pathForms';
import { catalogTool, catalogToolNames, PATH_ARGUMENT_KEYS, PATH_LIST_ARGUMENT_KEYS } from './toolCatalog';

/** Seed 000's file-editing tools: a call to one of them must name the file it changes. */
export const FILE_EDITING_TOOLS: readonly string[] = Object.freeze(
  catalogToolNames((tool) => tool.requiresPath === true),
);

// Codex's apply_patch reads each marker line trimmed, so an indented header names a file too;
// every header's name may hold a lone '\r' ('s' flag), which some appliers keep in the name
const CODEX_HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): ?(.*)$/s;
const CODEX_MARKER = /^\*\*\* (?:Begin Patch|End Patch|End of File|(?:Add File|Update File|Delete File|Move to):)/;
// unified and context diffs name the old and new file ('--- a/x', '+++ b/x', '*** a/x'), a tab and a date may follow
const DIFF_FILE_HEADER = /^(?:\+\+\+|---|\*\*\*) (.+?)(?:\t.*)?$/s;
// a context diff's hunk header, '*** 1,5 ****', names no file
const CONTEXT_HUNK_HEADER = /^\*\*\* \d+(?:,\d+)? \*\*\*\*$/;
// 'Index: x', which patch reads when a diff names no file otherwise
const INDEX_HEADER = /^Index: (.+)$/s;
// git's header names both sides, 'diff --git a/x b/x'; its mode lines (old mode, new mode,
// new file mode, deleted file mode) change the files this header names
const GIT_DIFF_HEADER = /^diff --git (.+)$/s;
// git's rename and copy lines name a side in full, with no a/ or b/ prefix
const GIT_NAME_LINE = /^(?:rename|copy) (?:from|to) (.+)$/s;

export type PathArguments = { ok: true; paths: string[] } | { ok: false; problem: string };

function checkPath(key: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return `argument '${key}' must be a string path, got ${typeof value}`;
  if (value.length === 0) return `argument '${key}' is an empty path`;
  if (value.length > MAX_PATH_LENGTH) {
    return `argument '${key}' is ${value.length} characters long; paths are limited to ${MAX_PATH_LENGTH}`;
  }
  if (isBlankPath(value)) return `argument '${key}' is only whitespace, which names no file`;
  if (value.includes('\0')) return `argument '${key}' contains a NUL character`;
  return undefined;
}

const UTF8 = new TextEncoder();
const C_ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** A name git wrote in C quotes ('"a/caf\\303\\251.txt"'), or undefined when the text is not one. */
function unquoteGitName(text: string): string | undefined {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return undefined;
  const bytes: number[] = [];
  const body = text.slice(1, -1);
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index] as string;
    if (char === '"') return undefined;
    if (char !== '\\') {
      bytes.push(...UTF8.encode(char));
      continue;
    }
    const octal = /^[0-3][0-7]{2}/.exec(body.slice(index + 1, index + 4))?.[0];
    const escaped = C_ESCAPES[body[index + 1] ?? ''];
    if (octal !== undefined) {
      bytes.push(Number.parseInt(octal, 8));
      index += 3;
    } else if (escaped !== undefined) {
      bytes.push(escaped);
      index += 1;
    } else {
      return undefined;
    }
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

/** A header's name, unquoted when git quoted it. */
const headerName = (text: string): string => unquoteGitName(text) ?? text;

const stripFirstComponent = (name: string): string => name.slice(name.indexOf('/') + 1);

/**
 * The paths a diff's name stands for. 'a/' and 'b/' are git's side prefixes, so 'a/x' is 'x'.
 * Any other first folder is the file's own, unless the patch is applied as `git apply` and
 * `patch -p1` do, stripping it: both readings are named, so neither can slip past.
 */
function diffNamePaths(name: string): string[] {
  if (name === '/dev/null') return [];
  if (/^[ab]\//.test(name)) return [name.slice(2)];
  return name.includes('/') ? [name, stripFirstComponent(name)] : [name];
}

/**
 * The two names of a 'diff --git' header: quoted ones as written, bare ones split where both
 * sides name the same file once their first folders are stripped, as git splits them. When
 * the sides differ (a rename), git takes the names from the rename or ---/+++ lines instead.
 */
function gitHeaderNames(rest: string): string[] {
  const quoted = /^("(?:[^"\\]|\\.)*"|[^"\s]\S*) ("(?:[^"\\]|\\.)*"|[^"].*)$/.exec(rest);
  if (quoted && (rest.startsWith('"') || rest.endsWith('"')))
    return [headerName(quoted[1] as string), headerName(quoted[2] as string)];
  // two names longer than a path may be are refused whole by the path checks
  if (rest.length > 2 * MAX_PATH_LENGTH + 1) return [rest];
  const firstSlash = rest.indexOf('/');
  // the first '/' at or after each position, from a scan from the end: each split is then checked by lengths first
  const slashFrom = new Int32Array(rest.length + 1).fill(-1);
  for (let index = rest.length - 1; index >= 0; index -= 1)
    slashFrom[index] = rest[index] === '/' ? index : (slashFrom[index + 1] as number);
  const names: string[] = [];
  for (let space = rest.indexOf(' '); space !== -1; space = rest.indexOf(' ', space + 1)) {
    const firstName = firstSlash !== -1 && firstSlash < space ? firstSlash + 1 : 0;
    const slash = slashFrom[space + 1] as number;
    const secondName = slash === -1 ? space + 1 : slash + 1;
    if (space - firstName !== rest.length - secondName) continue;
    if (rest.slice(firstName, space) === rest.slice(secondName))
      names.push(rest.slice(0, space), rest.slice(space + 1));
  }
  return names;
}

/** The paths one line of a patch names. */
function linePaths(line: string): string[] {
  const trimmed = line.trim();
  const codex = CODEX_HEADER.exec(trimmed)?.[1]?.trim();
  if (codex !== undefined) return codex === '' ? [] : [codex];
  if (CODEX_MARKER.test(trimmed) || CONTEXT_HUNK_HEADER.test(line)) return [];
  const diffName = DIFF_FILE_HEADER.exec(line)?.[1] ?? INDEX_HEADER.exec(line)?.[1];
  if (diffName !== undefined) return diffNamePaths(headerName(diffName.trim()));
  const git = GIT_DIFF_HEADER.exec(line)?.[1];
  if (git !== undefined) return gitHeaderNames(git).flatMap(diffNamePaths);
  const named = GIT_NAME_LINE.exec(line)?.[1];
  return named === undefined ? [] : [headerName(named)];
}

/**
 * The file paths named inside an apply_patch body, in order of appearance: Codex's headers,
 * unified and context diff headers, and git's extended headers. A lone '\r' is read as a line
 * break as well as not, since appliers differ.
 */
export function patchFilePaths(patch: string): string[] {
  const lines = patch.split(/\r?\n/);
  const splitAtReturns = lines.filter((line) => line.includes('\r')).flatMap((line) => line.split('\r'));
  return [...lines, ...splitAtReturns].flatMap(linePaths);
}

/**
 * The path a resource URI argument names: a `file:` URI (as written or trimmed) is a path,
 * read by the path analysis like any other; any other scheme names none.
 */
function resourceFilePath(key: string, value: unknown): string | { ok: false; problem: string } | undefined {
  if (typeof value !== 'string')
    return { ok: false, problem: `argument '${key}' must be a string URI, got ${typeof value}` };
  if (!pathForms(value).some(isFileUrl)) return undefined;
  const problem = checkPath(key, value);
  return problem === undefined ? value : { ok: false, problem };
}

/**
 * Collects every path a tool call names. Path arguments of the wrong type, empty or only
 * whitespace, too long or with NUL characters make the whole call malformed: a path that
 * cannot be checked is never assumed to be harmless. A path with whitespace at either end is
 * named both as written and trimmed (pathForms), since some layer may trim it.
 */
export function extractPathArguments(tool: string, args: Readonly<Record<string, unknown>>): PathArguments {
  const paths: string[] = [];
  for (const key of PATH_ARGUMENT_KEYS) {
    // null is how JSON-schema catalogs (Roo's codebase_search) say an optional path is not given
    if (!Object.hasOwn(args, key) || args[key] === null) continue;
    const problem = checkPath(key, args[key]);
    if (problem) return { ok: false, problem };
    paths.push(args[key] as string);
  }
  for (const key of PATH_LIST_ARGUMENT_KEYS) {
    if (!Object.hasOwn(args, key)) continue;
    const list = args[key];
    if (!Array.isArray(list)) return { ok: false, problem: `argument '${key}' must be an array of paths` };
    for (const [index, value] of list.entries()) {
      const problem = checkPath(`${key}[${index}]`, value);
      if (problem) return { ok: false, problem };
      paths.push(value as string);
    }
  }
  const known = catalogTool(tool);
  // only a built-in tool's patch argument is read here; a host's own kinds reach safe mode only
  const patch = known?.kind.kind === 'file_write' ? known.kind.patch : undefined;
  if (patch !== undefined && Object.hasOwn(args, patch)) {
    const body = args[patch];
    if (typeof body !== 'string') return { ok: false, problem: `argument '${patch}' must be a string` };
    for (const named of patchFilePaths(body)) {
      const problem = checkPath(patch, named);
      if (problem) return { ok: false, problem };
      paths.push(named);
    }
  }
  const uri = known?.kind.kind === 'read' ? known.kind.uri : undefined;
  if (uri !== undefined && Object.hasOwn(args, uri) && args[uri] !== null) {
    const resource = resourceFilePath(uri, args[uri]);
    if (typeof resource === 'object') return resource;
    if (resource !== undefined) paths.push(resource);
  }
  if (paths.length === 0 && known?.requiresPath === true) {
    return { ok: false, problem: `${tool} names no file: a path argument is required` };
  }
  // most paths have one form, themselves: a list of forms is made only for one that has two
  let forms: string[] | undefined;
  for (let index = 0; index < paths.length; index += 1) {
    const written = paths[index] as string;
    const each = pathForms(written);
    if (forms === undefined && each.length === 1) continue;
    forms ??= paths.slice(0, index);
    forms.push(...each);
  }
  return { ok: true, paths: forms ?? paths };
}
