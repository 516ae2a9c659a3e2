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

/** The system family's named checks, by the name a rule gives in `when.check`. */
export const SYSTEM_CHECKS: RuleCheckRegistry = { sysctlWrite, ipChange };
