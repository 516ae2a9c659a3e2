import type { CommandSpec, CommandSpecs, RuleSpec } from '../../catalog/commandSpec';

// database clients and migration tools: the SQL, commands and scripts they are given are read by
// this family's readers (sqlClientReader.ts, redisReader.ts, mongoReader.ts) for what destroys data

const DROPS_DATABASE: RuleSpec = {
  category: 'SYSTEM_IMPACT',
  note: 'drops a database',
  level: 'database',
  examples: ['mysqladmin drop app', 'mysqladmin -f -h db.example.com drop app'],
  notExamples: ['mysqladmin status', 'mysqladmin create app'],
};

const MYSQLADMIN_VERB: CommandSpec = { operands: 'data' };

const MYSQLADMIN: CommandSpec = {
  globalOptions: {
    '-h|--host|-u|--user|-P|--port|-S|--socket|--protocol|-c|--count|-i|--sleep|-w|--wait|--connect-timeout': 'data',
    '--defaults-file|--defaults-extra-file': 'read',
    '-f|--force|-s|--silent|-v|--verbose|-r|--relative|-E|--vertical|-p|--password|--ssl|--help|-V|--version': 'flag',
  },
  subcommands: {
    drop: { operands: 'data', rules: [DROPS_DATABASE] },
    create: MYSQLADMIN_VERB,
    status: MYSQLADMIN_VERB,
    ping: MYSQLADMIN_VERB,
    version: MYSQLADMIN_VERB,
    variables: MYSQLADMIN_VERB,
    processlist: MYSQLADMIN_VERB,
    'extended-status': MYSQLADMIN_VERB,
  },
};

const RESETS_DATABASE: RuleSpec = {
  category: 'SYSTEM_IMPACT',
  note: 'drops and recreates the database',
  level: 'database',
  examples: ['prisma migrate reset --force', 'prisma migrate reset'],
  notExamples: ['prisma migrate deploy', 'prisma migrate status', 'prisma db push', 'prisma generate'],
};

const PRISMA_OPTIONS: CommandSpec['options'] = {
  '--schema': 'read',
  '--name|-n|--url|--from-url|--to-url|--from-schema-datamodel|--to-schema-datamodel|--from-migrations|--to-migrations':
    'data',
  '--force|-f|--skip-seed|--skip-generate|--create-only|--accept-data-loss|--help|-h|--preview-feature': 'flag',
};

const PRISMA: CommandSpec = {
  globalOptions: PRISMA_OPTIONS,
  subcommands: {
    migrate: {
      subcommands: {
        reset: { rules: [RESETS_DATABASE] },
        deploy: {},
        dev: {},
        status: {},
        resolve: { options: { '--applied|--rolled-back': 'data' } },
        diff: { options: { '--script|--exit-code': 'flag', '-o|--output': 'write' } },
      },
    },
    db: {
      subcommands: {
        push: {
          options: { '--force-reset': 'flag' },
          rules: [
            { ...RESETS_DATABASE, when: { options: ['--force-reset'] }, examples: ['prisma db push --force-reset'] },
          ],
        },
        pull: { options: { '--force|--print': 'flag' } },
        seed: {},
        execute: { options: { '--file': 'read', '--stdin': 'flag' } },
      },
    },
    generate: { options: { '--watch|--no-engine|--data-proxy|--accelerate': 'flag', '--generator': 'data' } },
    format: {},
    validate: {},
    version: {},
    studio: { options: { '-p|--port|-b|--browser': 'data' } },
  },
};

/** psql, mysql, mariadb, mysqladmin, redis-cli, mongosh, prisma. */
export const DATABASE_COMMANDS: CommandSpecs = {
  // SQL given with -c, -f or on stdin: what destroys data is SYSTEM_IMPACT, a shell escape fails closed
  psql: { reader: 'psql' },
  mysql: { aliases: ['mariadb'], reader: 'mysql' },
  mysqladmin: { aliases: ['mariadb-admin'], ...MYSQLADMIN },
  'redis-cli': { reader: 'redis' },
  mongosh: { aliases: ['mongo'], reader: 'mongo' },
  prisma: PRISMA,
};
