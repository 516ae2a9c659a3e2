import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize, type RiskCategory } from '../../../src/index';
import { classifySqlStatement, splitSqlStatements } from '../../../src/shell/sql/sqlStatements';
import { makeWorkspace } from '../../support/workspace';

// databases: the SQL given to psql and mysql (sqlClientReader.ts, sqlRunFiles.ts), redis-cli's
// commands (redisReader.ts), mongosh's --eval (mongoReader.ts), mysqladmin and prisma as data
// (databaseSpecs.ts). With the everyday approvals given, what destroys data is still asked.

const EVERYDAY: readonly RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

const root = makeWorkspace({ orchestration: false });
writeFileSync(
  path.join(root, 'reset.sql'),
  '-- start again\nDROP TABLE IF EXISTS users;\nCREATE TABLE users (id int);\n',
);
writeFileSync(path.join(root, 'schema.sql'), 'CREATE TABLE users (id int);\nINSERT INTO users VALUES (1);\n');

/** The categories of a call the everyday approvals do not cover, and its SYSTEM_IMPACT details. */
function held(command: string): { asked: RiskCategory[]; details: (readonly string[])[] } {
  const risk = categorize('shell', { command }, { workspaceRoot: root });
  return {
    asked: risk.categories.filter((category) => !EVERYDAY.includes(category)),
    details: risk.evidence.filter((item) => item.category === 'SYSTEM_IMPACT').map((item) => item.details),
  };
}

interface HeldCase {
  readonly name: string;
  readonly command: string;
  readonly details: readonly (readonly [string, string, string])[];
}

describe('commands that destroy what a data store holds are SYSTEM_IMPACT, asked past the everyday approvals', () => {
  it.each<HeldCase>([
    {
      name: 'psql -c DROP TABLE names the table and the database',
      command: `psql -h db.example.com -d app -c 'DROP TABLE users'`,
      details: [['psql DROP TABLE users', 'database app on db.example.com', 'database']],
    },
    {
      name: 'psql with grouped flags -tAc',
      command: `psql -tAc 'DROP TABLE users' app`,
      details: [['psql DROP TABLE users', 'database app', 'database']],
    },
    {
      name: 'psql --command abbreviated',
      command: `psql --comm='DROP TABLE users'`,
      details: [['psql DROP TABLE users', '', 'database']],
    },
    {
      name: 'mysql with a password attached to -p',
      command: `mysql -uroot -psecret -p -e 'TRUNCATE t' shop`,
      details: [['mysql TRUNCATE t', 'database shop', 'database']],
    },
    {
      name: 'psql with a URL',
      command: `psql postgresql://me@db.example.com:5432/app -c 'drop schema if exists public cascade'`,
      details: [['psql DROP SCHEMA public', 'database app on db.example.com', 'database']],
    },
    {
      name: 'psql DELETE without WHERE',
      command: `psql app -c 'DELETE FROM sessions'`,
      details: [['psql DELETE without WHERE sessions', 'database app', 'database']],
    },
    {
      name: 'psql ALTER TABLE ... DROP COLUMN among reads',
      command: `psql -c 'SELECT 1; ALTER TABLE users DROP COLUMN email;'`,
      details: [['psql ALTER TABLE ... DROP users', '', 'database']],
    },
    {
      name: 'psql on a here-string',
      command: `psql app <<< 'TRUNCATE audit'`,
      details: [['psql TRUNCATE audit', 'database app', 'database']],
    },
    {
      name: 'psql -f a workspace file that drops a table',
      command: 'psql -d app -f reset.sql',
      details: [['psql DROP TABLE users', 'database app', 'database']],
    },
    {
      name: 'psql reading that file on stdin',
      command: 'psql app < reset.sql',
      details: [['psql DROP TABLE users', 'database app', 'database']],
    },
    {
      name: 'mysql -e TRUNCATE',
      command: `mysql -uroot -hdb.local shop -e 'TRUNCATE t'`,
      details: [['mysql TRUNCATE t', 'database shop on db.local', 'database']],
    },
    {
      name: 'mariadb --execute= DROP DATABASE',
      command: `mariadb --execute='DROP DATABASE shop'`,
      details: [['mariadb DROP DATABASE shop', '', 'database']],
    },
    {
      name: 'mysql UPDATE without WHERE',
      command: `mysql -D shop -e 'UPDATE users SET admin = 1'`,
      details: [['mysql UPDATE without WHERE users', 'database shop', 'database']],
    },
    {
      name: 'mysqladmin drop',
      command: 'mysqladmin -f drop shop',
      details: [['mysqladmin drop', 'shop', 'database']],
    },
    {
      name: 'redis-cli FLUSHALL',
      command: 'redis-cli -h cache.local FLUSHALL',
      details: [['redis-cli FLUSHALL', 'host cache.local', 'database']],
    },
    {
      name: 'redis-cli FLUSHDB on a numbered database',
      command: 'redis-cli -n 2 flushdb',
      details: [['redis-cli FLUSHDB', 'database #2', 'database']],
    },
    {
      name: 'redis-cli --askpass, a flag in its option table, before FLUSHDB',
      command: 'redis-cli --askpass -n 2 FLUSHDB',
      details: [['redis-cli FLUSHDB', 'database #2', 'database']],
    },
    {
      name: 'psql flags from its option table before -c',
      command: `psql -X --echo-all -c 'DROP TABLE users'`,
      details: [['psql DROP TABLE users', '', 'database']],
    },
    {
      name: 'redis-cli DEL names the keys',
      command: 'redis-cli DEL session:1 session:2',
      details: [['redis-cli DEL session:1 session:2', '', 'database']],
    },
    {
      name: 'redis-cli CONFIG SET',
      command: 'redis-cli CONFIG SET dir /tmp',
      details: [['redis-cli CONFIG SET dir /tmp', '', 'database']],
    },
    {
      name: 'redis-cli UNLINK',
      command: 'redis-cli UNLINK cache:1',
      details: [['redis-cli UNLINK cache:1', '', 'database']],
    },
    {
      name: 'redis-cli SHUTDOWN',
      command: 'redis-cli shutdown nosave',
      details: [['redis-cli SHUTDOWN nosave', '', 'database']],
    },
    {
      name: 'mongosh --eval dropIndexes()',
      command: `mongosh shop --eval 'db.users.dropIndexes()'`,
      details: [['mongosh db.users.dropIndexes()', 'database shop', 'database']],
    },
    {
      name: 'psql EXPLAIN ANALYZE of a DELETE without WHERE',
      command: `psql app -c 'EXPLAIN ANALYZE DELETE FROM t'`,
      details: [['psql DELETE without WHERE t', 'database app', 'database']],
    },
    {
      name: 'mongosh --eval dropDatabase()',
      command: `mongosh mongodb://db.local/shop --eval 'db.dropDatabase()'`,
      details: [['mongosh db.dropDatabase()', 'database shop on db.local', 'database']],
    },
    {
      name: 'mongo --eval deleteMany({})',
      command: `mongo shop --eval 'db.orders.deleteMany({})'`,
      details: [['mongo db.orders.deleteMany({})', 'database shop', 'database']],
    },
    {
      name: 'mongosh --eval drop() of a collection',
      command: `mongosh --eval 'db.users.drop()'`,
      details: [['mongosh db.users.drop()', '', 'database']],
    },
    {
      name: 'prisma migrate reset --force',
      command: 'prisma migrate reset --force',
      details: [['prisma migrate reset', '', 'database']],
    },
    {
      name: 'prisma db push --force-reset',
      command: 'prisma db push --force-reset',
      details: [['prisma db push', '', 'database']],
    },
  ])('$name', ({ command, details }) => {
    expect(held(command)).toEqual({ asked: ['SYSTEM_IMPACT'], details });
  });
});

describe('reads and everyday changes of a data store raise nothing past the everyday approvals', () => {
  it.each([
    { name: 'a benign psql SELECT', command: `psql -d app -c 'SELECT id, name FROM users WHERE id = 1'` },
    { name: 'psql \\d', command: `psql app -c '\\d users'` },
    { name: 'psql \\dt on a here-string', command: `psql app <<< '\\dt'` },
    { name: 'psql EXPLAIN', command: `psql -c 'EXPLAIN SELECT * FROM users'` },
    { name: 'psql DELETE with WHERE', command: `psql -c 'DELETE FROM sessions WHERE expires < now()'` },
    { name: 'psql -f a file that only creates', command: 'psql -d app -f schema.sql' },
    { name: 'mysql SHOW TABLES', command: `mysql -e 'SHOW TABLES' shop` },
    { name: 'mysql DESCRIBE', command: `mysql shop -e 'DESCRIBE users'` },
    { name: 'redis-cli GET', command: 'redis-cli GET session:1' },
    { name: 'redis-cli KEYS', command: `redis-cli KEYS 'session:*'` },
    { name: 'redis-cli INFO', command: 'redis-cli -h cache.local INFO' },
    { name: 'redis-cli CONFIG GET', command: 'redis-cli CONFIG GET dir' },
    { name: 'mongosh --eval find()', command: `mongosh shop --eval 'db.users.find({ active: true })'` },
    { name: 'mysqladmin status', command: 'mysqladmin status' },
    { name: 'psql INSERT and CREATE', command: `psql app -c 'CREATE TABLE t (id int); INSERT INTO t VALUES (1)'` },
    { name: 'SQL piped from another command is not read', command: 'cat reset.sql | psql app' },
    { name: 'prisma migrate deploy', command: 'prisma migrate deploy' },
    { name: 'prisma migrate status', command: 'prisma migrate status' },
    { name: 'prisma db push', command: 'prisma db push' },
    { name: 'prisma generate', command: 'prisma generate' },
  ])('$name', ({ command }) => {
    expect(held(command)).toEqual({ asked: [], details: [] });
  });

  it('raises only EXEC_ARBITRARY for a benign psql SELECT, no possible write', () => {
    const risk = categorize(
      'shell',
      { command: `psql -h localhost app -c 'SELECT count(*) FROM users'` },
      { workspaceRoot: root },
    );
    expect(risk.categories).toEqual(['EXEC_ARBITRARY']);
  });
});

describe('what a SQL client runs past the database fails closed', () => {
  it.each([
    { name: 'psql \\! runs a shell', command: `psql -c '\\! touch marker'` },
    { name: 'mysql system runs a shell', command: `mysql -e 'system touch marker'` },
    { name: 'psql \\o writes a file', command: `psql -c '\\o /tmp/out'` },
    { name: 'mysql INTO OUTFILE', command: `mysql -e "SELECT * FROM t INTO OUTFILE '/tmp/x'"` },
    { name: 'COPY ... TO PROGRAM', command: `psql -c "COPY users TO PROGRAM 'touch marker'"` },
    { name: 'SQL built at run time', command: 'psql -c "$SQL"' },
    { name: 'mongosh --eval built at run time', command: 'mongosh --eval "$JS"' },
  ])('$name', ({ command }) => {
    expect(held(command).asked).toContain('SUDO');
  });
});

describe('SQL statements', () => {
  it.each([
    { sql: 'drop table if exists "users" cascade', kind: 'destroys', verb: 'DROP TABLE', target: 'users' },
    { sql: 'DROP MATERIALIZED VIEW v', kind: 'destroys', verb: 'DROP MATERIALIZED VIEW', target: 'v' },
    { sql: 'TRUNCATE TABLE audit', kind: 'destroys', verb: 'TRUNCATE', target: 'audit' },
    { sql: 'delete from t', kind: 'destroys', verb: 'DELETE without WHERE', target: 't' },
    { sql: 'delete from t where id = 1', kind: 'changes', verb: 'DELETE', target: 't' },
    { sql: 'EXPLAIN ANALYZE DELETE FROM t', kind: 'destroys', verb: 'DELETE without WHERE', target: 't' },
    { sql: 'EXPLAIN DELETE FROM t', kind: 'read', verb: 'EXPLAIN', target: '' },
    { sql: 'INSERT INTO t VALUES (1)', kind: 'changes', verb: 'INSERT', target: '' },
    { sql: 'SELECT * INTO copy FROM t', kind: 'changes', verb: 'SELECT', target: '' },
    { sql: "SELECT 1 INTO OUTFILE '/tmp/x'", kind: 'unknown', verb: 'SELECT', target: '' },
    { sql: '\\dt+', kind: 'read', verb: '\\DT+', target: '' },
    { sql: '\\o /tmp/out', kind: 'unknown', verb: '\\o', target: '' },
  ])('$sql is $kind', ({ sql, kind, verb, target }) => {
    expect(classifySqlStatement(sql)).toEqual({ kind, verb, target, statement: sql });
  });

  it('splits at semicolons outside quotes and comments, and a meta command at its line end', () => {
    expect(splitSqlStatements("SELECT ';' -- a; comment\n; /* x; */ DROP TABLE t;\n\\d users\nSELECT 2")).toEqual([
      "SELECT ';'",
      'DROP TABLE t',
      '\\d users',
      'SELECT 2',
    ]);
  });
});
