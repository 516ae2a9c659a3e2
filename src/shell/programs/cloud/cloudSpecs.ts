import type { CommandSpec, CommandSpecs, RuleSpec } from '../../catalog/commandSpec';

// Cloud CLIs and infrastructure tools: every call reaches a provider's API; the ones that
// change infrastructure also raise SYSTEM_IMPACT. Cloud CLIs take `--name value` options, which
// their specs read as data (`unknownOptions`); the subcommands that write local files are listed.

const DATA = { operands: 'data' } as const;

/** Every call of a cloud CLI but a request for its help (`aws ec2 help`, `gcloud compute --help`), see cloudChecks.ts. */
function cloudCall(examples: string[], notExamples: string[] = []): RuleSpec {
  return {
    category: 'NETWORK_RISK',
    note: 'cloud or cluster API call',
    purpose: 'cloud API call',
    when: { check: 'callsProvider' },
    examples,
    ...(notExamples.length === 0 ? {} : { notExamples }),
  };
}

/** A command of a cloud CLI not listed: its operands may name files it writes (`aws lambda invoke ... out.json`). */
const ANY_COMMAND: CommandSpec = { operands: 'unknown' };

/** `aws SERVICE ACTION [OPERANDS]`: two levels of subcommands, then operands. */
const SERVICE_ACTION: CommandSpec = { anySubcommand: ANY_COMMAND };

/**
 * An aws service none of whose actions writes a file here (none has a streaming output, the only
 * kind aws writes to an operand): its operands are the later values of a list option
 * (`ssm get-parameters --names /app/one /app/two`) or names (`logs tail /aws/lambda/f`), not files.
 */
const NAMES_ONLY: CommandSpec = { anySubcommand: DATA };

/**
 * Options of every aws command whose names read like files but whose values are names there: a
 * parameter or IAM path (`--path /app/`, `--path-prefix /service-role/`), paths to invalidate
 * (`--paths /*`), the output format (`--output json`). Listed, they are data.
 */
const AWS_NAME_OPTIONS =
  '--output|--query|--region|--profile|--endpoint-url|--color|--cli-read-timeout|--cli-connect-timeout|--cli-binary-format|--path|--path-prefix|--paths';

/**
 * gcloud, az and kin nest command groups to any depth: up to five words are read as groups and
 * commands (`gcloud container clusters get-credentials NAME`), what follows as operands.
 */
const NESTED_GROUPS: CommandSpec = [1, 2, 3, 4].reduce<CommandSpec>((inner) => ({ anySubcommand: inner }), ANY_COMMAND);

const INFRA_NETWORK: RuleSpec = {
  category: 'NETWORK_RISK',
  note: 'infrastructure provider call',
  purpose: 'provider API call',
  examples: ['terraform plan -out tf.plan', 'terraform init', 'pulumi preview'],
};
const INFRA_CHANGE: RuleSpec = {
  category: 'SYSTEM_IMPACT',
  note: 'infrastructure change',
  level: 'infrastructure',
  examples: ['terraform apply -auto-approve', 'terraform -chdir=infra destroy', 'pulumi up'],
};

function infra(names: readonly string[], rules: RuleSpec[], spec: CommandSpec = DATA): Record<string, CommandSpec> {
  return Object.fromEntries(names.map((name) => [name, { ...spec, rules }]));
}

const TERRAFORM: CommandSpec = {
  aliases: ['tofu', 'terragrunt'],
  options: { '-chdir': 'data', '-help|-version|-v': 'flag' },
  unknownOptions: 'data',
  subcommands: {
    ...infra(['init', 'plan', 'refresh', 'get', 'login', 'logout', 'providers'], [INFRA_NETWORK]),
    ...infra(['apply', 'destroy', 'import', 'force-unlock'], [INFRA_NETWORK, INFRA_CHANGE]),
    ...infra(['taint', 'untaint'], [INFRA_CHANGE]),
    state: {
      subcommands: {
        ...infra(['pull'], [INFRA_NETWORK]),
        ...infra(['push'], [INFRA_NETWORK, INFRA_CHANGE]),
        ...infra(['rm'], [INFRA_CHANGE]),
        list: DATA,
        show: DATA,
        mv: DATA,
        'replace-provider': DATA,
      },
    },
    ...Object.fromEntries(
      [
        'validate',
        'fmt',
        'show',
        'output',
        'graph',
        'console',
        'workspace',
        'version',
        'test',
        'metadata',
        'modules',
      ].map((name) => [name, DATA]),
    ),
  },
};

/** Cloud and infrastructure CLIs. */
export const CLOUD_COMMANDS: CommandSpecs = {
  aws: {
    unknownOptions: 'data',
    // aws reads its global options after the service and action too
    globalOptions: {
      '--debug|--no-verify-ssl|--no-paginate|--no-sign-request|--no-cli-pager|--version|--help|--dryrun': 'flag',
      '--dry-run|--recursive|--quiet|--only-show-errors|--delete|--exact-timestamps|--follow-symlinks': 'flag',
      '--no-follow-symlinks|--no-progress': 'flag',
      [AWS_NAME_OPTIONS]: 'data',
    },
    rules: [
      cloudCall(
        [
          'aws s3 rm s3://bucket/key',
          'aws s3 cp f s3://bucket/',
          'aws sts get-caller-identity',
          'aws s3 cp help s3://bucket/',
          'aws ec2 describe-instances --filters help',
        ],
        ['aws help', 'aws ec2 help', 'aws ec2 describe-instances help', 'aws apigateway --help'],
      ),
    ],
    subcommands: {
      // s3 paths are remote; local ones are read or written
      s3: {
        subcommands: {
          cp: { operands: { rest: 'read', last: 'overwrite', remote: true } },
          mv: { operands: { rest: 'delete', last: 'overwrite', remote: true } },
          sync: { operands: { rest: 'read', last: 'overwrite', remote: true } },
          rm: { operands: { rest: 'delete', remote: true } },
          ls: DATA,
          mb: DATA,
          rb: DATA,
          presign: DATA,
          website: DATA,
        },
      },
      configure: DATA,
      ssm: NAMES_ONLY,
      secretsmanager: NAMES_ONLY,
      logs: NAMES_ONLY,
      sts: NAMES_ONLY,
      // get-function writes the function's code to its operand
      cloudfront: { ...NAMES_ONLY, subcommands: { 'get-function': ANY_COMMAND } },
    },
    anySubcommand: SERVICE_ACTION,
  },
  gcloud: {
    unknownOptions: 'data',
    options: { '-q|--quiet|--verbosity|--help|-h|--version|--async|--log-http|--no-user-output-enabled': 'flag' },
    rules: [
      cloudCall(
        ['gcloud projects list', 'gcloud compute instances create help'],
        ['gcloud help compute', 'gcloud compute instances -h'],
      ),
    ],
    subcommands: {
      storage: {
        subcommands: {
          cp: { operands: { rest: 'read', last: 'overwrite', remote: true } },
          mv: { operands: { rest: 'delete', last: 'overwrite', remote: true } },
          rsync: { operands: { rest: 'read', last: 'overwrite', remote: true } },
          rm: DATA,
          ls: DATA,
          cat: DATA,
        },
      },
    },
    anySubcommand: NESTED_GROUPS,
  },
  gsutil: {
    unknownOptions: 'data',
    options: { '-m|-q|-D|-DD|-u': 'flag', '-h|-o': 'data' },
    rules: [
      cloudCall(['gsutil ls gs://b', 'gsutil -h x-goog-meta-a:help ls gs://b'], ['gsutil help', 'gsutil help cp']),
    ],
    subcommands: {
      cp: {
        options: { '-r|-R|-n|-p|-v|-z|-Z|-e|-c|-I': 'flag' },
        operands: { rest: 'read', last: 'overwrite', remote: true },
      },
      mv: { operands: { rest: 'delete', last: 'overwrite', remote: true } },
      rsync: {
        options: { '-r|-R|-d|-n|-c|-e|-u|-C|-p|-P|-U|-j|-J': 'flag', '-x|-y': 'data' },
        operands: { rest: 'read', last: 'overwrite', remote: true },
      },
      rm: DATA,
      ls: DATA,
      cat: DATA,
      du: DATA,
      stat: DATA,
      mb: DATA,
      rb: DATA,
    },
    anySubcommand: NESTED_GROUPS,
  },
  az: {
    unknownOptions: 'data',
    options: { '--debug|--only-show-errors|--verbose|-h|--help|--version|--yes|-y|--no-wait': 'flag' },
    rules: [cloudCall(['az vm list'], ['az vm --help'])],
    anySubcommand: NESTED_GROUPS,
  },
  doctl: {
    unknownOptions: 'data',
    options: { '-h|--help|-v|--verbose': 'flag' },
    rules: [cloudCall(['doctl compute droplet list'])],
    anySubcommand: NESTED_GROUPS,
  },
  eksctl: {
    unknownOptions: 'data',
    options: { '-h|--help|--approve': 'flag' },
    rules: [cloudCall(['eksctl get clusters'])],
    anySubcommand: NESTED_GROUPS,
  },
  heroku: {
    unknownOptions: 'data',
    options: { '-h|--help': 'flag' },
    rules: [cloudCall(['heroku apps'])],
    anySubcommand: NESTED_GROUPS,
  },
  terraform: TERRAFORM,
  pulumi: {
    globalOptions: {
      '-C|--cwd|-s|--stack|--config-file': 'data',
      '-y|--yes|--skip-preview|--non-interactive|--refresh|--diff|-v|--verbose|--color|--help|-h|--emoji|--json':
        'flag',
    },
    unknownOptions: 'data',
    subcommands: {
      ...infra(['preview', 'login', 'logout', 'refresh'], [INFRA_NETWORK]),
      ...infra(['up', 'destroy', 'import'], [INFRA_NETWORK, INFRA_CHANGE]),
      state: { subcommands: { ...infra(['delete'], [INFRA_CHANGE]), unprotect: DATA, rename: DATA } },
      ...Object.fromEntries(
        ['stack', 'config', 'whoami', 'version', 'about', 'new', 'plugin', 'policy', 'console', 'logs', 'org'].map(
          (name) => [name, DATA],
        ),
      ),
    },
  },
};
