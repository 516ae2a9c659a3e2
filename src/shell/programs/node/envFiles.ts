import { quoteArgv } from '../../../text/quoteArgv';
import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import { isCodeEnvironment } from '../../engine/codeEnvironment';
import type { EnvironmentReader } from '../../catalog/environmentCode';
import {
  admit,
  MAX_SCRIPT_FILE_BYTES,
  readCode,
  unreadable,
  unseen,
  writtenByLine,
  type RunSite,
  type ScriptFile,
} from '../../runFiles/codeFiles';
import { placedRunReader, type RunFileReader } from '../../runFiles/runFileReader';
import { writeOver } from '../../runFiles/writtenCode';

/**
 * A file of variables a program loads into its environment (`node --env-file .env`): one that
 * chooses code (NODE_OPTIONS loading a module, PATH, LD_PRELOAD) does what it does when the line
 * sets it. The file is read through the WorkspaceFiles port and each such variable restated as
 * `export NAME=value`, which the shell analysis judges as it would on the line; a value it
 * cannot read fails closed.
 */

// `NAME=value`, `export NAME=value`, `NAME: value` (dotenv's forms)
const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:]\s*(.*)$/;

/** A variable's value as dotenv reads it: quotes taken off, an unquoted value's comment dropped; undefined when it goes on past its line. */
function valueOf(text: string): string | undefined {
  const quote = text[0];
  if (quote === '"' || quote === "'" || quote === '`') {
    const end = text.indexOf(quote, 1);
    return end === -1 ? undefined : text.slice(1, end);
  }
  return text.replace(/\s+#.*$/, '').trim();
}

/**
 * The variables of a dotenv text that choose code (the shell's, and those `families`' programs
 * read), each value undefined when it cannot be read.
 */
export function codeVariables(text: string, families: EnvironmentReader): [string, string | undefined][] {
  const found: [string, string | undefined][] = [];
  for (const line of text.split(/\r?\n/)) {
    const assignment = ASSIGNMENT.exec(line);
    const name = assignment?.[1];
    if (name === undefined || !isCodeEnvironment(name, families)) continue;
    found.push([name, valueOf(assignment?.[2] ?? '')]);
  }
  return found;
}

/** The code-choosing variables of the file a run loads, restated, or why they cannot be known. */
function envFile(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  const { context, reading } = site;
  const where = context.analyze(run.path, context.base);
  const label = where.relative ?? run.source;
  const written = where.absolute === undefined ? reading.writes.unknown : writeOver(where.absolute, reading.writes);
  if (written !== undefined) return writtenByLine(label, written);
  const key = `${where.absolute ?? run.path}\u0000envFile`;
  if (reading.seen.has(key)) return undefined;
  reading.seen.add(key);
  const read = readCode(where, MAX_SCRIPT_FILE_BYTES, site.files);
  if (read.kind === 'absent') return undefined;
  // one outside the workspace is the machine's own; one inside that cannot be read may hold anything
  if (read.kind === 'unreadable') return where.insideWorkspace ? unreadable(label, read.why) : undefined;
  const variables = codeVariables(read.text, site.environment);
  if (variables.length === 0) return undefined;
  const lines: string[] = [];
  for (const [name, value] of variables) {
    if (value === undefined)
      return unseen(label, `${name} in '${label}' has a value the reading cannot follow: fail closed`);
    lines.push(`export ${quoteArgv([`${name}=${value}`])}`);
  }
  const text = lines.join('\n');
  if (!admit(reading, text)) return unreadable(label, 'one decision reads no more script text');
  const folder =
    run.directory === null ? undefined : context.analyze(run.directory === '' ? '.' : run.directory, context.base);
  return { kind: 'read', text, label: `${label} variables`, base: folder?.absolute };
}

/** The reader of the files of variables programs load (`node --env-file`). */
export const ENV_FILES: RunFileReader = placedRunReader(envFile);
