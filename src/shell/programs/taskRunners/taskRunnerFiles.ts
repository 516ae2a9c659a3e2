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
import { placedRunReader, type RunFileReader } from '../../runFiles/runFileReader';
import { justRecipeText } from './justfileRecipes';
import { taskfileText } from './taskfileTasks';

/** The file names each runner looks for, lowercased (just compares without case). */
const FILE_NAMES: Readonly<Record<'just' | 'task', readonly string[]>> = {
  just: ['justfile', '.justfile'],
  task: ['taskfile.yml', 'taskfile.yaml', 'taskfile.dist.yml', 'taskfile.dist.yaml'],
};

// folders climbed at most looking for the file
const MAX_LEVELS = 128;

/** A write of a file the runner would find in `folder`, or of the folder itself. */
function writtenHere(folder: string, names: readonly string[], site: RunSite): string | undefined {
  const writes = site.reading.writes;
  if (writes.unknown !== undefined) return writes.unknown;
  return writes.absolute.find(
    ({ path: written }) =>
      folder === written ||
      folder.startsWith(`${written}${path.sep}`) ||
      (path.dirname(written) === folder && names.includes(path.basename(written).toLowerCase())),
  )?.path;
}

/**
 * The file just or task reads, as each finds it: the one named on the line, else the first of
 * its names in the folder or the nearest folder above. A file the line writes cannot be read.
 */
function findFile(
  run: ShellScriptRun & { readonly path: string },
  how: 'just' | 'task',
  site: RunSite,
): string | UnseenCode | undefined {
  const { context } = site;
  if (run.file !== undefined) {
    const where = context.analyze(run.file, context.base);
    const written =
      where.absolute === undefined
        ? site.reading.writes.unknown
        : writtenHere(path.dirname(where.absolute), [path.basename(where.absolute).toLowerCase()], site);
    return written === undefined ? (where.absolute ?? run.file) : writtenByLine(run.file, written);
  }
  let folder = context.analyze(run.path, context.base).absolute;
  if (folder === undefined) return unreadable(run.source, 'the folder it runs in is only known at run time');
  const names = FILE_NAMES[how];
  for (let level = 0; level < MAX_LEVELS; level++) {
    const written = writtenHere(folder, names, site);
    if (written !== undefined) return writtenByLine(path.join(folder, names[0] ?? ''), written);
    // one listing per folder; task prefers its names in order; just takes any case of `justfile`
    const listed = site.files.list(folder);
    const found = names
      .map((name) => listed.find((entry) => entry.toLowerCase() === name))
      .find((entry) => entry !== undefined);
    if (found !== undefined) return path.join(folder, found);
    const parent = path.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  return undefined;
}

/**
 * The recipes `just` runs or the tasks `task` runs (see justfileRecipes.ts, taskfileTasks.ts),
 * read from the file each finds; one outside the workspace, written by the line, or holding
 * what the reading cannot follow is unseen code.
 */
function taskRunnerFile(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  const { context, reading } = site;
  const how = run.how === 'just' ? 'just' : 'task';
  const file = findFile(run, how, site);
  if (file === undefined || typeof file !== 'string') return file;
  const where = context.analyze(file, context.base);
  const label = where.relative ?? file;
  const key = `${where.absolute ?? file}\u0000${how}\u0000${JSON.stringify(run.scripts ?? run.script ?? '')}\u0000${JSON.stringify(run.variables ?? [])}`;
  if (reading.seen.has(key)) return undefined;
  reading.seen.add(key);
  const code = requiredCode(label, readCode(where, MAX_MAKEFILE_BYTES, site.files), 'always');
  if (code === undefined || code.kind === 'unseen') return code;
  const names = run.scripts ?? (run.script ?? '').split(' ').filter((name) => name !== '');
  const invoked = { variables: run.variables, environment: site.environment };
  const text = how === 'just' ? justRecipeText(code.text, names, invoked) : taskfileText(code.text, names, invoked);
  if (text.kind === 'none') return undefined;
  if (text.kind === 'problem')
    return unseen(label, `${text.reason} (in ${label}): fail closed; run the commands directly instead`);
  if (!admit(reading, text.text)) return unreadable(label, 'one decision reads no more script text');
  const folder = path.dirname(where.absolute ?? file);
  return {
    kind: 'read',
    text: text.text,
    label: `${label} ${names.length === 0 ? 'default' : names.join(' ')}`,
    base: folder,
  };
}

/** just's and task's reader of the files they run: the recipes or tasks of the file each finds. */
export const TASK_RUNNER_FILES: RunFileReader = placedRunReader(taskRunnerFile);
