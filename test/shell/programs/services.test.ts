import { describe, expect, it } from 'vitest';
import { categorize, type RiskCategory } from '../../../src/index';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import { makeWorkspace } from '../../support/workspace';

// services and infrastructure (src/shell/programs/services/): backup tools, remote storage,
// secret and key-value stores, message brokers, web servers; and the publishing tasks of gradle
// and maven (src/shell/programs/developerTools/buildPublishing.ts). With the everyday approvals
// given, what destroys what a service holds, stops it or publishes is still asked, its details
// naming what and where; read-only verbs are reads, neither asked nor possible writes.

const EVERYDAY: readonly RiskCategory[] = ['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE'];

const root = makeWorkspace({ orchestration: false });

type Details = readonly [string, string, string];

/** The categories of a call the everyday approvals do not cover, and the details of `category`. */
function held(command: string, category: RiskCategory = 'SYSTEM_IMPACT') {
  const risk = categorize('shell', { command }, { workspaceRoot: root });
  return {
    asked: risk.categories.filter((item) => !EVERYDAY.includes(item)),
    details: risk.evidence.filter((item) => item.category === category).map((item) => item.details),
  };
}

interface HeldCase {
  readonly name: string;
  readonly command: string;
  readonly details: readonly Details[];
  /** what is asked besides SYSTEM_IMPACT (an address URL is a request too) */
  readonly asked?: readonly RiskCategory[];
}

const destructive = (cases: readonly HeldCase[]) =>
  it.each(cases)('$name', ({ command, details, asked = ['SYSTEM_IMPACT'] }) => {
    expect(held(command)).toEqual({ asked, details });
  });

/** What a read raises, and the words it names that are not files read here. */
function reading(command: string) {
  const analysis = analyzeShell(command);
  return {
    categories: analysis.findings.map((finding) => finding.category),
    notReads: analysis.pathOperands.filter((operand) => operand.role !== 'read').map((operand) => operand.source),
    failedClosed: analysis.unknowable !== undefined,
  };
}

const reads = (cases: readonly { name: string; command: string }[]) =>
  it.each(cases)('$name', ({ command }) => {
    expect(reading(command)).toEqual({ categories: ['EXEC_ARBITRARY'], notReads: [], failedClosed: false });
  });

describe('backup tools: forgetting, pruning and deleting backups is SYSTEM_IMPACT', () => {
  destructive([
    {
      name: 'restic forget --prune names the repository',
      command: 'restic -r /srv/restic forget --keep-last 3 --prune',
      details: [['restic forget --prune', 'repository /srv/restic', 'database']],
    },
    {
      name: 'restic forget of a snapshot',
      command: 'restic forget 4bba301e',
      details: [['restic forget 4bba301e', '', 'database']],
    },
    {
      name: 'restic prune with the repository after the verb',
      command: 'restic prune --repo s3:s3.amazonaws.com/backups',
      details: [['restic prune', 'repository s3:s3.amazonaws.com/backups', 'database']],
    },
    { name: 'restic key remove', command: 'restic key remove 1', details: [['restic key remove 1', '', 'privileges']] },
    {
      name: 'restic unlock --remove-all',
      command: 'restic unlock --remove-all',
      details: [['restic unlock --remove-all', '', 'database']],
    },
    {
      name: 'restic cache --cleanup',
      command: 'restic cache --cleanup',
      details: [['restic cache --cleanup', '', 'disk']],
    },
    {
      name: 'borg delete of an archive',
      command: 'borg delete repo::old',
      details: [['borg delete repo::old', '', 'database']],
    },
    {
      name: 'borg prune with its keep options',
      command: 'borg prune --keep-daily 7 --glob-archives web-* /srv/borg',
      details: [['borg prune --glob-archives web-* /srv/borg', '', 'database']],
    },
    { name: 'borg compact', command: 'borg compact repo', details: [['borg compact repo', '', 'database']] },
    {
      name: 'borg recreate',
      command: 'borg recreate repo::archive --exclude /tmp',
      details: [['borg recreate repo::archive', '', 'database']],
    },
    { name: 'borg break-lock', command: 'borg break-lock repo', details: [['borg break-lock repo', '', 'database']] },
    {
      name: 'borg check --repair',
      command: 'borg check --repair repo',
      details: [['borg check --repair repo', '', 'database']],
    },
    {
      name: 'borg 2 repo-delete names the repository',
      command: 'borg repo-delete -r ssh://backup@host/./repo',
      details: [['borg repo-delete', 'repository ssh://backup@host/./repo', 'database']],
    },
    {
      name: 'velero backup delete names the namespace',
      command: 'velero backup delete nightly -n velero --confirm',
      details: [['velero backup delete nightly', 'namespace velero', 'database']],
    },
    {
      name: 'velero delete backup',
      command: 'velero delete backup nightly',
      details: [['velero delete backup nightly', '', 'database']],
    },
    {
      name: 'velero uninstall',
      command: 'velero uninstall --force',
      details: [['velero uninstall', '', 'infrastructure']],
    },
  ]);

  reads([
    { name: 'restic snapshots', command: 'restic snapshots' },
    { name: 'restic ls latest', command: 'restic ls latest' },
    { name: 'restic stats --mode', command: 'restic stats --mode restore-size' },
    { name: 'restic check --read-data', command: 'restic check --read-data' },
    { name: 'restic diff', command: 'restic diff snap1 snap2' },
    { name: 'restic find', command: 'restic find --name config.yml' },
    { name: 'restic forget --dry-run', command: 'restic forget --dry-run --keep-last 3' },
    { name: 'restic prune -n', command: 'restic prune -n' },
    { name: 'restic unlock', command: 'restic unlock' },
    { name: 'borg list', command: 'borg list ::' },
    { name: 'borg info', command: 'borg info repo::archive' },
    { name: 'borg check', command: 'borg check repo' },
    { name: 'borg prune --dry-run', command: 'borg prune --dry-run --keep-daily 7 repo' },
    { name: 'velero backup get', command: 'velero backup get' },
    { name: 'velero backup describe', command: 'velero backup describe nightly --details' },
    { name: 'velero schedule get', command: 'velero schedule get' },
  ]);
});

describe('remote storage: deleting, purging, moving away and syncing over is SYSTEM_IMPACT', () => {
  destructive([
    {
      name: 'rclone purge',
      command: 'rclone purge remote:bucket',
      details: [['rclone purge remote:bucket', '', 'database']],
    },
    {
      name: 'rclone delete',
      command: 'rclone delete remote:bucket/old',
      details: [['rclone delete remote:bucket/old', '', 'database']],
    },
    {
      name: 'rclone deletefile',
      command: 'rclone deletefile remote:bucket/file.txt',
      details: [['rclone deletefile remote:bucket/file.txt', '', 'database']],
    },
    { name: 'rclone sync', command: 'rclone sync src: dest:', details: [['rclone sync src: dest:', '', 'database']] },
    { name: 'rclone move', command: 'rclone move src: dest:', details: [['rclone move src: dest:', '', 'database']] },
    {
      name: 'rclone cleanup',
      command: 'rclone cleanup remote:',
      details: [['rclone cleanup remote:', '', 'database']],
    },
    { name: 'rclone dedupe', command: 'rclone dedupe remote:', details: [['rclone dedupe remote:', '', 'database']] },
    {
      name: 'rclone sync with options before the verb',
      command: 'rclone -v --transfers 8 sync ./site remote:www',
      details: [['rclone sync ./site remote:www', '', 'database']],
    },
  ]);

  reads([
    { name: 'rclone ls', command: 'rclone ls remote:bucket' },
    { name: 'rclone lsd', command: 'rclone lsd remote:bucket' },
    { name: 'rclone size', command: 'rclone size remote:bucket' },
    { name: 'rclone check', command: 'rclone check src: dest:' },
    { name: 'rclone copy between remotes', command: 'rclone copy src: dest:' },
    { name: 'rclone sync --dry-run', command: 'rclone sync src: dest: --dry-run' },
    { name: 'rclone config', command: 'rclone config' },
  ]);

  it('reads a local source and writes a local destination: sync deletes in it', () => {
    const paths = analyzeShell('rclone sync remote:site ./public').pathOperands.map((operand) => [
      operand.source,
      operand.role,
    ]);
    expect(paths).toEqual([['./public', 'delete']]);
  });
});

describe('secret and key-value stores: deleting, destroying, revoking and disabling is SYSTEM_IMPACT', () => {
  destructive([
    {
      name: 'vault kv delete names the namespace and mount',
      command: 'vault -namespace=admin kv delete -mount=secret app/config',
      details: [['vault kv delete app/config', 'namespace admin, mount secret', 'database']],
    },
    {
      name: 'vault kv destroy names the versions',
      command: 'vault kv destroy -versions=1-3 secret/app',
      details: [['vault kv destroy -versions 1-3 secret/app', '', 'database']],
    },
    {
      name: 'vault kv metadata delete',
      command: 'vault kv metadata delete secret/app',
      details: [['vault kv metadata delete secret/app', '', 'database']],
    },
    {
      name: 'vault delete',
      command: 'vault delete secret/app/config',
      details: [['vault delete secret/app/config', '', 'database']],
    },
    {
      name: 'vault policy delete',
      command: 'vault policy delete app-policy',
      details: [['vault policy delete app-policy', '', 'privileges']],
    },
    {
      name: 'vault secrets disable with a double-dash namespace before the verb',
      command: 'vault --namespace admin secrets disable kv/',
      details: [['vault secrets disable kv/', 'namespace admin', 'database']],
    },
    {
      name: 'vault auth disable',
      command: 'vault auth disable github',
      details: [['vault auth disable github', '', 'privileges']],
    },
    {
      name: 'vault lease revoke -prefix',
      command: 'vault lease revoke -prefix aws/creds',
      details: [['vault lease revoke -prefix aws/creds', '', 'privileges']],
    },
    {
      name: 'vault token revoke',
      command: 'vault token revoke 96ddf4bc',
      details: [['vault token revoke 96ddf4bc', '', 'privileges']],
    },
    { name: 'vault operator seal', command: 'vault operator seal', details: [['vault operator seal', '', 'service']] },
    {
      name: 'vault with an https address is a request too',
      command: 'vault kv delete -address=https://vault.example.com:8200 secret/app',
      details: [['vault kv delete secret/app', 'server https://vault.example.com:8200', 'database']],
      asked: ['SYSTEM_IMPACT', 'NETWORK_RISK'],
    },
    {
      name: 'consul kv delete -recurse names the datacenter',
      command: 'consul kv delete -datacenter=dc2 -recurse app/',
      details: [['consul kv delete -recurse app/', 'datacenter dc2', 'database']],
    },
    {
      name: 'consul acl policy delete',
      command: 'consul acl policy delete -id 0ba7a5b2',
      details: [['consul acl policy delete -id 0ba7a5b2', '', 'privileges']],
    },
    { name: 'consul leave', command: 'consul leave', details: [['consul leave', '', 'service']] },
    {
      name: 'consul snapshot restore',
      command: 'consul snapshot restore backup.snap',
      details: [['consul snapshot restore backup.snap', '', 'database']],
    },
    {
      name: 'etcdctl del --prefix names the endpoints',
      command: 'etcdctl --endpoints=etcd-1:2379 del --prefix /app',
      details: [['etcdctl del --prefix /app', 'endpoints etcd-1:2379', 'database']],
    },
    {
      name: 'etcdctl member remove',
      command: 'etcdctl member remove 8e9e05c5',
      details: [['etcdctl member remove 8e9e05c5', '', 'service']],
    },
    {
      name: 'etcdctl auth disable',
      command: 'etcdctl auth disable',
      details: [['etcdctl auth disable', '', 'privileges']],
    },
  ]);

  reads([
    { name: 'vault status with a namespace', command: 'vault -namespace=admin status' },
    { name: 'vault policy list with a double-dash namespace', command: 'vault --namespace admin policy list' },
    { name: 'vault kv get', command: 'vault kv get secret/app/config' },
    { name: 'vault kv get with a mount', command: 'vault kv get -mount=secret -field=password app' },
    { name: 'vault kv list', command: 'vault kv list secret/' },
    { name: 'vault read', command: 'vault read secret/app/config' },
    { name: 'vault secrets list', command: 'vault secrets list -detailed' },
    { name: 'vault token lookup', command: 'vault token lookup' },
    { name: 'vault lease lookup', command: 'vault lease lookup lease_id' },
    { name: 'consul kv get -recurse', command: 'consul kv get -recurse app/' },
    { name: 'consul members', command: 'consul members' },
    { name: 'consul catalog services', command: 'consul catalog services' },
    { name: 'etcdctl get --prefix', command: 'etcdctl get --prefix /app' },
    { name: 'etcdctl member list', command: 'etcdctl member list -w table' },
    { name: 'etcdctl endpoint health', command: 'etcdctl --endpoints=etcd-1:2379 endpoint health' },
  ]);
});

describe('message brokers: deleting topics, queues and streams, moving offsets and resetting nodes is SYSTEM_IMPACT', () => {
  destructive([
    {
      name: 'kafka-topics --delete names the topic and the server',
      command: 'kafka-topics --bootstrap-server localhost:9092 --delete --topic orders',
      details: [['kafka-topics --delete --topic orders', 'server localhost:9092', 'database']],
    },
    {
      name: 'kafka-topics.sh as the distribution names it',
      command: 'kafka-topics.sh --delete --topic=orders --bootstrap-server kafka:9092',
      details: [['kafka-topics.sh --delete --topic orders', 'server kafka:9092', 'database']],
    },
    {
      name: 'kafka-consumer-groups --delete',
      command: 'kafka-consumer-groups --bootstrap-server localhost:9092 --delete --group analytics',
      details: [['kafka-consumer-groups --delete --group analytics', 'server localhost:9092', 'database']],
    },
    {
      name: 'kafka-consumer-groups --reset-offsets --execute',
      command:
        'kafka-consumer-groups --bootstrap-server k:9092 --reset-offsets --group billing --to-earliest --execute',
      details: [['kafka-consumer-groups --reset-offsets --group billing --execute', 'server k:9092', 'database']],
    },
    {
      name: 'kafka-configs --delete-config',
      command:
        'kafka-configs --bootstrap-server k:9092 --alter --delete-config retention.ms --entity-type topics --entity-name logs',
      details: [
        [
          'kafka-configs --delete-config retention.ms --entity-type topics --entity-name logs',
          'server k:9092',
          'service',
        ],
      ],
    },
    {
      name: 'kafka-acls --remove',
      command: 'kafka-acls --bootstrap-server k:9092 --remove --topic payments --operation All',
      details: [['kafka-acls --remove --topic payments --operation All', 'server k:9092', 'privileges']],
    },
    {
      name: 'kafka-delete-records',
      command: 'kafka-delete-records --bootstrap-server k:9092 --offset-json-file offsets.json',
      details: [['kafka-delete-records --offset-json-file offsets.json', 'server k:9092', 'database']],
    },
    {
      name: 'rpk topic delete',
      command: 'rpk topic delete orders',
      details: [['rpk topic delete orders', '', 'database']],
    },
    {
      name: 'rabbitmqctl delete_queue names the node',
      command: 'rabbitmqctl -n rabbit@mq1 delete_queue jobs',
      details: [['rabbitmqctl delete_queue jobs', 'node rabbit@mq1', 'database']],
    },
    {
      name: 'rabbitmqctl purge_queue',
      command: 'rabbitmqctl purge_queue jobs -p /prod',
      details: [['rabbitmqctl purge_queue jobs', 'vhost /prod', 'database']],
    },
    {
      name: 'rabbitmqctl delete_vhost',
      command: 'rabbitmqctl delete_vhost /prod',
      details: [['rabbitmqctl delete_vhost /prod', '', 'database']],
    },
    { name: 'rabbitmqctl reset', command: 'rabbitmqctl reset', details: [['rabbitmqctl reset', '', 'database']] },
    {
      name: 'rabbitmqctl force_reset',
      command: 'rabbitmqctl force_reset',
      details: [['rabbitmqctl force_reset', '', 'database']],
    },
    {
      name: 'rabbitmqctl forget_cluster_node',
      command: 'rabbitmqctl forget_cluster_node rabbit@node2',
      details: [['rabbitmqctl forget_cluster_node rabbit@node2', '', 'service']],
    },
    {
      name: 'rabbitmqctl stop_app',
      command: 'rabbitmqctl stop_app',
      details: [['rabbitmqctl stop_app', '', 'service']],
    },
    {
      name: 'rabbitmqadmin delete queue names the host',
      command: 'rabbitmqadmin -H mq.local delete queue name=jobs',
      details: [['rabbitmqadmin delete queue name=jobs', 'host mq.local', 'database']],
    },
    {
      name: 'rabbitmqadmin purge queue',
      command: 'rabbitmqadmin purge queue name=jobs',
      details: [['rabbitmqadmin purge queue name=jobs', '', 'database']],
    },
    {
      name: 'nats stream rm names the server',
      command: 'nats --server nats://n1:4222 stream rm ORDERS -f',
      details: [['nats stream rm ORDERS', 'server nats://n1:4222', 'database']],
    },
    {
      name: 'nats stream purge',
      command: 'nats stream purge ORDERS',
      details: [['nats stream purge ORDERS', '', 'database']],
    },
    {
      name: 'nats str delete by its alias',
      command: 'nats str delete ORDERS',
      details: [['nats str delete ORDERS', '', 'database']],
    },
    {
      name: 'nats consumer rm',
      command: 'nats consumer rm ORDERS durable',
      details: [['nats consumer rm ORDERS durable', '', 'database']],
    },
    { name: 'nats kv del', command: 'nats kv del CONFIG key', details: [['nats kv del CONFIG key', '', 'database']] },
    { name: 'nats kv rm of a bucket', command: 'nats kv rm CONFIG', details: [['nats kv rm CONFIG', '', 'database']] },
    {
      name: 'nats object delete',
      command: 'nats object delete bucket object',
      details: [['nats object delete bucket object', '', 'database']],
    },
  ]);

  reads([
    { name: 'kafka-topics --list', command: 'kafka-topics --bootstrap-server localhost:9092 --list' },
    {
      name: 'kafka-topics --describe',
      command: 'kafka-topics --bootstrap-server localhost:9092 --describe --topic logs',
    },
    {
      name: 'kafka-consumer-groups --describe',
      command: 'kafka-consumer-groups --bootstrap-server localhost:9092 --describe --group billing',
    },
    {
      name: 'kafka-consumer-groups --reset-offsets without --execute only shows them',
      command: 'kafka-consumer-groups --bootstrap-server k:9092 --reset-offsets --group billing --to-earliest',
    },
    {
      name: 'kafka-console-consumer',
      command: 'kafka-console-consumer --bootstrap-server localhost:9092 --topic logs --from-beginning',
    },
    { name: 'kafka-acls --list', command: 'kafka-acls --bootstrap-server localhost:9092 --list' },
    { name: 'rpk topic list', command: 'rpk topic list' },
    { name: 'rabbitmqctl status', command: 'rabbitmqctl status' },
    { name: 'rabbitmqctl list_queues', command: 'rabbitmqctl list_queues name messages' },
    { name: 'rabbitmqadmin list queues', command: 'rabbitmqadmin list queues' },
    { name: 'rabbitmqadmin show', command: 'rabbitmqadmin show queue name=jobs' },
    { name: 'nats stream ls', command: 'nats stream ls' },
    { name: 'nats stream info', command: 'nats stream info ORDERS' },
    { name: 'nats kv get', command: 'nats kv get KV key' },
    { name: 'nats consumer info', command: 'nats consumer info ORDERS durable' },
    { name: 'nats pub', command: 'nats pub subject msg' },
  ]);
});

describe('web servers: stopping the running server is SYSTEM_IMPACT, a reload is not', () => {
  destructive([
    { name: 'nginx -s stop', command: 'nginx -s stop', details: [['nginx -s stop', '', 'service']] },
    {
      name: 'nginx -s quit names the configuration',
      command: 'nginx -c conf/nginx.conf -s quit',
      details: [['nginx -s quit', 'configuration conf/nginx.conf', 'service']],
    },
    { name: 'apachectl stop', command: 'apachectl stop', details: [['apachectl stop', '', 'service']] },
    {
      name: 'apache2ctl graceful-stop',
      command: 'apache2ctl graceful-stop',
      details: [['apache2ctl graceful-stop', '', 'service']],
    },
    { name: 'httpd -k stop', command: 'httpd -k stop', details: [['httpd -k stop', '', 'service']] },
    {
      name: 'haproxy -st',
      command: 'haproxy -f haproxy.cfg -st 4120',
      details: [['haproxy -st 4120', 'configuration haproxy.cfg', 'processes']],
    },
    {
      name: 'caddy stop',
      command: 'caddy stop --address localhost:2019',
      details: [['caddy stop', 'admin endpoint localhost:2019', 'service']],
    },
  ]);

  reads([
    { name: 'nginx -t', command: 'nginx -t' },
    { name: 'nginx -T', command: 'nginx -T' },
    { name: 'nginx -V', command: 'nginx -V' },
    { name: 'nginx -s reload', command: 'nginx -s reload' },
    { name: 'apachectl configtest', command: 'apachectl configtest' },
    { name: 'apachectl -k graceful', command: 'apachectl -k graceful' },
    { name: 'haproxy -c', command: 'haproxy -c -f /etc/haproxy/haproxy.cfg' },
    { name: 'haproxy -vv', command: 'haproxy -vv' },
    { name: 'caddy version', command: 'caddy version' },
  ]);
});

describe('tricky forms of service commands', () => {
  it.each([
    { name: 'after sudo, SUDO too', command: 'sudo rabbitmqctl reset', asked: ['SYSTEM_IMPACT', 'SUDO'] },
    {
      name: 'in a chain after a read',
      command: 'vault kv get secret/a && vault kv delete secret/a',
      asked: ['SYSTEM_IMPACT'],
    },
    { name: 'in a shell -c', command: `bash -c 'nats stream purge ORDERS'`, asked: ['SYSTEM_IMPACT'] },
    { name: 'an operand after --', command: 'vault kv delete -- -odd-name', asked: ['SYSTEM_IMPACT'] },
    { name: 'a quoted verb', command: `restic 'forget' latest`, asked: ['SYSTEM_IMPACT'] },
    { name: 'a run-time operand of a destructive verb', command: 'etcdctl del "$KEY"', asked: ['SYSTEM_IMPACT'] },
  ])('$name', ({ command, asked }) => {
    expect(held(command).asked).toEqual(asked);
  });

  it('fails closed on a verb built at run time', () => {
    const analysis = analyzeShell('vault kv "$VERB" secret/app');
    expect(analysis.unknowable).toContain('subcommand built at run time');
  });

  it('keeps the operand after -- in the details', () => {
    expect(held('vault kv delete -- -odd-name').details).toEqual([['vault kv delete -odd-name', '', 'database']]);
  });

  it.each([
    { name: 'restic backup --stdin-from-command', command: 'restic backup --stdin-from-command -- rm -rf /' },
    { name: 'borg create --content-from-command', command: 'borg create --content-from-command repo::db -- rm -rf /' },
    { name: 'borg with-lock', command: 'borg with-lock repo rm -rf /' },
    { name: 'consul lock runs through a shell', command: `consul lock app/lock 'rm -rf /'` },
    { name: 'etcdctl lock', command: 'etcdctl lock deploy rm -rf /' },
  ])('reads the command $name runs', ({ command }) => {
    const deletes = analyzeShell(command).pathOperands.filter((operand) => operand.role === 'delete');
    expect(deletes.map((operand) => operand.path)).toEqual(['/']);
  });

  it('reads the shell code restic --password-command runs', () => {
    expect(
      analyzeShell(`restic --password-command 'rm -rf /' snapshots`).pathOperands.map((operand) => operand.path),
    ).toEqual(['/']);
  });

  it.each([
    {
      name: 'restic restore --target overwrites it',
      command: 'restic restore latest --target out',
      paths: [['out', 'overwrite']],
    },
    {
      name: 'borg extract overwrites any file of the working folder, which a scope of the workspace covers',
      command: 'borg extract repo::a',
      paths: [['*/*', 'overwrite']],
    },
    {
      name: 'borg extract overwrites the members named',
      command: 'borg extract repo::a etc/app.conf',
      paths: [['etc/app.conf', 'overwrite']],
    },
    { name: 'borg extract --dry-run writes nothing', command: 'borg extract --dry-run repo::a', paths: [] },
    {
      name: 'restic dump --target overwrites it',
      command: 'restic dump --target out.tar latest /etc',
      paths: [['out.tar', 'overwrite']],
    },
    {
      name: 'an rclone option not listed makes its operands possible writes',
      command: 'rclone copy --some-new-flag remote:site ./public',
      paths: [
        ['remote:site', 'overwrite'],
        ['./public', 'overwrite'],
      ],
    },
  ])('$name', ({ command, paths }) => {
    expect(analyzeShell(command).pathOperands.map((operand) => [operand.source, operand.role])).toEqual(paths);
  });
});

describe('gradle and maven: publishing tasks and goals are GIT_PUBLISH and reach the repository', () => {
  it.each([
    {
      name: 'gradle publish',
      command: 'gradle publish',
      publish: ['gradle publish', '', ''],
      network: ['', 'gradle publish', 'upload'],
    },
    {
      name: './gradlew with a project path and a named repository',
      command: './gradlew clean build :lib:publishMavenPublicationToNexusRepository',
      publish: ['gradlew :lib:publishMavenPublicationToNexusRepository', '', 'Nexus'],
      network: ['Nexus', 'gradlew :lib:publishMavenPublicationToNexusRepository', 'upload'],
    },
    {
      name: 'gradle publishPlugins',
      command: 'gradle -q publishPlugins',
      publish: ['gradle publishPlugins', '', ''],
      network: ['', 'gradle publishPlugins', 'upload'],
    },
    {
      name: 'mvn deploy',
      command: 'mvn deploy',
      publish: ['mvn deploy', '', ''],
      network: ['', 'mvn deploy', 'upload'],
    },
    {
      name: 'mvn deploy to an alternative repository',
      command:
        'mvn -B clean deploy -DskipTests -DaltDeploymentRepository=r::default::https://repo.example.com/releases',
      publish: ['mvn deploy', '', 'https://repo.example.com/releases'],
      network: ['https://repo.example.com/releases', 'mvn deploy', 'upload'],
    },
    {
      name: './mvnw release:perform',
      command: './mvnw release:perform',
      publish: ['mvnw release:perform', '', ''],
      network: ['', 'mvnw release:perform', 'upload'],
    },
    {
      name: 'a deploy goal by its plugin coordinates',
      command: 'mvn org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy-file -Durl=https://r.example.com',
      publish: ['mvn org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy-file', '', 'https://r.example.com'],
      network: [
        'https://r.example.com',
        'mvn org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy-file',
        'upload',
      ],
    },
  ])('$name', ({ command, publish, network }) => {
    expect([held(command, 'GIT_PUBLISH'), held(command, 'NETWORK_RISK').details]).toEqual([
      { asked: ['GIT_PUBLISH', 'NETWORK_RISK'], details: [publish] },
      [network],
    ]);
  });

  it.each([
    { name: 'gradle build', command: 'gradle build' },
    { name: './gradlew test', command: './gradlew test' },
    { name: 'gradle publishToMavenLocal', command: 'gradle publishToMavenLocal' },
    { name: 'a publish task excluded with -x', command: 'gradle build -x publish' },
    { name: 'a gradle dry run', command: 'gradle publish --dry-run' },
    { name: 'mvn install', command: 'mvn install' },
    { name: 'mvn -q test', command: 'mvn -q test' },
    { name: 'mvn dependency:tree', command: 'mvn dependency:tree' },
  ])('$name is not a publish', ({ command }) => {
    expect(held(command).asked).toEqual([]);
  });

  it('asks for a task built at run time, which may publish', () => {
    expect(held('./gradlew "$TASK"').asked).toEqual(['GIT_PUBLISH', 'NETWORK_RISK']);
  });
});
