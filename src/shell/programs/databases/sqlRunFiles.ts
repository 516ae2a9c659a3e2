import type { ShellScriptRun } from '../../catalog/shellAnalysis';
import {
  admit,
  MAX_SCRIPT_FILE_BYTES,
  readCode,
  requiredCode,
  unreadable,
  writtenByLine,
  type RunSite,
  type ScriptFile,
} from '../../runFiles/codeFiles';
import { placedRunReader, type RunFileReader } from '../../runFiles/runFileReader';
import { writeOver } from '../../runFiles/writtenCode';
import { readSqlText } from '../../sql/sqlStatements';
import { shellQuoted } from './clientOptions';

/**
 * A file of SQL a client runs (`psql -f FILE`, `mysql db < FILE`): each statement that destroys
 * data or reaches past the database is restated as the client's own line (the run's `script`:
 * `psql -d 'app' -c`) and analysed as such, so its finding names the statement and the database.
 * A file that cannot be read is left to EXEC_ARBITRARY's note, as a client's own SQL on stdin is.
 */
function sqlRunFile(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  const { context, reading } = site;
  const where = context.analyze(run.path, context.base);
  const label = where.relative ?? run.source;
  const written = where.absolute === undefined ? reading.writes.unknown : writeOver(where.absolute, reading.writes);
  if (written !== undefined) return writtenByLine(label, written);
  const key = `${where.absolute ?? run.path}\u0000sql\u0000${run.script ?? ''}`;
  if (reading.seen.has(key)) return undefined;
  reading.seen.add(key);
  const code = requiredCode(label, readCode(where, MAX_SCRIPT_FILE_BYTES, site.files), undefined);
  if (code === undefined || code.kind === 'unseen') return code;
  const lines = readSqlText(code.text)
    .filter((statement) => statement.kind === 'destroys' || statement.kind === 'unknown')
    .map((statement) => `${run.script ?? 'psql -c'} ${shellQuoted(statement.statement)}`);
  if (lines.length === 0) return undefined;
  const text = lines.join('\n');
  if (!admit(reading, text)) return unreadable(label, 'one decision reads no more script text');
  // the restated lines name no file, but the shell text they are read as runs in the client's folder
  const folder =
    run.directory === null ? undefined : context.analyze(run.directory === '' ? '.' : run.directory, context.base);
  return { kind: 'read', text, label: `${code.relative} SQL statements`, base: folder?.absolute };
}

/** The SQL clients' reader of the files of SQL they run. */
export const SQL_RUN_FILES: RunFileReader = placedRunReader(sqlRunFile);
