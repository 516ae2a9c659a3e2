import path from 'node:path';
import { readRegularFile } from '../files/readRegularFile';
import type { ShellScriptRun } from '../shell/shellAnalysis';
import type { PathContext } from './fileRisk';
import { makeRecipeText } from './makefileRecipes';

/** Script files longer than this are not read: their run stays `EXEC_ARBITRARY` with a note. */
export const MAX_SCRIPT_FILE_BYTES = 64 * 1024;

/** A package.json longer than this is not read for its scripts. */
export const MAX_PACKAGE_JSON_BYTES = 256 * 1024;

/** A Makefile longer than this is not read. */
export const MAX_MAKEFILE_BYTES = 256 * 1024;

// the names GNU make looks for, in its order
const MAKEFILE_NAMES = ['GNUmakefile', 'makefile', 'Makefile'];

/** Scripts run by scripts are read this many levels down. */
export const MAX_SCRIPT_FILE_DEPTH = 3;

/** All the text one decision reads from files; what is beyond it stays EXEC_ARBITRARY alone. */
export const MAX_SCRIPT_TEXT_PER_DECISION = 1024 * 1024;

/** What one decision has read so far: each file once, and no more text than the limit. */
export interface ScriptReading {
  readonly seen: Set<string>;
  remaining: number;
}

export function newScriptReading(): ScriptReading {
  return { seen: new Set(), remaining: MAX_SCRIPT_TEXT_PER_DECISION };
}

// takes a file's text from the decision's allowance; once a file does not fit, no later one is read
function admit(reading: ScriptReading, text: string): boolean {
  if (text.length > reading.remaining) {
    reading.remaining = -1;
    return false;
  }
  reading.remaining -= text.length;
  return true;
}

/** The shell text a command runs from a file, what to call it, and the folder it runs in. */
export interface ScriptFile {
  readonly text: string;
  /** what the findings are marked with: the file below the workspace root, the package.json script, the Makefile target */
  readonly label: string;
  /** the folder its relative paths start from; undefined when the command line's folder is unknown there */
  readonly base: string | undefined;
}

const SHELLS: ReadonlySet<string> = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'posh']);

/**
 * Whether a file run by its path is shell code: a `#!` line naming a shell (directly or through
 * `env`), or no `#!` line at all, which bash runs as a script of its own.
 */
export function runsAsShell(text: string): boolean {
  if (!text.startsWith('#!')) return true;
  const end = text.indexOf('\n');
  const words = text.slice(2, end === -1 ? undefined : end).trim().split(/\s+/);
  let program = path.posix.basename(words[0] ?? '');
  if (program === 'env') {
    // `env bash`, `env -S bash -e`, `env VAR=1 sh`
    program = words.slice(1).find((word) => !word.startsWith('-') && !word.includes('=')) ?? '';
  }
  return SHELLS.has(path.posix.basename(program));
}

// binary content is no script; NUL bytes are handled by the analysis, but a binary is not shell code
function readText(absolute: string, maxBytes: number): string | undefined {
  const read = readRegularFile(absolute, maxBytes);
  return read.kind === 'text' && !read.text.includes('\u0000') ? read.text : undefined;
}

/**
 * The shell lines `npm run NAME` runs from a package.json: `preNAME`, `NAME`, `postNAME` (npm
 * runs all three; other managers may skip the pre and post ones, which only adds a reading).
 */
function packageScriptText(json: string, name: string): string | undefined {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(json) as { scripts?: unknown }).scripts;
  } catch {
    return undefined;
  }
  if (typeof scripts !== 'object' || scripts === null) return undefined;
  const table = scripts as Record<string, unknown>;
  const lines = [`pre${name}`, name, `post${name}`]
    .filter((key) => Object.hasOwn(table, key))
    .map((key) => table[key])
    .filter((line): line is string => typeof line === 'string');
  return lines.length === 0 ? undefined : lines.join('\n');
}

/** The recipes `make` runs from the first Makefile it would find in the run's folder. */
function readMakefile(run: ShellScriptRun, context: PathContext, reading: ScriptReading): ScriptFile | undefined {
  if (run.path === undefined || run.directory === null) return undefined;
  for (const name of MAKEFILE_NAMES) {
    const where = context.analyze(`${run.path}/${name}`, context.base);
    if (!where.insideWorkspace || where.absolute === undefined || where.relative === undefined) continue;
    const content = readText(where.absolute, MAX_MAKEFILE_BYTES);
    if (content === undefined) continue;
    const key = `${where.absolute}\u0000make ${run.script ?? ''}`;
    if (reading.seen.has(key)) return undefined;
    reading.seen.add(key);
    const targets = (run.script ?? '').split(' ').filter((target) => target !== '');
    const text = makeRecipeText(content, targets);
    const folder = context.analyze(run.path, context.base).absolute;
    const label = `${where.relative} ${targets.length === 0 ? 'default target' : `target ${targets.join(' ')}`}`;
    return text === undefined || !admit(reading, text) ? undefined : { text, label, base: folder };
  }
  return undefined;
}

/**
 * Reads the script files a command line runs as shell code, when each lies inside the
 * workspace, exists as a regular file of at most MAX_SCRIPT_FILE_BYTES, and is shell code;
 * the package.json scripts a package manager runs; and the Makefile recipes make runs.
 * `reading` holds what this decision has read (a script that runs itself is read once).
 */
export function readScriptFiles(runs: readonly ShellScriptRun[], context: PathContext, reading: ScriptReading): ScriptFile[] {
  const files: ScriptFile[] = [];
  for (const run of runs) {
    if (run.path === undefined) continue;
    if (run.how === 'make') {
      const makefile = readMakefile(run, context, reading);
      if (makefile !== undefined) files.push(makefile);
      continue;
    }
    const where = context.analyze(run.path, context.base);
    if (!where.insideWorkspace || where.absolute === undefined || where.relative === undefined) continue;
    const key = run.script === undefined ? where.absolute : `${where.absolute}\u0000${run.script}`;
    if (reading.seen.has(key)) continue;
    reading.seen.add(key);
    const content = readText(where.absolute, run.how === 'package' ? MAX_PACKAGE_JSON_BYTES : MAX_SCRIPT_FILE_BYTES);
    const text = content !== undefined && run.script !== undefined ? packageScriptText(content, run.script) : content;
    if (text === undefined || (run.how === 'direct' && !runsAsShell(text)) || !admit(reading, text)) continue;
    const folder = run.directory === null ? undefined : context.analyze(run.directory === '' ? '.' : run.directory, context.base);
    const label = run.script === undefined ? where.relative : `${where.relative} script ${run.script}`;
    files.push({ text, label, base: folder?.absolute });
  }
  return files;
}
