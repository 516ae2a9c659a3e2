import { MAX_PATH_LENGTH } from '../paths/analyzePath';
import { catalogTool, catalogToolNames, PATH_ARGUMENT_KEYS, PATH_LIST_ARGUMENT_KEYS } from './toolCatalog';

/** Seed 000's file-editing tools: a call to one of them must name the file it changes. */
export const FILE_EDITING_TOOLS: readonly string[] = Object.freeze(catalogToolNames((tool) => tool.requiresPath === true));

// apply_patch bodies name their files in headers: Codex's '*** Add File: x' form and unified diffs
const PATCH_FILE_HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/;
const UNIFIED_DIFF_HEADER = /^(?:\+\+\+|---) (.+?)(?:\t.*)?$/;

export type PathArguments = { ok: true; paths: string[] } | { ok: false; problem: string };

function checkPath(key: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return `argument '${key}' must be a string path, got ${typeof value}`;
  if (value.length === 0) return `argument '${key}' is an empty path`;
  if (value.length > MAX_PATH_LENGTH) {
    return `argument '${key}' is ${value.length} characters long; paths are limited to ${MAX_PATH_LENGTH}`;
  }
  if (value.includes('\0')) return `argument '${key}' contains a NUL character`;
  return undefined;
}

/** The file paths named inside an apply_patch body, in order of appearance. */
export function patchFilePaths(patch: string): string[] {
  const paths: string[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const codex = PATCH_FILE_HEADER.exec(line)?.[1]?.trim();
    if (codex) {
      paths.push(codex);
      continue;
    }
    const unified = UNIFIED_DIFF_HEADER.exec(line)?.[1]?.trim();
    // unified diffs name files as git does: 'a/' and 'b/' prefixes stand for the two sides
    if (unified && unified !== '/dev/null') paths.push(unified.replace(/^[ab]\//, ''));
  }
  return paths;
}

/**
 * Collects every path a tool call names. Path arguments of the wrong type, empty, too long
 * or with NUL characters make the whole call malformed: a path that cannot be checked is
 * never assumed to be harmless.
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
  if (paths.length === 0 && known?.requiresPath === true) {
    return { ok: false, problem: `${tool} names no file: a path argument is required` };
  }
  return { ok: true, paths };
}
