import type { CommandSpec, CommandSpecs } from '../../catalog/commandSpec';
import { destroying, destroys, naming, NAMES, resourceCli, resourceVerbs } from './serviceRules';

// CLIs of hosted services, written `PROGRAM RESOURCE VERB`: Algolia's search indexes, Fastly's
// CDN, PagerDuty's `pd`, CircleCI. A resource such as Fastly's or PagerDuty's `service` is the
// hosted service's own object, never a service of this machine. Listing, describing and
// creating name things the service holds; what deletes, clears or moves them, or puts a
// configuration live, is SYSTEM_IMPACT; CircleCI's config commands read the file they check.

// the notes are ones the prompt's Russian already words (src/approval/evidenceWords.ts)
const DELETES = destroys('deletes a configuration entry', 'service', [
  'algolia indices delete products',
  'fastly backend delete --name origin',
  'pd service delete P123',
  'circleci context delete org/my-org context/prod',
]);

const ALGOLIA: CommandSpec = resourceCli(
  resourceVerbs(['list', 'get', 'browse', 'export', 'config', 'search', 'set', 'save'], {
    delete: DELETES,
    clear: destroys('deletes stored objects', 'database', ['algolia indices clear products']),
    // over the index it is moved to
    move: destroys('moves objects, deleting them where they were', 'database', ['algolia indices move a b']),
  }),
  { search: { unknownOptions: 'data', operands: 'data' } },
);

const FASTLY_VERBS = resourceVerbs(['list', 'describe', 'search', 'create', 'update', 'clone', 'lock', 'diff'], {
  delete: DELETES,
  // puts a service configuration live on the CDN, or takes it off
  activate: destroys('infrastructure change', 'service', ['fastly service version activate --version 5']),
  deactivate: destroys('infrastructure change', 'service', ['fastly service version deactivate --version 5']),
  // puts a package of code live on the CDN
  deploy: destroys('site deploy', 'service', ['fastly compute deploy']),
  publish: destroys('site deploy', 'service', ['fastly compute publish']),
});

const FASTLY: CommandSpec = resourceCli(
  FASTLY_VERBS,
  {
    whoami: NAMES,
    // the content the CDN has cached
    purge: destroying(destroys('deletes stored objects', 'service', ['fastly purge --all'])),
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
    'remove-secret': destroys('deletes secrets', 'privileges', [
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
