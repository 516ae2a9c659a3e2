import { parseOfRecentTexts } from '../files/recentParses';
import type { ShellAnalysis, ShellScriptRun } from '../shell/shellAnalysis';
import type { PathAnalysis } from '../paths/analyzePath';
import {
  admit,
  MAX_PACKAGE_JSON_BYTES,
  MAX_SCRIPT_FILE_BYTES,
  NOT_TEXT,
  readCode,
  requiredCode,
  runsAsShell,
  unreadable,
  unseen,
  writtenByLine,
  type CodeText,
  type RunSite,
  type ScriptFile,
  type ScriptReading,
} from './codeFiles';
import type { PathContext } from './fileRisk';
import { gitRunFiles } from './gitRunFiles';
import { makeRunFile } from './makeRunFiles';
import { sqliteRunFile } from './sqliteRunFiles';
import { taskRunnerFile } from './taskRunnerFiles';
import { collectWrites, writeInto, writeOver } from './writtenCode';

/** Scripts run by scripts are read this many levels down. */
export const MAX_SCRIPT_FILE_DEPTH = 3;

/** A package.json's `scripts`, undefined when it is no JSON; the last text's kept (see recentParses.ts). */
const manifestScripts = parseOfRecentTexts((json: string): unknown => {
  try {
    return (JSON.parse(json) as { scripts?: unknown }).scripts;
  } catch {
    return undefined;
  }
});

/**
 * The shell lines `npm run NAME` runs from a package.json: `preNAME`, `NAME`, `postNAME` (npm
 * runs all three; other managers may skip the pre and post ones, which only adds a reading),
 * or the exact scripts a lifecycle command runs (`npm install`: preinstall, install, ...).
 */
function packageScriptText(json: string, run: ShellScriptRun): string | undefined {
  const scripts = manifestScripts(json);
  if (typeof scripts !== 'object' || scripts === null) return undefined;
  const table = scripts as Record<string, unknown>;
  const name = run.script ?? '';
  const names = run.scripts ?? [`pre${name}`, name, `post${name}`];
  const lines = names
    .filter((key) => Object.hasOwn(table, key))
    .map((key) => table[key])
    .filter((line): line is string => typeof line === 'string');
  return lines.length === 0 ? undefined : lines.join('\n');
}

/**
 * A file of the workspace that exists but cannot be read (too large, a FIFO, a folder) may hold
 * any code: the run must be read. A program run by its path that is not text (a compiled
 * binary) is a program of its own, like one in another language, and stays EXEC_ARBITRARY.
 */
function unreadableHere(run: ShellScriptRun, where: PathAnalysis, read: CodeText): ShellScriptRun['mustRead'] {
  if (read.kind !== 'unreadable' || !where.insideWorkspace) return undefined;
  return run.how === 'direct' && read.why === NOT_TEXT ? undefined : 'always';
}

/** A file run as shell code (`bash x.sh`, `./x.sh`, a start-up file) or a package.json's scripts. */
function scriptRunFile(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  const { context, reading } = site;
  const where = context.analyze(run.path, context.base);
  const absolute = where.absolute;
  const written = absolute === undefined ? reading.writes.unknown : writeOver(absolute, reading.writes);
  if (written !== undefined) return writtenByLine(where.relative ?? run.source, written);
  const key =
    run.script === undefined && run.scripts === undefined
      ? `${absolute ?? run.path}`
      : `${absolute ?? run.path}\u0000${run.script ?? ''}\u0000${(run.scripts ?? []).join(' ')}`;
  if (reading.seen.has(key)) return undefined;
  reading.seen.add(key);
  const label = where.relative ?? run.source;
  const read = readCode(where, run.how === 'package' ? MAX_PACKAGE_JSON_BYTES : MAX_SCRIPT_FILE_BYTES);
  const code = requiredCode(label, read, run.mustRead ?? unreadableHere(run, where, read));
  if (code === undefined || code.kind === 'unseen') return code;
  const text = run.how === 'package' ? packageScriptText(code.text, run) : code.text;
  if (text === undefined) return undefined;
  if (run.how === 'direct' && !runsAsShell(text))
    return run.mustRead === undefined ? undefined : unreadable(label, 'it is not shell code');
  if (!admit(reading, text)) return unreadable(label, 'one decision reads no more script text');
  const folder =
    run.directory === null ? undefined : context.analyze(run.directory === '' ? '.' : run.directory, context.base);
  return {
    kind: 'read',
    text,
    label: run.script === undefined ? code.relative : `${code.relative} script ${run.script}`,
    base: folder?.absolute,
  };
}

/** A folder PATH names: the commands named may be its programs, unless it is outside the workspace and the line writes nothing there. */
function programFolder(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  const where = site.context.analyze(run.path, site.context.base);
  if (where.insideWorkspace || where.absolute === undefined) {
    return unseen(
      run.source,
      `PATH names '${run.source}', a folder of the workspace, so the commands named may be programs written there: fail closed; run the program by its path instead`,
    );
  }
  const written = writeInto(where.absolute, site.reading.writes);
  return written === undefined ? undefined : writtenByLine(run.source, written);
}

/** Whether a run's file is placed: narrows the run itself, where a copy with the path restated would cost an object per run. */
const isPlaced = (run: ShellScriptRun): run is ShellScriptRun & { readonly path: string } => run.path !== undefined;

/** The files of one run: read, unseen, or none. */
function runFiles(run: ShellScriptRun, site: RunSite): ScriptFile[] {
  if (!isPlaced(run)) {
    // code whose place is only known at run time (`bash "$f"`, `cd "$d"; make`) cannot be read
    if (run.how === 'git') return gitRunFiles(run, site);
    return [unreadable(run.source, 'its place is only known at run time')];
  }
  let file: ScriptFile | undefined;
  switch (run.how) {
    case 'make':
      file = makeRunFile(run, site);
      break;
    case 'just':
    case 'task':
      file = taskRunnerFile(run, site);
      break;
    case 'sqlite':
      file = sqliteRunFile(run, site);
      break;
    case 'git':
    case 'hook':
      return gitRunFiles(run, site);
    case 'programs':
      file = programFolder(run, site);
      break;
    default:
      file = scriptRunFile(run, site);
  }
  return file === undefined ? [] : [file];
}

/**
 * Reads the files of code a command line runs: shell scripts (given to a shell, sourced, run by
 * their path when shell code, start-up files), the package.json scripts a package manager runs,
 * the Makefile recipes make runs, the recipes of just and task, git's hooks, and sqlite3's
 * command files; each when it lies inside the workspace and is small enough. A file the same
 * line writes, or one that must be read and cannot be, is unseen code: the call fails closed.
 * `reading` holds what this decision has read and written so far.
 */
export function readScriptFiles(
  analysis: Pick<ShellAnalysis, 'scriptRuns' | 'pathOperands'>,
  context: PathContext,
  reading: ScriptReading,
): ScriptFile[] {
  collectWrites(analysis.pathOperands, context, reading.writes);
  const site: RunSite = { context, reading };
  const files: ScriptFile[] = [];
  for (const run of analysis.scriptRuns) {
    for (const file of runFiles(run, site)) {
      if (file.kind === 'unseen') reading.unseen ??= file.reason;
      files.push(file);
    }
  }
  return files;
}
