import type { PathAnalysis } from '../../paths/analyzePath';
import type { ShellScriptRun } from '../catalog/shellAnalysis';
import {
  admit,
  MAX_SCRIPT_FILE_BYTES,
  NOT_TEXT,
  readCode,
  requiredCode,
  runsAsShell,
  unreadable,
  writtenByLine,
  type CodeText,
  type RunSite,
  type ScriptFile,
} from './codeFiles';
import { writeOver } from './writtenCode';

/**
 * A file of the workspace that exists but cannot be read (too large, a FIFO, a folder) may hold
 * any code: the run must be read. A program run by its path that is not text (a compiled
 * binary) is a program of its own, like one in another language, and stays EXEC_ARBITRARY.
 */
function unreadableHere(run: ShellScriptRun, where: PathAnalysis, read: CodeText): ShellScriptRun['mustRead'] {
  if (read.kind !== 'unreadable' || !where.insideWorkspace) return undefined;
  return run.how === 'direct' && read.why === NOT_TEXT ? undefined : 'always';
}

/** How a file holds the shell text a run runs: all of it (a script), or the part `textOf` picks (a manifest's scripts). */
export interface ShellTextOfFile {
  readonly maxBytes: number;
  /** the shell text the run takes from the file's text; undefined when it takes none */
  textOf(text: string, run: ShellScriptRun): string | undefined;
}

const WHOLE_SCRIPT: ShellTextOfFile = { maxBytes: MAX_SCRIPT_FILE_BYTES, textOf: (text) => text };

/**
 * A file run as shell code (`bash x.sh`, `./x.sh`, a start-up file), or the shell text a file
 * holds for the run (`of`): read once per decision, unseen when the line writes it or when it
 * must be read and cannot be.
 */
export function shellScriptFile(
  run: ShellScriptRun & { readonly path: string },
  site: RunSite,
  of: ShellTextOfFile = WHOLE_SCRIPT,
): ScriptFile | undefined {
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
  const read = readCode(where, of.maxBytes, site.files);
  const code = requiredCode(label, read, run.mustRead ?? unreadableHere(run, where, read));
  if (code === undefined || code.kind === 'unseen') return code;
  const text = of.textOf(code.text, run);
  if (text === undefined) return undefined;
  if (run.how === 'direct' && !runsAsShell(text, site.shebangShells))
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
