import { MAX_PATH_LENGTH } from '../paths/analyzePath';
import { includeGlobPaths } from '../paths/includeGlobPaths';
import { isBlankPath, pathForms } from '../paths/pathForms';
import { INCLUDE_GLOB_ARGUMENT_KEYS, SEARCH_FOLDER_ARGUMENT_KEYS } from './toolCatalog';

export type IncludeGlobArguments =
  /** the paths the call's include globs are judged by, read-only: only .intentignore applies to them */
  { readonly ok: true; readonly paths: readonly string[] } | { readonly ok: false; readonly problem: string };

const NONE: IncludeGlobArguments = Object.freeze({ ok: true, paths: Object.freeze([]) });

/** The globs one argument holds: a text, or the texts of a list; any other value holds none, and the tool refuses it itself. */
function globsOf(value: unknown): readonly string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The forms of the folder the search reads its globs below: '' for the workspace when no argument names one. */
function searchFolderForms(args: Readonly<Record<string, unknown>>): readonly string[] {
  for (const key of SEARCH_FOLDER_ARGUMENT_KEYS) {
    const value = Object.hasOwn(args, key) ? args[key] : undefined;
    if (typeof value === 'string' && !isBlankPath(value)) return pathForms(value);
  }
  return [''];
}

/**
 * The paths a search call's include globs are judged by against .intentignore (see
 * includeGlobPaths), read from the folder it searches. A glob too long to be a path, holding a
 * NUL, or standing for too many alternatives makes the call malformed: it cannot be checked.
 */
export function includeGlobArguments(args: Readonly<Record<string, unknown>>): IncludeGlobArguments {
  let paths: string[] | undefined;
  let folders: readonly string[] | undefined;
  for (const key of INCLUDE_GLOB_ARGUMENT_KEYS) {
    if (!Object.hasOwn(args, key)) continue;
    for (const glob of globsOf(args[key])) {
      if (isBlankPath(glob)) continue;
      if (glob.length > MAX_PATH_LENGTH)
        return {
          ok: false,
          problem: `argument '${key}' holds a glob ${glob.length} characters long; globs are limited to ${MAX_PATH_LENGTH}`,
        };
      if (glob.includes('\0')) return { ok: false, problem: `argument '${key}' holds a glob with a NUL character` };
      folders ??= searchFolderForms(args);
      for (const folder of folders) {
        const read = includeGlobPaths(glob, folder);
        if (!read.ok) return { ok: false, problem: `argument '${key}': ${read.problem}` };
        (paths ??= []).push(...read.paths);
      }
    }
  }
  return paths === undefined ? NONE : { ok: true, paths };
}
