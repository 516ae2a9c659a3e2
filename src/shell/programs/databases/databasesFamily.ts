import type { ProgramFamily } from '../../registry/programFamily';
import { DATABASE_COMMANDS } from './databaseSpecs';
import { mongoReader } from './mongoReader';
import { redisReader } from './redisReader';
import { mysqlReader, psqlReader } from './sqlClientReader';
import { SQL_RUN_FILES } from './sqlRunFiles';

/** The databases family: psql, mysql, redis-cli, mongosh, mysqladmin and prisma. */
export const DATABASES_FAMILY: ProgramFamily = {
  specs: [() => DATABASE_COMMANDS],
  readers: { psql: psqlReader, mysql: mysqlReader, redis: redisReader, mongo: mongoReader },
  runFiles: { sql: SQL_RUN_FILES },
};
