import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { PathAnalyzer } from '../paths/pathAnalyzer';
import { relativeInside } from '../paths/pathAnalyzer';
import { pathForms } from '../paths/pathForms';
import { argumentStrings, hasPathPrefix, pathCandidate } from './argumentStrings';

/** What telling a path from other text needs to know of the workspace. */
export interface ArgumentPathFacts {
  readonly workspaceRoot: string;
  readonly analyze: PathAnalyzer;
  isProtectedPath(relativePath: string): boolean;
}

export type ArgumentPaths =
  { readonly ok: true; readonly paths: readonly string[] } | { readonly ok: false; readonly problem: string };

function existsInWorkspace(root: string, relative: string): boolean {
  // lstat: a dangling link is a name the tool can still act on
  return lstatSync(path.join(root, relative), { throwIfNoEntry: false }) !== undefined;
}

/**
 * True when a text written without a path's prefix names a place in the workspace: one of
 * intentgate's control files (present or not), an entry that exists, or a new entry below a
 * top folder that exists. A word that names nothing there (`force`, `hello world`) is not a path.
 */
function namesWorkspaceEntry(text: string, facts: ArgumentPathFacts): boolean {
  const relative = relativeInside(facts.analyze(text));
  if (relative === undefined || relative === '') return false;
  if (facts.isProtectedPath(relative)) return true;
  if (existsInWorkspace(facts.workspaceRoot, relative)) return true;
  const slash = relative.indexOf('/');
  return slash > 0 && existsInWorkspace(facts.workspaceRoot, relative.slice(0, slash));
}

/**
 * The paths named by the string arguments of a DESTRUCTIVE tool whose path arguments are not
 * known, whatever the arguments are called and however deep they sit: a text written as a
 * path (absolute, `~`, `./`, `../`, `file:`) or one that names a workspace entry. A NUL in
 * such a text, or arguments past the walk's bounds, make the call malformed.
 * @example argumentPaths({ target: '.orchestration/active_intents.yaml' }, [], facts) // { ok: true, paths: ['.orchestration/active_intents.yaml'] }
 */
export function argumentPaths(
  args: Readonly<Record<string, unknown>>,
  skip: readonly string[],
  facts: ArgumentPathFacts,
): ArgumentPaths {
  const walked = argumentStrings(args, skip);
  if (!walked.ok) return walked;
  const paths: string[] = [];
  for (const { where, text } of walked.strings) {
    const nul = text.indexOf('\0');
    // a C-level API stops at the NUL: the text before it is what such a tool would act on
    const named = pathCandidate(nul === -1 ? text : text.slice(0, nul));
    if (named === undefined) continue;
    if (!hasPathPrefix(named) && !pathForms(named).some((form) => namesWorkspaceEntry(form, facts))) continue;
    if (nul !== -1) return { ok: false, problem: `argument '${where}' names a path with a NUL character` };
    paths.push(named);
  }
  return { ok: true, paths };
}
