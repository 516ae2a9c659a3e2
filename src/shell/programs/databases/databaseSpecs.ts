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

// The clients' option tables: the readers read their words with them (clientOptions.ts), by kind:
// `code` is SQL, JavaScript or commands run on the server, `program` a file of it, `write` a file
// written, `read` a file read, `script` a command run here.

const PSQL: CommandSpec = {
  options: {
    '-c|--command': 'code',
    '-f|--file': 'program',
    '-d|--dbname|-h|--host|-p|--port|-U|--username|-v|--set|--variable|-P|--pset|-F|--field-separator|-R|--record-separator|-T|--table-attr':
      'data',
    '-o|--output|-L|--log-file': 'write',
    '-a|--echo-all|-b|--echo-errors|-e|--echo-queries|-E|--echo-hidden|-n|--no-readline|-q|--quiet|-s': 'flag',
    '--single-step|-S|--single-line|-A|--no-align|--csv|-H|--html|-t|--tuples-only|-x|--expanded|-z': 'flag',
    '--field-separator-zero|-0|--record-separator-zero|-w|--no-password|-W|--password|-X|--no-psqlrc|-1': 'flag',
    '--single-transaction|-l|--list|-V|--version': 'flag',
    '-?|--help': 'optional',
  },
  // [DBNAME [USERNAME]], the database a name or a URL
  operands: 'data',
  reader: 'psql',
};

const MYSQL: CommandSpec = {
  options: {
    '-e|--execute|--init-command': 'code',
    '-D|--database|-h|--host|-u|--user|-P|--port|-S|--socket|--protocol|--default-character-set|--connect-timeout|--prompt|--delimiter|--login-path':
      'data',
    '--defaults-file|--defaults-extra-file': 'read',
    '--tee': 'write',
    '--pager': 'script',
    // the password only when attached (`-pPASS`): a bare -p asks for it
    '-p|--password': 'optional',
    '-B|--batch|-N|--skip-column-names|-s|--silent|-t|--table|-v|--verbose|-f|--force|-E|--vertical|-X': 'flag',
    '--xml|-H|--html|-r|--raw|-n|--unbuffered|-q|--quick|-A|--no-auto-rehash|--auto-rehash|-C|--compress': 'flag',
    '-U|--safe-updates|--ssl|--skip-ssl|--no-defaults|--notee|--no-pager|--skip-pager|--show-warnings|-V': 'flag',
    '--version|-?|--help': 'flag',
  },
  operands: 'data',
  reader: 'mysql',
};

const REDIS_CLI: CommandSpec = {
  options: {
    '-h|-p|-s|-a|-u|-n|-r|-i|-d|-D|-t|--user|--pass|--sni|--cacert|--cacertdir|--cert|--key|--tls-ciphers': 'data',
    '--tls-ciphersuites|--pattern|--count|--quoted-pattern|--memkeys-samples|--lru-test|--pipe-timeout': 'data',
    '--intrinsic-latency|--cluster': 'data',
    // a Lua script sent to the server, which runs it there
    '--eval': 'read',
    '--rdb|--functions-rdb': 'write',
    '-x|-e|-c|-2|-3|-4|-6|--askpass|--raw|--no-raw|--quoted-input|--csv|--json|--quoted-json|--show-pushes': 'flag',
    '--stat|--latency|--latency-history|--latency-dist|--replica|--pipe|--bigkeys|--memkeys|--hotkeys': 'flag',
    '--keystats|--scan|--ldb|--ldb-sync-mode|--tls|--insecure|--no-auth-warning|--verbose|--help|--version': 'flag',
  },
  // COMMAND [ARG...], sent to the server
  operands: 'data',
  reader: 'redis',
};

const MONGOSH: CommandSpec = {
  options: {
    '--eval': 'code',
    '-f|--file': 'program',
    '--host|--port|-u|--username|-p|--password|--authenticationDatabase|--authenticationMechanism': 'data',
    '--tlsCertificateKeyFile|--tlsCertificateKeyFilePassword|--tlsCAFile|--tlsCRLFile|--apiVersion': 'data',
    '--awsAccessKeyId|--awsSecretAccessKey|--awsSessionToken|--gssapiServiceName': 'data',
    '--sspiHostnameCanonicalization|--sspiRealmOverride|--cryptSharedLibPath|--keyVaultNamespace|--kmsURL': 'data',
    '--jsContext|--browser|--oidcFlows|--oidcRedirectUri': 'data',
    '--quiet|--verbose|--nodb|--norc|--shell|--tls|--tlsAllowInvalidHostnames': 'flag',
    '--tlsAllowInvalidCertificates|--tlsUseSystemCA|--tlsFIPSMode|--apiStrict|--apiDeprecationErrors': 'flag',
    '--retryWrites|--build-info|-h|--help|--version': 'flag',
    '--json': 'optional',
  },
  // [DB ADDRESS] [FILE...]: the reader tells the script files it runs by their .js name
  operands: { leading: ['data'], rest: 'read' },
  reader: 'mongo',
};

/** psql, mysql, mariadb, mysqladmin, redis-cli, mongosh, prisma. */
export const DATABASE_COMMANDS: CommandSpecs = {
  // SQL given with -c, -f or on stdin: what destroys data is SYSTEM_IMPACT, a shell escape fails closed
  psql: PSQL,
  mysql: { aliases: ['mariadb'], ...MYSQL },
  mysqladmin: { aliases: ['mariadb-admin'], ...MYSQLADMIN },
  'redis-cli': REDIS_CLI,
  mongosh: { aliases: ['mongo'], ...MONGOSH },
  prisma: PRISMA,
};
