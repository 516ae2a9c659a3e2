/**
 * Reading the files of code a command runs, shared by each family's reader of the files it runs
 * (scripts, Makefiles, hooks, ...): what one decision has read, the text of one file, and what a
 * file that cannot be read becomes: unseen code, for which the call fails closed.
 */
import type { PathAnalysis } from '../../paths/analyzePath';
import type { PathAnalyzer } from '../../paths/pathAnalyzer';
import { entrySeen } from '../../paths/pathEntry';
import type { EnvironmentReader } from '../catalog/environmentCode';
import type { WorkspaceFiles } from '../catalog/workspaceFiles';
import type { ShellScriptRun } from '../catalog/shellAnalysis';
import { noWrites, type WrittenPaths } from './writtenCode';

/** Script files longer than this are not read: their run stays `EXEC_ARBITRARY` with a note. */
export const MAX_SCRIPT_FILE_BYTES = 64 * 1024;

/** A package.json longer than this is not read for its scripts. */
export const MAX_PACKAGE_JSON_BYTES = 256 * 1024;

/** A Makefile longer than this is not read. */
export const MAX_MAKEFILE_BYTES = 256 * 1024;

/** All the text one decision reads from files; what is beyond it stays EXEC_ARBITRARY alone. */
export const MAX_SCRIPT_TEXT_PER_DECISION = 1024 * 1024;

/**
 * What one decision has read so far: each file once, no more text than the limit, what the
 * command line writes (a file of code it writes cannot be read before it runs), and the first
 * reason some code could not be read.
 */
export interface ScriptReading {
  readonly seen: Set<string>;
  remaining: number;
  readonly writes: WrittenPaths;
  unseen: string | undefined;
}

export function newScriptReading(): ScriptReading {
  return {
    seen: new Set(),
    remaining: MAX_SCRIPT_TEXT_PER_DECISION,
    writes: noWrites(),
    unseen: undefined,
  };
}

/** Takes a file's text from the decision's allowance; once a file does not fit, no later one is read. */
export function admit(reading: ScriptReading, text: string): boolean {
  if (text.length > reading.remaining) {
    reading.remaining = -1;
    return false;
  }
  reading.remaining -= text.length;
  return true;
}

/** The shell text a command runs from a file, what to call it, and the folder it runs in. */
export interface ReadScript {
  readonly kind: 'read';
  readonly text: string;
  /** what the findings are marked with: the file below the workspace root, the package.json script, the Makefile target */
  readonly label: string;
  /** the folder its relative paths start from; undefined when the command line's folder is unknown there */
  readonly base: string | undefined;
}

/** Code a command runs that cannot be read at decision time: the call fails closed. */
export interface UnseenCode {
  readonly kind: 'unseen';
  readonly label: string;
  /** why, and what to do instead */
  readonly reason: string;
}

export type ScriptFile = ReadScript | UnseenCode;

export function unseen(label: string, reason: string): UnseenCode {
  return { kind: 'unseen', label, reason };
}

/** The code at `label` is written by the same command line. */
export function writtenByLine(label: string, written: string): UnseenCode {
  const by = written === label ? '' : ` (by the write of '${written}')`;
  return unseen(
    label,
    `'${label}' may be written by this same command line${by}, so the code it holds cannot be read ` +
      `before it runs: fail closed; write it in one call and run it in the next, so that it can be read`,
  );
}

/** The code at `label` exists but cannot be read as shell code. */
export function unreadable(label: string, why: string): UnseenCode {
  return unseen(
    label,
    `'${label}' runs as code but cannot be read (${why}): fail closed; make it a readable shell script of the workspace, or run what it holds directly`,
  );
}

/**
 * Whether the program a `#!` line starts, given the line's words (the interpreter, then its
 * arguments), reads the file as shell code. The shells family answers it
 * (src/shell/programs/shells/shebangShells.ts), so reading the files a line runs names no shell.
 */
export type ShebangShells = (line: readonly string[]) => boolean;

/**
 * Whether a file run by its path is shell code: no `#!` line at all, which bash runs as a script
 * of its own, or one whose program `shells` says reads shell code.
 */
export function runsAsShell(text: string, shells: ShebangShells): boolean {
  if (!text.startsWith('#!')) return true;
  const end = text.indexOf('\n');
  return shells(
    text
      .slice(2, end === -1 ? undefined : end)
      .trim()
      .split(/\s+/),
  );
}

/** What reading one file of code found. */
export type CodeText =
  | { readonly kind: 'text'; readonly text: string; readonly relative: string }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unreadable'; readonly why: string };

/** Why a file with a NUL byte is not read: binary content is no script. */
export const NOT_TEXT = 'it is not text';

/** Reads a file of code; binary content (a NUL byte) is no script. */
export function readCode(where: PathAnalysis, maxBytes: number, files: WorkspaceFiles): CodeText {
  if (where.absolute === undefined) return { kind: 'unreadable', why: 'its place cannot be known' };
  if (!where.insideWorkspace || where.relative === undefined)
    return files.exists(where.absolute)
      ? { kind: 'unreadable', why: 'it is outside the workspace' }
      : { kind: 'absent' };
  // the decision's own lookup saw nothing there: no failed open to build an error for
  if (entrySeen(where)?.kind === 'missing') return { kind: 'absent' };
  const read = files.readText(where.absolute, maxBytes);
  switch (read.kind) {
    case 'text':
      return read.text.includes('\u0000')
        ? { kind: 'unreadable', why: NOT_TEXT }
        : { kind: 'text', text: read.text, relative: where.relative };
    case 'missing':
      return { kind: 'absent' };
    case 'not-a-file':
      return { kind: 'unreadable', why: 'it is not a regular file' };
    case 'too-large':
      return { kind: 'unreadable', why: `it is larger than ${maxBytes} bytes` };
    default:
      return { kind: 'unreadable', why: 'it cannot be read' };
  }
}

/**
 * A file of code as a run must have it: its text, nothing (absent, or unread where the run
 * allows it), or unseen code when the run must be read (`mustRead`).
 */
export function requiredCode(
  label: string,
  code: CodeText,
  mustRead: ShellScriptRun['mustRead'],
): Extract<CodeText, { kind: 'text' }> | UnseenCode | undefined {
  if (code.kind === 'text') return code;
  if (mustRead === undefined || (code.kind === 'absent' && mustRead === 'ifPresent')) return undefined;
  return unreadable(label, code.kind === 'absent' ? 'it does not exist' : code.why);
}

/** Where a run's paths are resolved: the workspace, the folder the line starts in, and the decision's path analyzer. */
export interface RunPlace {
  readonly workspaceRoot: string;
  readonly base: string;
  readonly analyze: PathAnalyzer;
}

/**
 * What the readers of each kind of run are given: where paths resolve, what was read so far, the
 * files to read, which `#!` lines start shell code, and which variables choose code.
 */
export interface RunSite {
  readonly context: RunPlace;
  readonly reading: ScriptReading;
  readonly files: WorkspaceFiles;
  readonly shebangShells: ShebangShells;
  /**
   * what the catalog's programs read from the environment: a Makefile, justfile, Taskfile or
   * `.env` file setting one of its variables restates it for the analysis of the code it runs
   */
  readonly environment: EnvironmentReader;
}
