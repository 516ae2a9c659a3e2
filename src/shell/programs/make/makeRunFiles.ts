import path from 'node:path';
import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import {
  admit,
  MAX_MAKEFILE_BYTES,
  readCode,
  requiredCode,
  unreadable,
  unseen,
  writtenByLine,
  type RunSite,
  type ScriptFile,
  type UnseenCode,
} from '../../runFiles/codeFiles';
import { makefileParts, makefileProblem, makeRecipeText } from './makefileRecipes';
import { placedRunReader, type RunFileReader } from '../../runFiles/runFileReader';
import { writeOver } from '../../runFiles/writtenCode';

// the names GNU make looks for, in its order
const MAKEFILE_NAMES = ['GNUmakefile', 'makefile', 'Makefile'];

/** Included makefiles are followed this many levels down. */
const MAX_INCLUDE_DEPTH = 4;

/** A Makefile's text as make reads it, its includes in their place, or why it cannot be read. */
type MakeText = { readonly kind: 'text'; readonly text: string; readonly label: string } | UnseenCode | undefined;

/** The makefile make reads: `-f FILE`, or the first of its default names in its folder; one the line writes cannot be read. */
function chooseMakefile(run: ShellScriptRun & { readonly path: string }, site: RunSite): MakeText {
  const { context, reading } = site;
  const candidates =
    run.file === undefined ? MAKEFILE_NAMES.map((name) => path.posix.join(run.path, name)) : [run.file];
  for (const candidate of candidates) {
    const where = context.analyze(candidate, context.base);
    const written = where.absolute === undefined ? reading.writes.unknown : writeOver(where.absolute, reading.writes);
    if (written !== undefined) return writtenByLine(where.relative ?? candidate, written);
  }
  for (const candidate of candidates) {
    const where = context.analyze(candidate, context.base);
    const code = readCode(where, MAX_MAKEFILE_BYTES, site.files);
    if (code.kind === 'absent' && run.file === undefined) continue;
    // a Makefile named by -f must be read; the default one is read when it can be
    const required = requiredCode(where.relative ?? candidate, code, run.file === undefined ? run.mustRead : 'always');
    if (required === undefined || required.kind === 'unseen') return required;
    return { kind: 'text', text: required.text, label: required.relative };
  }
  return undefined;
}

/**
 * The text of a Makefile with its included files in place, as make reads them from its folder
 * (`folder`, absolute): an include built at run time, outside the workspace, written by the line
 * or missing (unless `-include`) cannot be followed.
 */
function withIncludes(
  text: string,
  folder: string,
  site: RunSite,
  depth: number,
): { readonly text: string } | UnseenCode {
  const { context, reading } = site;
  const out: string[] = [];
  for (const part of makefileParts(text)) {
    if (part.kind === 'text') {
      out.push(part.text);
      continue;
    }
    const names = part.include.names;
    if (names === undefined)
      return unseen(
        'include',
        'the Makefile includes a file named only at run time: fail closed; include files by their names',
      );
    if (depth >= MAX_INCLUDE_DEPTH)
      return unseen(
        'include',
        `the Makefile includes files nested deeper than ${MAX_INCLUDE_DEPTH} levels: fail closed`,
      );
    for (const name of names) {
      const where = context.analyze(name, folder);
      const label = where.relative ?? name;
      const written = where.absolute === undefined ? reading.writes.unknown : writeOver(where.absolute, reading.writes);
      if (written !== undefined) return writtenByLine(label, written);
      const code = readCode(where, MAX_MAKEFILE_BYTES, site.files);
      if (code.kind === 'absent' && part.include.optional) continue;
      const required = requiredCode(label, code, 'always');
      if (required === undefined) continue;
      if (required.kind === 'unseen') return required;
      const included = withIncludes(required.text, folder, site, depth + 1);
      if ('kind' in included) return included;
      out.push(included.text);
    }
  }
  return { text: out.join('\n') };
}

/**
 * The recipes `make` runs (see makefileRecipes.ts): from the Makefile of its folder or the one
 * `-f` names, with its includes, the variables of its command line, and the settings that
 * decide how recipes run (SHELL, .SHELLFLAGS, MAKEFLAGS) checked first.
 */
function makeRunFile(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  const { context, reading } = site;
  const makefile = chooseMakefile(run, site);
  if (makefile === undefined || makefile.kind === 'unseen') return makefile;
  const folder = context.analyze(run.path, context.base).absolute;
  if (folder === undefined) return undefined;
  const key = `${folder}\u0000${makefile.label}\u0000make ${run.script ?? ''}\u0000${JSON.stringify(run.variables ?? [])}`;
  if (reading.seen.has(key)) return undefined;
  reading.seen.add(key);
  const whole = withIncludes(makefile.text, folder, site, 0);
  if ('kind' in whole) return whole;
  const problem = makefileProblem(whole.text, run.variables);
  if (problem !== undefined)
    return unseen(makefile.label, `${problem}: fail closed; run the recipe's commands directly instead`);
  const targets = (run.script ?? '').split(' ').filter((target) => target !== '');
  const text = makeRecipeText(whole.text, targets, { variables: run.variables, environment: site.environment });
  if (text === undefined) return undefined;
  if (!admit(reading, text))
    return run.file === undefined ? undefined : unreadable(makefile.label, 'one decision reads no more script text');
  const label = `${makefile.label} ${targets.length === 0 ? 'default target' : `target ${targets.join(' ')}`}`;
  return { kind: 'read', text, label, base: folder };
}

/** make's reader of the files it runs: the recipes of its Makefile. */
export const MAKE_RUN_FILES: RunFileReader = placedRunReader(makeRunFile);
