import type { ProgramFamily } from '../../registry/programFamily';
import { SQLITE_COMMANDS } from './sqliteSpecs';
import { sqliteReader } from './sqliteReader';
import { SQLITE_RUN_FILES } from './sqliteRunFiles';

/** The sqlite family: sqlite3 and the files of commands it runs. */
export const SQLITE_FAMILY: ProgramFamily = {
  specs: [() => SQLITE_COMMANDS],
  readers: { sqlite: sqliteReader },
  runFiles: { sqlite: SQLITE_RUN_FILES },
};
