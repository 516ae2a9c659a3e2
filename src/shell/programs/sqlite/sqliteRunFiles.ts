import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import {
  admit,
  MAX_SCRIPT_FILE_BYTES,
  readCode,
  requiredCode,
  unreadable,
  unseen,
  writtenByLine,
  type RunSite,
  type ScriptFile,
} from '../../runFiles/codeFiles';
import { placedRunReader, type RunFileReader } from '../../runFiles/runFileReader';
import { writeOver } from '../../runFiles/writtenCode';
import { readSqliteInput } from './sqliteCommands';

/**
 * A file of sqlite3 commands (`sqlite3 -init FILE`, `sqlite3 db < FILE`, `.read FILE`): its dot
 * commands read as shell text (see sqliteCommands.ts), or unseen when it cannot be read or
 * holds what cannot be followed (`.load`, `edit()`).
 */
function sqliteRunFile(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  const { context, reading } = site;
  const where = context.analyze(run.path, context.base);
  const label = where.relative ?? run.source;
  const written = where.absolute === undefined ? reading.writes.unknown : writeOver(where.absolute, reading.writes);
  if (written !== undefined) return writtenByLine(label, written);
  const key = `${where.absolute ?? run.path}\u0000sqlite`;
  if (reading.seen.has(key)) return undefined;
  reading.seen.add(key);
  const code = requiredCode(label, readCode(where, MAX_SCRIPT_FILE_BYTES, site.files), 'always');
  if (code === undefined || code.kind === 'unseen') return code;
  const read = readSqliteInput(code.text);
  const problem = read.problems[0];
  if (problem !== undefined) return unseen(label, `${problem} (in ${label}): fail closed; run what it needs directly`);
  if (read.shell === '') return undefined;
  if (!admit(reading, read.shell)) return unreadable(label, 'one decision reads no more script text');
  const folder =
    run.directory === null ? undefined : context.analyze(run.directory === '' ? '.' : run.directory, context.base);
  return { kind: 'read', text: read.shell, label: `${code.relative} sqlite3 commands`, base: folder?.absolute };
}

/** sqlite3's reader of the files it runs: its files of commands. */
export const SQLITE_RUN_FILES: RunFileReader = placedRunReader(sqliteRunFile);
