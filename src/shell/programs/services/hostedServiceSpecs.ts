import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';
import { destroying, destroys, naming, NAMES, resourceCli, resourceVerbs } from './serviceRules';

// CLIs of hosted services, written `PROGRAM RESOURCE VERB`: Algolia's search indexes, Fastly's
// CDN, PagerDuty's `pd`, CircleCI. A resource such as Fastly's or PagerDuty's `service` is the
// hosted service's own object, never a service of this machine. Listing, describing and
// creating name things the service holds; what deletes, clears or moves them, or puts a
// configuration live, is SYSTEM_IMPACT; CircleCI's config commands read the file they check.

const DELETES = destroys('deletes what a hosted service holds', 'service', [
  'algolia indices delete products',
  'fastly backend delete --name origin',
  'pd service delete P123',
  'circleci context delete org/my-org context/prod',
]);

const ALGOLIA: CommandSpec = resourceCli(
  resourceVerbs(['list', 'get', 'browse', 'export', 'config', 'search', 'set', 'save'], {
    delete: DELETES,
    clear: destroys('clears every record of a search index', 'database', ['algolia indices clear products']),
    move: destroys('moves a search index over another, replacing it', 'database', ['algolia indices move a b']),
  }),
  { search: { unknownOptions: 'data', operands: 'data' } },
);

const FASTLY_VERBS = resourceVerbs(['list', 'describe', 'search', 'create', 'update', 'clone', 'lock', 'diff'], {
  delete: DELETES,
  activate: destroys('puts a service configuration live on the CDN', 'service', [
    'fastly service version activate --version 5',
  ]),
  deactivate: destroys('takes a service configuration off the CDN', 'service', [
    'fastly service version deactivate --version 5',
  ]),
  deploy: destroys('puts a package of code live on the CDN', 'service', ['fastly compute deploy']),
  publish: destroys('builds a package of code and puts it live on the CDN', 'service', ['fastly compute publish']),
});

const FASTLY: CommandSpec = resourceCli(
  FASTLY_VERBS,
  {
    whoami: NAMES,
    purge: destroying(destroys('purges cached content from the CDN', 'service', ['fastly purge --all'])),
    // a service's versions, and each logging provider, are resources below a resource
    service: { subcommands: { ...FASTLY_VERBS.subcommands, version: FASTLY_VERBS } },
    'service-version': FASTLY_VERBS,
    logging: { anySubcommand: FASTLY_VERBS },
  },
  '-h|--help|-v|--version|--json|-j|--verbose|-d|--debug-mode|--accept-defaults|-y|--auto-yes|--non-interactive|-i',
);

const PD: CommandSpec = resourceCli(
  resourceVerbs(['list', 'get', 'show', 'open', 'create', 'update', 'ack', 'resolve', 'assign', 'merge', 'snooze'], {
    delete: DELETES,
  }),
  { login: NAMES, auth: { anySubcommand: NAMES } },
);

const CIRCLECI: CommandSpec = resourceCli(
  resourceVerbs(['list', 'get', 'info', 'status', 'show', 'create', 'store-secret', 'source', 'validate', 'run'], {
    delete: DELETES,
    'remove-secret': destroys('removes a secret from a CircleCI context', 'privileges', [
      'circleci context remove-secret org/my-org context/prod AWS_ACCESS_KEY_ID',
    ]),
  }),
  {
    diagnostic: NAMES,
    setup: NAMES,
    // the configuration it checks, processes or packs is read here
    config: {
      subcommands: {
        ...naming(['migrate']),
        validate: { operands: 'read' },
        process: { operands: 'read' },
        pack: { operands: 'read' },
      },
    },
    // runs a job of the project's configuration in a container here
    local: { subcommands: { execute: { unknownOptions: 'data', operands: 'data', runsProjectCode: true } } },
  },
);

/** algolia, fastly, pd (PagerDuty) and circleci. */
export const HOSTED_SERVICE_COMMANDS: CommandSpecs = {
  algolia: ALGOLIA,
  fastly: FASTLY,
  pd: PD,
  circleci: CIRCLECI,
};
