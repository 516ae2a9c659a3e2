import { goFlags } from './serviceRules';

// What a service program's options say of what it destroys and where, for its SYSTEM_IMPACT
// details (serviceFindingDetails.ts): the server, repository or namespace it acts in, and the
// options that name what it acts on. Kept apart from the specs, so the reader that reads it does
// not load every spec of the family.

/** The options of one program that say where it acts and what it acts on. */
export interface ServiceReach {
  /** options whose value says where (several names of one joined by '|'), with the word the detail names it by */
  readonly where: Readonly<Record<string, string>>;
  /** options that name what it acts on (`--topic orders`, `-versions=1-3`), shown as the line gives them */
  readonly what: readonly string[];
}

const KAFKA_SERVER = { '--bootstrap-server': 'server', '--zookeeper': 'zookeeper' };

/** Each service program by its primary name. */
export const SERVICE_REACH: Readonly<Record<string, ServiceReach>> = {
  restic: {
    where: { '-r|--repo': 'repository', '--repository-file': 'repository in' },
    what: ['--prune', '--unsafe-allow-remove-all'],
  },
  borg: { where: { '-r|--repo': 'repository' }, what: ['-a', '--glob-archives', '--match-archives', '-P', '--prefix'] },
  rclone: { where: {}, what: [] },
  velero: { where: { '-n|--namespace': 'namespace', '--kubecontext': 'context' }, what: ['--all', '-l', '--selector'] },
  vault: {
    where: { [goFlags('address')]: 'server', [goFlags('namespace|ns')]: 'namespace', [goFlags('mount')]: 'mount' },
    what: goFlags('versions|prefix|accessor|self').split('|'),
  },
  consul: {
    where: {
      [goFlags('http-addr')]: 'server',
      [goFlags('datacenter')]: 'datacenter',
      [goFlags('namespace')]: 'namespace',
      [goFlags('partition')]: 'partition',
    },
    what: goFlags('recurse|id|kind|name').split('|'),
  },
  etcdctl: { where: { '--endpoints': 'endpoints' }, what: ['--prefix', '--from-key'] },
  'kafka-topics': { where: KAFKA_SERVER, what: ['--topic'] },
  'kafka-consumer-groups': {
    where: KAFKA_SERVER,
    what: ['--reset-offsets', '--group', '--all-groups', '--topic', '--all-topics'],
  },
  'kafka-configs': { where: KAFKA_SERVER, what: ['--entity-type', '--entity-name', '--topic', '--broker'] },
  'kafka-acls': {
    where: KAFKA_SERVER,
    what: ['--topic', '--group', '--cluster', '--allow-principal', '--deny-principal', '--operation'],
  },
  'kafka-delete-records': { where: KAFKA_SERVER, what: ['--offset-json-file'] },
  rpk: { where: { '--brokers': 'brokers', '--profile': 'profile' }, what: [] },
  rabbitmqctl: { where: { '-n|--node': 'node', '-p|--vhost': 'vhost' }, what: [] },
  rabbitmqadmin: {
    where: { '-H|--host': 'host', '-U|--base-uri': 'server', '-N|--node': 'node', '-V|--vhost': 'vhost' },
    what: ['--name'],
  },
  nats: { where: { '-s|--server': 'server', '--context': 'context' }, what: [] },
  nginx: { where: { '-c': 'configuration', '-p': 'prefix' }, what: ['-s'] },
  apachectl: { where: { '-f': 'configuration', '-d': 'root' }, what: ['-k'] },
  haproxy: { where: { '-f': 'configuration' }, what: [] },
  caddy: { where: { '--address': 'admin endpoint' }, what: [] },
  ldcli: { where: { '--project': 'project', '--environment': 'environment' }, what: [] },
  unleash: { where: { '--project': 'project', '--environment': 'environment' }, what: [] },
  algolia: { where: { '--application-id|--profile|-p': 'application' }, what: [] },
  fastly: {
    where: { '--service-id|-s': 'service', '--service-name': 'service' },
    what: ['--name', '--version', '--id', '--all'],
  },
  pd: { where: {}, what: [] },
  circleci: { where: { '--host': 'server' }, what: [] },
  kong: { where: { '-c|--conf': 'configuration', '-p|--prefix': 'prefix' }, what: [] },
  splunk: { where: { '-uri': 'server' }, what: ['-index'] },
  'gitlab-rails': { where: { '-e|--environment': 'environment' }, what: [] },
};
