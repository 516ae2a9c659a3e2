import type { EnvironmentReader } from '../shell/catalog/environmentCode';
import type { ShellAnalysis, ShellScriptRun } from '../shell/catalog/shellAnalysis';
import { RUN_FILE_READERS } from '../shell/programs/runFileReaders';
import { shebangShells } from '../shell/programs/shells/shebangShells';
import {
  unreadable,
  unseen,
  writtenByLine,
  type RunSite,
  type ScriptFile,
  type ScriptReading,
} from '../shell/runFiles/codeFiles';
import { isPlaced } from '../shell/runFiles/runFileReader';
import { shellScriptFile } from '../shell/runFiles/shellScriptFile';
import { collectWrites, writeInto } from '../shell/runFiles/writtenCode';
import { DISK_WORKSPACE_FILES } from './diskWorkspaceFiles';
import type { PathContext } from './fileRisk';

/** Scripts run by scripts are read this many levels down. */
export const MAX_SCRIPT_FILE_DEPTH = 3;

/** A folder PATH names: the commands named may be its programs, unless it is outside the workspace and the line writes nothing there. */
function programFolder(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  const where = site.context.analyze(run.path, site.context.base);
  if (where.insideWorkspace || where.absolute === undefined) {
    return unseen(
      run.source,
      `PATH names '${run.source}', a folder of the workspace, so the commands named may be programs ` +
        `written there: fail closed; run the program by its path instead`,
    );
  }
  const written = writeInto(where.absolute, site.reading.writes);
  return written === undefined ? undefined : writtenByLine(run.source, written);
}

/**
 * The files of one run: read, unseen, or none. A family's run (a Makefile, git's hooks) is read
 * by the family's reader; a shell script or a folder PATH names, here.
 */
function runFiles(run: ShellScriptRun, site: RunSite): ScriptFile[] {
  const reader = RUN_FILE_READERS[run.how];
  // code whose place is only known at run time (`bash "$f"`, `cd "$d"; make`) cannot be read
  if (!isPlaced(run))
    return reader?.readsUnplacedRuns === true
      ? reader.read(run, site)
      : [unreadable(run.source, 'its place is only known at run time')];
  if (reader !== undefined) return reader.read(run, site);
  const file = run.how === 'programs' ? programFolder(run, site) : shellScriptFile(run, site);
  return file === undefined ? [] : [file];
}

/**
 * Reads the files of code a command line runs: shell scripts (given to a shell, sourced, run by
 * their path when shell code, start-up files) and, through each family's reader, the files its
 * programs run (package.json scripts, Makefile recipes, just and task recipes, git's hooks,
 * sqlite3's command files); each when it lies inside the workspace and is small enough. A file
 * the same line writes, or one that must be read and cannot be, is unseen code: the call fails
 * closed. `reading` holds what this decision has read and written so far; `environment`, which
 * variables choose code, is the catalog's that reads the line (the built-in one by default).
 */
export function readScriptFiles(
  analysis: Pick<ShellAnalysis, 'scriptRuns' | 'pathOperands'>,
  context: PathContext,
  reading: ScriptReading,
  environment: EnvironmentReader,
): ScriptFile[] {
  collectWrites(analysis.pathOperands, context, reading.writes);
  const site: RunSite = { context, reading, files: DISK_WORKSPACE_FILES, shebangShells, environment };
  const files: ScriptFile[] = [];
  for (const run of analysis.scriptRuns) {
    for (const file of runFiles(run, site)) {
      if (file.kind === 'unseen') reading.unseen ??= file.reason;
      files.push(file);
    }
  }
  return files;
}
