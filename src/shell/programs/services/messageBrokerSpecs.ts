import type { CommandSpec, CommandSpecs, RuleSpec } from '../../catalog/commandSpec';
import { destroying, destroys, naming } from './serviceRules';

// message brokers: Kafka's tools and rpk, RabbitMQ's rabbitmqctl and rabbitmqadmin, the nats
// CLI. Topics, queues, streams and groups are names on the broker; deleting or purging them,
// moving a group's offsets, or stopping and resetting a node is SYSTEM_IMPACT.

/**
 * A Kafka tool (`kafka-topics`, or `kafka-topics.sh` as the distribution names it): every option
 * is `--name value` but the flags listed; what it does is chosen by an option (`--delete`).
 */
function kafkaTool(flags: string, rules: RuleSpec[] = [], files = '--command-config'): CommandSpec {
  return {
    reader: 'service',
    family: true,
    unknownOptions: 'data',
    options: { [files]: 'read', [['--help', '--version', ...flags.split('|').filter(Boolean)].join('|')]: 'flag' },
    operands: 'data',
    rules,
  };
}

const KAFKA_COMMANDS: CommandSpecs = {
  'kafka-topics': kafkaTool(
    '--list|--describe|--create|--delete|--alter|--if-exists|--if-not-exists|--exclude-internal|' +
      '--under-replicated-partitions|--unavailable-partitions|--under-min-isr-partitions|--at-min-isr-partitions|--topics-with-overrides|--disable-rack-aware',
    [
      destroys(
        'deletes topics and their messages',
        'database',
        [
          'kafka-topics --bootstrap-server localhost:9092 --delete --topic orders',
          'kafka-topics.sh --delete --topic orders --bootstrap-server kafka:9092',
        ],
        {
          when: { options: ['--delete'] },
          notExamples: [
            'kafka-topics --bootstrap-server localhost:9092 --list',
            'kafka-topics --bootstrap-server localhost:9092 --describe --topic logs',
          ],
        },
      ),
    ],
  ),
  'kafka-consumer-groups': kafkaTool(
    '--list|--describe|--delete|--delete-offsets|--reset-offsets|--execute|--export|--dry-run|' +
      '--all-groups|--all-topics|--members|--offsets|--state|--verbose|--to-earliest|--to-latest|--to-current',
    [
      destroys(
        'deletes consumer groups or their offsets',
        'database',
        ['kafka-consumer-groups --bootstrap-server localhost:9092 --delete --group analytics'],
        { when: { options: ['--delete', '--delete-offsets'] } },
      ),
      destroys(
        "moves consumer groups' offsets",
        'database',
        ['kafka-consumer-groups --bootstrap-server k:9092 --reset-offsets --group billing --to-earliest --execute'],
        {
          // without --execute a reset only shows the offsets it would set
          when: { options: ['--execute'] },
          notExamples: [
            'kafka-consumer-groups --bootstrap-server k:9092 --reset-offsets --group billing --to-earliest',
            'kafka-consumer-groups --bootstrap-server localhost:9092 --describe --group billing',
          ],
        },
      ),
    ],
    '--command-config|--from-file',
  ),
  'kafka-configs': kafkaTool(
    '--alter|--describe|--all|--force|--entity-default',
    [
      destroys(
        'removes configuration overrides',
        'service',
        [
          'kafka-configs --bootstrap-server k:9092 --alter --delete-config retention.ms --entity-type topics --entity-name logs',
        ],
        {
          when: { options: ['--delete-config'] },
          notExamples: ['kafka-configs --bootstrap-server k:9092 --describe --entity-type topics --entity-name logs'],
        },
      ),
    ],
    '--command-config|--add-config-file',
  ),
  'kafka-acls': kafkaTool('--list|--add|--remove|--force|--cluster|--producer|--consumer|--idempotent', [
    destroys(
      'removes access rules',
      'privileges',
      ['kafka-acls --bootstrap-server k:9092 --remove --topic payments --operation All'],
      { when: { options: ['--remove'] }, notExamples: ['kafka-acls --bootstrap-server k:9092 --list'] },
    ),
  ]),
  'kafka-delete-records': kafkaTool(
    '',
    [
      destroys('deletes messages from partitions', 'database', [
        'kafka-delete-records --bootstrap-server k:9092 --offset-json-file offsets.json',
      ]),
    ],
    '--command-config|--offset-json-file',
  ),
  'kafka-console-consumer': kafkaTool(
    '--from-beginning|--skip-message-on-error|--enable-systest-events',
    [],
    '--consumer.config|--consumer-config',
  ),
  'kafka-console-producer': kafkaTool('--sync', [], '--producer.config|--producer-config'),
  'kafka-broker-api-versions': kafkaTool(''),
};

const RPK: CommandSpec = {
  reader: 'service',
  unknownOptions: 'data',
  globalOptions: {
    '-X|--brokers|--profile|-p|--partitions|-r|--replicas|-c|--topic-config|-o|--offset|-n|--num|-f|--format|-g|--group':
      'data',
    '--config': 'read',
    '-v|--verbose|-h|--help|-d|--detailed|--no-confirm|--dry-run|--allow-new-topics|-i|--print-internal': 'flag',
  },
  subcommands: {
    topic: {
      subcommands: {
        delete: destroying(destroys('deletes topics and their messages', 'database', ['rpk topic delete orders'])),
        'trim-prefix': destroying(
          destroys('deletes the messages before an offset', 'database', ['rpk topic trim-prefix orders -o 100']),
        ),
        ...naming(['list', 'ls', 'describe', 'consume', 'produce', 'create', 'add-partitions', 'alter-config']),
      },
    },
    group: {
      subcommands: {
        delete: destroying(destroys('deletes consumer groups', 'database', ['rpk group delete analytics'])),
        seek: destroying(
          destroys("moves a consumer group's offsets", 'database', ['rpk group seek analytics --to start']),
        ),
        ...naming(['list', 'ls', 'describe']),
      },
    },
    ...naming(['version']),
  },
};

/** rabbitmqctl's commands that take something away, each with what its example names (`jobs`). */
function rabbitmqctlDestroys(
  verbs: readonly string[],
  note: string,
  level: NonNullable<RuleSpec['level']>,
  named = '',
): Record<string, CommandSpec> {
  return Object.fromEntries(
    verbs.map((verb) => [verb, destroying(destroys(note, level, [`rabbitmqctl ${verb} ${named}`.trim()]))]),
  );
}

const RABBITMQCTL: CommandSpec = {
  reader: 'service',
  globalOptions: {
    '-n|--node|-t|--timeout|--formatter|-p|--vhost': 'data',
    '-q|--quiet|-s|--silent|-l|--longnames|--no-table-headers|--help': 'flag',
  },
  subcommands: {
    ...rabbitmqctlDestroys(['delete_queue'], 'deletes a queue and its messages', 'database', 'jobs'),
    ...rabbitmqctlDestroys(['purge_queue'], "deletes a queue's messages", 'database', 'jobs'),
    ...rabbitmqctlDestroys(['delete_vhost'], 'deletes a virtual host and everything in it', 'database', '/prod'),
    ...rabbitmqctlDestroys(
      ['reset', 'force_reset'],
      'returns the node to a blank state, deleting its data',
      'database',
    ),
    ...rabbitmqctlDestroys(['delete_user'], 'deletes a user', 'accounts', 'alice'),
    ...rabbitmqctlDestroys(['clear_permissions'], "clears a user's permissions", 'privileges', 'alice'),
    ...rabbitmqctlDestroys(['clear_policy', 'clear_parameter'], 'clears a policy or parameter', 'service', 'ha-all'),
    ...rabbitmqctlDestroys(['forget_cluster_node'], 'removes a node from the cluster', 'service', 'rabbit@node2'),
    ...rabbitmqctlDestroys(['stop', 'stop_app', 'shutdown'], 'stops the broker', 'service'),
    ...rabbitmqctlDestroys(['close_all_connections'], 'closes client connections', 'service', 'maintenance'),
    ...rabbitmqctlDestroys(['close_connection'], 'closes client connections', 'service', "'<rabbit@host.1.2.3>' bye"),
    ...rabbitmqctlDestroys(['eval'], 'runs Erlang code inside the broker', 'service', "'rabbit:status().'"),
    ...naming([
      'status',
      'cluster_status',
      'report',
      'environment',
      'list_queues',
      'list_exchanges',
      'list_bindings',
      'list_connections',
      'list_channels',
      'list_consumers',
      'list_users',
      'list_vhosts',
      'list_permissions',
      'list_user_permissions',
      'list_policies',
      'list_parameters',
      'node_health_check',
      'ping',
      'await_startup',
      'version',
      'help',
      'add_user',
      'add_vhost',
      'set_permissions',
      'set_policy',
      'set_parameter',
      'set_user_tags',
      'change_password',
      'start_app',
      'join_cluster',
    ]),
  },
};

const RABBITMQADMIN: CommandSpec = {
  reader: 'service',
  unknownOptions: 'data',
  globalOptions: {
    '-H|--host|-P|--port|-V|--vhost|-u|--username|-p|--password|-N|--node|-U|--base-uri|-f|--format|-S|--sort|-d|--depth|--name':
      'data',
    '-c|--config|--ssl-key-file|--ssl-cert-file|--ssl-ca-cert-file': 'read',
    '-s|--ssl|-R|--sort-reverse|-q|--quiet|--bash-completion|--ssl-disable-hostname-verification|-h|--help|--version':
      'flag',
  },
  subcommands: {
    delete: destroying(
      destroys('deletes a queue, exchange or binding', 'database', ['rabbitmqadmin delete queue name=jobs']),
    ),
    purge: destroying(destroys("deletes a queue's messages", 'database', ['rabbitmqadmin purge queue name=jobs'])),
    close: destroying(
      destroys('closes client connections', 'service', ['rabbitmqadmin close connection name=127.0.0.1:5672']),
    ),
    export: { operands: 'overwrite' },
    import: { operands: 'read' },
    ...naming(['list', 'show', 'declare', 'publish', 'get', 'help']),
  },
};

/** nats verbs of one group that remove, each with its rule: `nats GROUP VERB NAMES`. */
function natsRemoves(
  group: string,
  verbs: readonly string[],
  note: string,
  names: string,
): Record<string, CommandSpec> {
  return Object.fromEntries(
    verbs.map((verb) => [verb, destroying(destroys(note, 'database', [`nats ${group} ${verb} ${names}`]))]),
  );
}

const NATS: CommandSpec = {
  reader: 'service',
  unknownOptions: 'data',
  globalOptions: {
    '-s|--server|--user|--password|--connection-name|--context|--timeout|--js-domain|--js-api-prefix|--js-event-prefix|--inbox-prefix|--domain':
      'data',
    '--creds|--nkey|--tlscert|--tlskey|--tlsca': 'read',
    '-f|--force|-j|--json|--trace|--no-context|--tlsfirst|-h|--help|--version': 'flag',
  },
  subcommands: {
    stream: {
      aliases: ['str'],
      subcommands: {
        ...natsRemoves('stream', ['rm', 'delete'], 'deletes a stream and its messages', 'ORDERS'),
        ...natsRemoves('stream', ['purge'], "deletes a stream's messages", 'ORDERS'),
        ...natsRemoves('stream', ['rmm'], 'deletes a message', 'ORDERS 42'),
        seal: destroying(destroys('seals a stream against every change', 'database', ['nats stream seal ORDERS'])),
        backup: { operands: { leading: ['data'], rest: 'write' } },
        restore: { operands: 'read' },
        ...naming(['ls', 'list', 'info', 'report', 'find', 'get', 'view', 'subjects', 'add', 'create', 'edit', 'copy']),
      },
    },
    consumer: {
      aliases: ['con', 'obs'],
      subcommands: {
        ...natsRemoves('consumer', ['rm', 'delete'], 'deletes a consumer', 'ORDERS durable'),
        ...naming(['ls', 'list', 'info', 'report', 'next', 'sub', 'add', 'create', 'edit', 'copy', 'pause', 'resume']),
      },
    },
    kv: {
      subcommands: {
        ...natsRemoves('kv', ['del', 'delete'], 'deletes a key', 'CONFIG key'),
        ...natsRemoves('kv', ['purge'], 'deletes a key and its history', 'CONFIG key'),
        ...natsRemoves('kv', ['rm'], 'deletes a bucket', 'CONFIG'),
        ...natsRemoves('kv', ['compact'], "drops deleted keys' history", 'CONFIG'),
        ...naming([
          'get',
          'ls',
          'list',
          'put',
          'create',
          'update',
          'history',
          'watch',
          'status',
          'info',
          'add',
          'edit',
        ]),
      },
    },
    object: {
      aliases: ['obj'],
      subcommands: {
        ...natsRemoves('object', ['rm', 'del', 'delete'], 'deletes objects or a bucket', 'ASSETS logo.png'),
        seal: destroying(destroys('seals a bucket against every change', 'database', ['nats object seal ASSETS'])),
        get: { options: { '-O|--output': 'overwrite' }, operands: 'data' },
        put: { operands: { leading: ['data'], rest: 'read' } },
        ...naming(['ls', 'list', 'info', 'add', 'watch']),
      },
    },
    // the subject, then its handler run through a shell for each request
    reply: { options: { '--command': 'script' }, operands: 'data' },
    server: { subcommands: naming(['info', 'list', 'ls', 'ping', 'report', 'check']) },
    context: { subcommands: naming(['add', 'ls', 'list', 'select', 'info', 'show', 'rm', 'save', 'validate']) },
    ...naming([
      'pub',
      'publish',
      'sub',
      'subscribe',
      'request',
      'req',
      'bench',
      'rtt',
      'latency',
      'events',
      'schema',
      'errors',
      'trace',
      'top',
    ]),
  },
};

/** Message brokers: Kafka's tools, rpk, rabbitmqctl, rabbitmqadmin, nats. */
export const MESSAGE_BROKER_COMMANDS: CommandSpecs = {
  ...KAFKA_COMMANDS,
  rpk: RPK,
  rabbitmqctl: RABBITMQCTL,
  rabbitmqadmin: RABBITMQADMIN,
  nats: NATS,
};
