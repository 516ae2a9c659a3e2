import type { CommandSpecs } from '../../catalog/commandSpec';

/** sqlite3. */
export const SQLITE_COMMANDS: CommandSpecs = {
  // a database file: SQL given on the line or on stdin changes it; its dot commands may run a shell or write files
  sqlite3: { reader: 'sqlite' },
};
