import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader, ReaderSite } from '../../catalog/reader';
import type { ShellWord } from '../../words/shellWord';
import { readSqlText } from '../../sql/sqlStatements';
import {
  clientOptionsOf,
  lastValue,
  readClientWords,
  shellQuoted,
  type ClientWords,
  type TargetOptions,
} from './clientOptions';
import { placeOf, statementEffects } from './databaseFindings';

/** How one SQL client reads its line: the options that name its target, and how a restated line names them. */
interface SqlClient {
  readonly targets: TargetOptions;
  /** the options that name the database, the host, and take SQL, as a restated line writes them */
  readonly restate: { readonly database: string; readonly host: string; readonly sql: string };
}

const PSQL: SqlClient = {
  targets: { '-d': 'database', '--dbname': 'database', '-h': 'host', '--host': 'host' },
  restate: { database: '-d', host: '-h', sql: '-c' },
};

// mysql, mariadb
const MYSQL: SqlClient = {
  targets: { '-D': 'database', '--database': 'database', '-h': 'host', '--host': 'host' },
  restate: { database: '-D', host: '-h', sql: '-e' },
};

/** A postgres URL's database and host (`postgresql://u@db.example.com:5432/app`), or a plain name. */
function target(word: string | undefined): { database: string; host: string } {
  const url = /^[a-z+]+:\/\/(?:[^@/]*@)?([^/:?]*)(?::\d+)?\/?([^?]*)/i.exec(word ?? '');
  if (url !== null) return { host: url[1] ?? '', database: url[2] ?? '' };
  return { database: word ?? '', host: '' };
}

/** Where the client connects: its database option or first operand, its host option or URL. */
function whereOf(read: ClientWords): string {
  const named = target(databaseOf(read));
  return placeOf(named.database, lastValue(read, 'host') || named.host);
}

/** The database the line names: its option, or its first operand (a name or a URL). */
function databaseOf(read: ClientWords): string {
  return lastValue(read, 'database') || (read.operands[0]?.value ?? '');
}

/** The client's line a file's statements are restated under (`psql -d 'app' -h 'db' -c`). */
function restatedLine(reading: CommandReading, read: ClientWords, client: SqlClient): string {
  const database = databaseOf(read);
  const host = lastValue(read, 'host');
  return [
    reading.name,
    ...(database === '' ? [] : [client.restate.database, shellQuoted(database)]),
    ...(host === '' ? [] : [client.restate.host, shellQuoted(host)]),
    client.restate.sql,
  ].join(' ');
}

/** A file of SQL the client runs: read through the workspace files, its statements restated (sqlRunFiles.ts). */
function sqlFile(effects: CommandEffects, word: ShellWord, script: string): void {
  effects.paths.push({ word, role: 'read' });
  effects.scriptRuns.push({ word, how: 'sql', script });
}

/** SQL read from stdin when the line gives none: text known statically is read, the rest is not analysed. */
function stdinEffects(
  effects: CommandEffects,
  reading: CommandReading,
  site: ReaderSite,
  line: { where: string; script: string },
): void {
  const where = line.where;
  const stdin = site.stdin();
  switch (stdin.kind) {
    case 'text':
      statementEffects(effects, reading, readSqlText(stdin.text), where);
      break;
    case 'file':
      sqlFile(effects, stdin.word, line.script);
      break;
    case 'runtime':
      effects.unanalysed.push(`SQL piped into ${reading.name}`);
      break;
    default:
      break;
  }
}

function sqlClientReader(client: SqlClient): Reader {
  return {
    readsArguments: true,
    read(reading, site) {
      const effects = noEffects();
      const read = readClientWords(reading.words, clientOptionsOf(reading.node, client.targets));
      const where = whereOf(read);
      const script = restatedLine(reading, read, client);
      const sql = read.values.get('code') ?? [];
      for (const word of sql) {
        if (word.value === undefined)
          effects.problems.push({
            reason: `SQL for ${reading.name} built at run time: fail closed`,
            trigger: word.source,
          });
        else statementEffects(effects, reading, readSqlText(word.value), where);
      }
      const files = read.values.get('program') ?? [];
      for (const word of read.values.get('read') ?? []) effects.paths.push({ word, role: 'read' });
      for (const word of files) sqlFile(effects, word, script);
      for (const word of read.values.get('write') ?? []) effects.paths.push({ word, role: 'write' });
      for (const word of read.values.get('script') ?? [])
        effects.problems.push({ reason: `${reading.name} --pager runs a command: fail closed`, trigger: word.source });
      if (sql.length === 0 && files.length === 0) stdinEffects(effects, reading, site, { where, script });
      return effects;
    },
  };
}

/** psql: SQL from `-c`, a file from `-f`, or stdin; the database from `-d`, an operand or a URL. */
export const psqlReader: Reader = sqlClientReader(PSQL);

/** mysql and mariadb: SQL from `-e`, or stdin; the database from `-D` or an operand, the host from `-h`. */
export const mysqlReader: Reader = sqlClientReader(MYSQL);
