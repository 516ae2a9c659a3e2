import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';
import { destroying, destroys, naming, NAMES } from './serviceRules';

// the administration commands of servers run here: Kong's gateway and its decK, Prometheus's promtool,
// Splunk, GitLab's Rails console. Checking, parsing and testing read the files named; stopping
// the server, deleting what it holds or running code inside the application with all its data
// is SYSTEM_IMPACT.

const KONG: CommandSpec = {
  reader: 'service',
  globalOptions: { '-c|--conf': 'read', '-p|--prefix|--nginx-conf|--db-timeout|--lock-timeout': 'data' },
  options: { '--v|--vv|--help|-h|-v|--version': 'flag' },
  subcommands: {
    ...naming(['health', 'version', 'help', 'roar']),
    // the configuration it checks is read
    check: { operands: 'read' },
    config: {
      subcommands: {
        parse: { operands: 'read' },
        // a declarative configuration file written where it is named, kong.yml here by default
        init: { operands: { rest: 'overwrite', assumed: ['kong.yml'] } },
        db_export: { operands: { rest: 'overwrite', assumed: ['kong.yml'] } },
        db_import: destroying(
          // the gateway's entities in its database, replaced by the file's
          destroys('infrastructure change', 'database', ['kong config db_import kong.yml']),
          { operands: 'read' },
        ),
      },
    },
    start: { options: { '--run-migrations': 'flag' }, operands: 'data' },
    reload: NAMES,
    ...Object.fromEntries(
      ['stop', 'quit', 'restart'].map((verb) => [
        verb,
        destroying(destroys('stops or restarts the web server', 'service', [`kong ${verb}`])),
      ]),
    ),
    migrations: {
      subcommands: {
        ...naming(['list', 'bootstrap', 'up', 'finish']),
        reset: destroying(destroys('drops a database', 'database', ['kong migrations reset --yes'])),
      },
    },
  },
};

// Kong's decK: sync and apply make the gateway's entities match a declarative file, reset deletes
// them all; diff, dump, ping and validate only read the gateway, and its file commands turn
// declarative files into others here. The older verbs stand at the top as well as under `gateway`.
const DECK_GATEWAY_VERBS: Record<string, CommandSpec> = {
  sync: destroying(
    destroys('infrastructure change', 'service', ['deck gateway sync kong.yaml', 'deck sync --select-tag production']),
    { operands: 'read' },
  ),
  apply: destroying(destroys('infrastructure change', 'service', ['deck gateway apply kong.yaml']), {
    operands: 'read',
  }),
  reset: destroying(destroys('deletes stored objects', 'service', ['deck gateway reset --force', 'deck reset'])),
  diff: { operands: 'read' },
  validate: { operands: 'read' },
  ping: NAMES,
  // the gateway's configuration, written to kong.yaml unless --output-file names another file
  dump: {
    operands: { rest: 'overwrite', assumed: ['kong.yaml'] },
    with: { '-o|--output-file': { operands: 'data' } },
  },
};

const DECK: CommandSpec = {
  // every option but the flags listed takes a value (`--select-tag team-a`, `--kong-addr URL`)
  unknownOptions: 'data',
  globalOptions: {
    '-s|--state|-i|--input-file': 'read',
    '-o|--output-file': 'overwrite',
    '-h|--help|--version|--verbose|--no-color|--force|--yes|--skip-consumers|--json-output|--silence-events': 'flag',
  },
  subcommands: {
    ...DECK_GATEWAY_VERBS,
    gateway: { subcommands: DECK_GATEWAY_VERBS },
    // conversions of declarative files: what they read and write are their options
    file: { anySubcommand: { operands: 'read' } },
    convert: { operands: 'read' },
    ...naming(['version', 'help', 'completion']),
  },
};

const PROMTOOL: CommandSpec = {
  options: { '-h|--help|--version|--experimental|--enable-feature': 'flag' },
  subcommands: {
    // the files it checks or tests are read
    check: {
      anySubcommand: {
        options: { '--lint': 'data', '--extended|--lint-fatal|--syntax-only': 'flag' },
        operands: 'read',
      },
    },
    test: { subcommands: { rules: { operands: 'read' } } },
    // a query reaches the server at its URL operand, which the catalog sees as one
    query: { anySubcommand: { unknownOptions: 'data', operands: 'data' } },
    tsdb: {
      subcommands: { ...Object.fromEntries(['list', 'analyze', 'dump'].map((verb) => [verb, { operands: 'read' }])) },
    },
  },
};

// indexed events, indexes, users
const SPLUNK_DELETES = destroys('deletes stored objects', 'database', [
  'splunk clean eventdata -index main',
  'splunk remove index main',
  'splunk delete user alice',
]);

const SPLUNK: CommandSpec = {
  reader: 'service',
  // its options are words after one dash (`-index main`), each taking a value but -f
  globalOptions: {
    '-index|-auth|-uri|-app|-owner|-maxout|-output|-earliest_time|-latest_time|-timeout|-detach|-wrap|-preview': 'data',
    '-f|--answer-yes|--accept-license|--no-prompt': 'flag',
  },
  unknownOptions: 'data',
  // `splunk VERB OBJECT`: the verb comes first
  subcommands: {
    ...naming(['search', 'list', 'show', 'status', 'version', 'help', 'display', 'btool', 'validate']),
    ...Object.fromEntries(['clean', 'remove', 'delete'].map((verb) => [verb, destroying(SPLUNK_DELETES)])),
    ...Object.fromEntries(
      ['stop', 'restart', 'disable'].map((verb) => [
        verb,
        destroying(destroys('service control', 'service', [`splunk ${verb}`])),
      ]),
    ),
  },
};

// Ruby code run inside GitLab's application, with all its data (a note the prompt's Russian words already)
const RUNS_IN_APPLICATION = destroys('infrastructure change', 'database', [
  'gitlab-rails runner "Project.destroy_all"',
  'gitlab-rails console',
]);

const GITLAB_RAILS: CommandSpec = {
  reader: 'service',
  options: { '-e|--environment': 'data', '-h|--help': 'flag' },
  subcommands: {
    // its code, or the file of code it runs
    runner: destroying(RUNS_IN_APPLICATION, { options: { '-e|--environment': 'data' }, operands: 'data' }),
    console: destroying(RUNS_IN_APPLICATION, { options: { '-e|--environment': 'data', '-s|--sandbox': 'flag' } }),
  },
};

/** kong and deck, promtool, splunk and gitlab-rails. */
export const SERVER_ADMIN_COMMANDS: CommandSpecs = {
  kong: KONG,
  deck: DECK,
  promtool: PROMTOOL,
  splunk: SPLUNK,
  'gitlab-rails': GITLAB_RAILS,
};
