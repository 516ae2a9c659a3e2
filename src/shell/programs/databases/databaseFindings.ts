import type { CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { SqlStatementReading } from '../../sql/sqlStatements';

// a statement shown in a finding is cut here: the details name it, they do not carry it whole
const SHOWN = 80;

const clip = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SHOWN ? `${line.slice(0, SHOWN - 3)}...` : line;
};

/**
 * A command that destroys what a data store holds: SYSTEM_IMPACT, whose details say what
 * (`psql DROP TABLE users`) and where (`database app on db.example.com`).
 */
export function destroysData(
  effects: CommandEffects,
  reading: CommandReading,
  change: { readonly what: string; readonly statement: string; readonly where: string },
): void {
  effects.findings.push({
    category: 'SYSTEM_IMPACT',
    trigger: clip(change.statement),
    command: reading.command,
    note: `${change.what} destroys data in a data store`,
    details: [`${reading.name} ${change.what}`, change.where, 'database'],
  });
}

/** Where a client connects: `database app on db.example.com`, or '' when its line does not say. */
export function placeOf(database: string, host: string): string {
  if (database === '' && host === '') return '';
  if (database === '') return `host ${host}`;
  return host === '' ? `database ${database}` : `database ${database} on ${host}`;
}

/** The effects of SQL statements: destroying ones are SYSTEM_IMPACT, unfollowable ones fail closed. */
export function statementEffects(
  effects: CommandEffects,
  reading: CommandReading,
  statements: readonly SqlStatementReading[],
  where: string,
): void {
  for (const statement of statements) {
    if (statement.kind === 'unknown')
      effects.problems.push({
        reason: `${reading.name} ${statement.verb} reaches past the database (a shell, a file or a program): fail closed`,
        trigger: clip(statement.statement),
      });
    if (statement.kind !== 'destroys') continue;
    const what = statement.target === '' ? statement.verb : `${statement.verb} ${statement.target}`;
    destroysData(effects, reading, { what, statement: statement.statement, where });
  }
}
