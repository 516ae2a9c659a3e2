import type { CommandSpec, CommandSpecs, OperandSpec, RuleSpec } from '../../catalog/commandSpec';
import { destroying, destroys, NAMES } from './serviceRules';

// mc, MinIO's client for S3 object storage: `mc VERB [FLAGS] ALIAS/BUCKET/OBJECT...`. A path whose
// first name is an alias in mc's own config (~/.mc/config.json) is an object on a server, any
// other a file here; intentgate does not read that config, so every path reads as a file here
// (read, or written where the verb writes) and every verb that may reach a server is
// NETWORK_RISK. Removing objects or buckets, a mirror that removes, and a verb that changes a
// bucket's settings or the server are SYSTEM_IMPACT, naming the verb and the alias and bucket.

const DRY_RUN = { notOptions: ['--dry-run'] };

const SERVER_CALL: RuleSpec = {
  category: 'NETWORK_RISK',
  note: 'object storage call',
  purpose: 'object storage',
  examples: ['mc ls myminio/bucket', 'mc cp localfile myminio/bucket/'],
  // a group named alone (`mc version`) prints its usage
  when: { operands: 'some' },
  notExamples: ['mc version', 'mc alias list', 'mc --help'],
};

/** A verb that reaches the server (or reads and writes files here) with its operands' roles. */
const reaching = (operands: OperandSpec, more: CommandSpec = {}): CommandSpec => ({
  ...more,
  operands,
  rules: [SERVER_CALL, ...(more.rules ?? [])],
});

const CHANGES_SERVER = destroys(
  'changes what the object store holds or how it runs',
  'service',
  ['mc admin user remove myminio alice', 'mc admin service restart myminio', 'mc anonymous set public myminio/b'],
  { notExamples: ['mc admin user list myminio', 'mc anonymous get myminio/b'] },
);

/** The verbs of a group below another (`mc admin user`), which reaches the server already. */
function verbs(readOnly: readonly string[], subgroups: Record<string, CommandSpec> = {}): CommandSpec {
  return {
    subcommands: { ...Object.fromEntries(readOnly.map((verb) => [verb, NAMES])), ...subgroups },
    anySubcommand: destroying(CHANGES_SERVER),
  };
}

/**
 * A group of verbs (`mc admin`, `mc anonymous`): the read-only ones name things on the server;
 * any other verb, known or not, changes it.
 */
const group = (readOnly: readonly string[], subgroups: Record<string, CommandSpec> = {}): CommandSpec => ({
  ...verbs(readOnly, subgroups),
  rules: [SERVER_CALL],
});

/** A verb this spec does not describe (`mc undo`, `mc od`): it may change the server, and its operands may be files it writes. */
const UNDESCRIBED: CommandSpec = { operands: 'unknown', rules: [SERVER_CALL, CHANGES_SERVER] };

const TRANSFER = { rest: 'read', last: 'overwrite' } as const;

const MC: CommandSpec = {
  // names the alias a NETWORK_RISK finding reaches
  reader: 'objectStorage',
  globalOptions: {
    '-C|--config-dir': 'read',
    '--limit-upload|--limit-download|-H|--custom-header|--resolve|--older-than|--newer-than|--rewind': 'data',
    '--version-id|--vid|--storage-class|--sc|--tags|--attr|--encrypt-key|--enc-c|--enc-s3|--enc-kms': 'data',
    '--region|--exclude|--max-workers|--lookup|--ignore-existing': 'data',
    '--json|--debug|--insecure|--quiet|-q|--disable-pager|--dp|--no-color|--help|-h|--version|-v|-r': 'flag',
    '--recursive|--force|--dry-run|--versions|--incomplete|-I|--fake|--summarize|--preserve|-a': 'flag',
    '--disable-multipart|--zip|--bypass|--non-current|--overwrite|--watch|-w|--remove|--active-active': 'flag',
    '--continue|-c': 'flag',
  },
  subcommands: {
    ...Object.fromEntries(
      ['ls', 'cat', 'head', 'stat', 'du', 'tree', 'diff', 'watch'].map((verb) => [verb, reaching('read')]),
    ),
    cp: reaching(TRANSFER),
    get: reaching(TRANSFER),
    put: reaching(TRANSFER),
    mirror: reaching(TRANSFER, {
      rules: [
        destroys(
          'deletes what the target holds and the source does not',
          'database',
          ['mc mirror --remove a/src b/dst'],
          {
            when: { options: ['--remove'], ...DRY_RUN },
            notExamples: ['mc mirror a/src b/dst', 'mc mirror --remove --dry-run a/src b/dst'],
          },
        ),
      ],
    }),
    mv: reaching(
      { rest: 'delete', last: 'overwrite' },
      {
        rules: [destroys('moves objects, deleting them where they were', 'database', ['mc mv myminio/a/x myminio/b/'])],
      },
    ),
    rm: reaching('delete', {
      rules: [
        destroys('deletes stored objects', 'database', ['mc rm myminio/bucket/file.txt'], {
          when: DRY_RUN,
          notExamples: ['mc rm --dry-run myminio/bucket/file.txt'],
        }),
      ],
    }),
    rb: reaching('delete', {
      rules: [destroys('removes a bucket and what it holds', 'database', ['mc rb --force myminio/bucket'])],
    }),
    mb: reaching('write'),
    pipe: reaching('overwrite'),
    find: reaching('read', {
      options: {
        '--name|--path|--regex|--ignore|--larger|--smaller|--maxdepth|--metadata|--print': 'data',
        // a command run for each object found
        '--exec': 'script',
      },
    }),
    sql: reaching('read', { options: { '--query|-e|--csv-input|--json-input|--compression': 'data' } }),
    ping: reaching('data'),
    ready: reaching('data'),
    share: group(['download', 'upload', 'list', 'ls']),
    alias: { subcommands: { list: NAMES, ls: NAMES } },
    admin: group(['info', 'trace', 'top', 'scanner', 'prometheus', 'logs'], {
      user: verbs(['list', 'ls', 'info']),
      group: verbs(['list', 'ls', 'info']),
      policy: verbs(['list', 'ls', 'info', 'entities']),
      bucket: verbs(['info'], { remote: verbs(['list', 'ls']) }),
      config: verbs(['get', 'export']),
      tier: verbs(['list', 'ls', 'info']),
      replicate: verbs(['list', 'ls', 'info', 'status']),
      decommission: verbs(['status']),
      rebalance: verbs(['status']),
    }),
    anonymous: group(['get', 'get-json', 'list', 'links']),
    tag: group(['list']),
    retention: group(['info']),
    legalhold: group(['info']),
    encrypt: group(['info']),
    quota: group(['info']),
    version: group(['info']),
    cors: group(['get']),
    event: group(['list', 'ls']),
    ilm: group(['ls', 'export'], { rule: verbs(['list', 'ls', 'export']), tier: verbs(['list', 'ls', 'info']) }),
    replicate: group(['list', 'ls', 'status', 'export', 'backlog', 'diff']),
  },
  anySubcommand: UNDESCRIBED,
};

/** mc, MinIO's client. */
export const OBJECT_STORAGE_COMMANDS: CommandSpecs = { mc: MC };
