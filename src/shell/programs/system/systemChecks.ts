import type { CommandReading } from '../../catalog/commandReading';
import type { RuleCheckRegistry } from '../../catalog/reader';

// the options that make sysctl set parameters rather than print them
const SYSCTL_WRITES: ReadonlySet<string> = new Set(['-w', '--write', '-p', '--load', '--system']);

// `ip OBJECT COMMAND`: the objects, with their abbreviations, and the commands that change them
const IP_OBJECTS: ReadonlySet<string> = new Set([
  'link',
  'l',
  'addr',
  'address',
  'a',
  'route',
  'r',
  'ro',
  'rule',
  'neigh',
  'neighbor',
  'n',
  'netns',
  'tunnel',
  'tuntap',
  'maddr',
  'mroute',
  'xfrm',
  'vrf',
  'nexthop',
]);
const IP_CHANGES: ReadonlySet<string> = new Set([
  'add',
  'a',
  'del',
  'delete',
  'd',
  'set',
  'change',
  'chg',
  'replace',
  'flush',
  'append',
  'prepend',
  'exec',
]);

/** Whether sysctl sets a kernel parameter: a write or load option, or a `name=value` operand. */
function sysctlWrite(reading: CommandReading): boolean {
  return reading.words.slice(1).some((word) => {
    const value = word.value ?? '';
    return SYSCTL_WRITES.has(value) || (!value.startsWith('-') && value.includes('='));
  });
}

/** Whether `ip OBJECT COMMAND` changes the object (`ip addr add`), rather than showing it (`ip addr show`). */
function ipChange(reading: CommandReading): boolean {
  const operands = reading.operands.map((word) => word.value ?? '');
  return IP_OBJECTS.has(operands[0] ?? '') && IP_CHANGES.has(operands[1] ?? '');
}

// the verbs of a service manager that only show what it runs: status, properties, lists, unit files
const SERVICE_READS: ReadonlySet<string> = new Set([
  'status',
  'show',
  'cat',
  'help',
  'is-active',
  'is-enabled',
  'is-failed',
  'is-system-running',
  'list-units',
  'list-unit-files',
  'list-timers',
  'list-sockets',
  'list-dependencies',
  'list-jobs',
  'list',
  'print',
  'blame',
  'check',
]);

// the options that ask only for a listing (`service --status-all`, `chkconfig --list`)
const SERVICE_LISTINGS: ReadonlySet<string> = new Set(['--status-all', '--list', '-h', '--help', '--version']);

/**
 * Whether a service manager changes a service (`systemctl restart nginx`, `service nginx stop`),
 * rather than showing it (`systemctl status nginx`, `service nginx status`): `service` names the
 * service before the verb, the others after it; with no verb systemctl lists its units. A verb
 * built at run time may change one.
 */
function changesService(reading: CommandReading): boolean {
  if (reading.words.some((word) => SERVICE_LISTINGS.has(word.value ?? ''))) return false;
  const verb = reading.operands[reading.name === 'service' ? 1 : 0];
  if (verb === undefined) return reading.name !== 'systemctl';
  return verb.value === undefined || !SERVICE_READS.has(verb.value);
}

/** The system family's named checks, by the name a rule gives in `when.check`. */
export const SYSTEM_CHECKS: RuleCheckRegistry = { sysctlWrite, ipChange, changesService };
