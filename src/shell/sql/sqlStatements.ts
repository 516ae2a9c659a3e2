/**
 * SQL text as statements, and what each statement does to a database: read it, destroy what it
 * holds (DROP, TRUNCATE, DELETE or UPDATE without WHERE, ALTER ... DROP), change it, or reach
 * past it (a client's shell escape, a server file or program). Shared by every program family
 * that is given SQL (sqlite3, psql, mysql); it names no program.
 */

/** What one statement does: `unknown` cannot be followed (a shell escape, `COPY ... PROGRAM`). */
export type SqlStatementKind = 'read' | 'destroys' | 'changes' | 'unknown';

/** One statement read: its kind, its verb (`DROP TABLE`) and the object it names (`users`). */
export interface SqlStatementReading {
  readonly kind: SqlStatementKind;
  readonly verb: string;
  readonly target: string;
  readonly statement: string;
}

/** Whether SQL text ends inside a statement (no `;` after its last quote-balanced text). */
export function sqlStatementOpen(sql: string): boolean {
  let quote: string | undefined;
  let open = false;
  for (const char of sql) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === ';') open = false;
    else if (!/\s/.test(char)) open = true;
  }
  return open || quote !== undefined;
}

/**
 * Splits SQL text at `;` outside quotes and comments; a line starting with `\` (a client's meta
 * command: psql's `\d`, mysql's `\!`) is a statement of its own that ends with the line.
 */
export function splitSqlStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let index = 0;
  const finish = (): void => {
    if (current.trim() !== '') statements.push(current.trim());
    current = '';
  };
  while (index < sql.length) {
    const char = sql[index] ?? '';
    if (char === '\\' && current.trim() === '') {
      const end = sql.indexOf('\n', index);
      current = sql.slice(index, end === -1 ? sql.length : end);
      finish();
      index = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      const end = sql.indexOf(char, index + 1);
      current += sql.slice(index, end === -1 ? sql.length : end + 1);
      index = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (char === '-' && sql[index + 1] === '-') {
      const end = sql.indexOf('\n', index);
      index = end === -1 ? sql.length : end + 1;
      current += ' ';
      continue;
    }
    if (char === '/' && sql[index + 1] === '*') {
      const end = sql.indexOf('*/', index + 2);
      index = end === -1 ? sql.length : end + 2;
      current += ' ';
      continue;
    }
    if (char === ';') finish();
    else current += char;
    index++;
  }
  finish();
  return statements;
}

// client meta commands that only show: psql's \d family, \l, \conninfo; mysql's status
const READING_META =
  /^\\(?:d[a-zA-Z+]*|l\+?|list|conninfo|encoding|timing|x|q|quit|\?|h|help|echo|s|status|c|connect)\b/;
// statements that only read, or only set up the session
const READING_VERBS: ReadonlySet<string> = new Set([
  'SELECT',
  'SHOW',
  'DESCRIBE',
  'DESC',
  'VALUES',
  'TABLE',
  'BEGIN',
  'START',
  'COMMIT',
  'ROLLBACK',
  'END',
  'SET',
  'USE',
  'HELP',
  'STATUS',
]);
// what reaches past the database: a server file or program, a client's shell, pager or output file
const REACHES_OUT =
  /\b(?:into\s+(?:outfile|dumpfile)|program\s+'|load_file\s*\(|pg_read_file|pg_ls_dir|lo_export|lo_import)/i;
const CLIENT_ESCAPES: ReadonlySet<string> = new Set(['SYSTEM', 'TEE', 'PAGER', 'SOURCE', 'COPY']);

const words = (statement: string): string[] => statement.split(/\s+/).filter((word) => word !== '');
const bare = (name: string | undefined): string => (name ?? '').replace(/[`"']/g, '').replace(/[(,]$/, '');

/** The object a DROP or TRUNCATE names, after its kind and an `IF EXISTS`. */
function droppedObject(rest: readonly string[]): { kind: string; name: string } {
  const upper = rest.map((word) => word.toUpperCase());
  const kindEnd = upper[0] === 'MATERIALIZED' || upper[0] === 'FOREIGN' ? 2 : 1;
  const kind = upper.slice(0, kindEnd).join(' ');
  const skip = upper[kindEnd] === 'IF' && upper[kindEnd + 1] === 'EXISTS' ? kindEnd + 2 : kindEnd;
  return { kind, name: bare(rest[skip]) };
}

/** Reads one statement (see splitSqlStatements) for what it does to the database. */
export function classifySqlStatement(statement: string): SqlStatementReading {
  const all = words(statement);
  const verb = (all[0] ?? '').toUpperCase();
  const read = (kind: SqlStatementKind, shown: string, target = ''): SqlStatementReading => ({
    kind,
    verb: shown,
    target,
    statement,
  });
  if (statement.startsWith('\\'))
    return READING_META.test(statement) ? read('read', verb) : read('unknown', all[0] ?? '\\');
  if (REACHES_OUT.test(statement) || CLIENT_ESCAPES.has(verb)) return read('unknown', verb);
  const upper = statement.toUpperCase();
  switch (verb) {
    case 'DROP': {
      const dropped = droppedObject(all.slice(1));
      return read('destroys', `DROP ${dropped.kind}`, dropped.name);
    }
    case 'TRUNCATE': {
      const rest = all.slice(1);
      const name = rest[0]?.toUpperCase() === 'TABLE' ? rest[1] : rest[0];
      return read('destroys', 'TRUNCATE', bare(name));
    }
    case 'DELETE':
    case 'UPDATE': {
      const table = verb === 'DELETE' ? all[all.findIndex((word) => word.toUpperCase() === 'FROM') + 1] : all[1];
      const unconditional = !/\bWHERE\b/.test(upper);
      return unconditional
        ? read('destroys', `${verb} without WHERE`, bare(table))
        : read('changes', verb, bare(table));
    }
    case 'ALTER': {
      if (!/\bDROP\b/.test(upper)) return read('changes', verb);
      return read('destroys', `ALTER ${(all[1] ?? '').toUpperCase()} ... DROP`, bare(all[2]));
    }
    case 'EXPLAIN':
      // EXPLAIN ANALYZE runs the statement it explains
      return /^EXPLAIN\s+(?:\(.*ANALY[SZ]E.*\)|ANALY[SZ]E)/i.test(statement)
        ? { ...classifySqlStatement(statement.replace(/^EXPLAIN\s+(?:\([^)]*\)|ANALY[SZ]E)\s*/i, '')), statement }
        : read('read', verb);
    case 'SELECT':
      return /\bINTO\b/.test(upper) ? read('changes', verb) : read('read', verb);
    case 'WITH':
      return /\b(?:DELETE|UPDATE|INSERT|DROP|TRUNCATE)\b/.test(upper) ? read('changes', verb) : read('read', verb);
    default:
      return READING_VERBS.has(verb) ? read('read', verb) : read('changes', verb);
  }
}

/** Every statement of SQL text, read. */
export function readSqlText(sql: string): SqlStatementReading[] {
  return splitSqlStatements(sql).map(classifySqlStatement);
}
