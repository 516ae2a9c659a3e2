import { remoteHost } from '../words/urls';
import type { CommandReading } from './commandReading';
import type { RuleCheck } from './commandSpec';
import type { ReadOption } from './readOptions';

const PACMAN_OPERATION = /^-[SUR][A-Za-z]*$/;
const PACMAN_QUERY = /^-S[A-Za-z]*[silgp]/;
const IP_OBJECTS = new Set([
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
const IP_CHANGES = new Set([
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
const SETUP_UPLOADS: ReadonlySet<string> = new Set(['upload', 'register', 'upload_docs']);
const CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FIELD_OPTIONS: ReadonlySet<string> = new Set(['-f', '--raw-field', '-F', '--field', '--input']);
// GitHub and GitLab endpoints whose change publishes: releases, tags and refs, commits of files, merges, deployments
const PUBLISH_ENDPOINT =
  /(?:^|\/)(?:releases|git\/refs|git\/tags|contents|merges|pulls\/[^/]+\/merge|deployments|repository\/(?:tags|commits|files)|merge_requests\/[^/]+\/merge)(?:[/?]|$)/;

function values(reading: CommandReading): string[] {
  return reading.words.slice(1).map((word) => word.value ?? '');
}

function optionValue(options: readonly ReadOption[], names: readonly string[]): string | undefined {
  for (const option of options) if (names.includes(option.name)) return option.value?.value;
  return undefined;
}

/** The method of a forge API call: -X/--method, else POST when fields are sent (as gh does), else GET. */
export function apiMethod(reading: CommandReading): string {
  const explicit = optionValue(reading.options, ['-X', '--method']);
  if (explicit !== undefined) return explicit.toUpperCase();
  return reading.options.some((option) => FIELD_OPTIONS.has(option.name)) ? 'POST' : 'GET';
}

/** Whether a forge API call changes a release, tag, ref, file or merge. */
function publishesThroughApi(reading: CommandReading): boolean {
  const endpoint = reading.operands[0]?.value;
  return endpoint !== undefined && CHANGING_METHODS.has(apiMethod(reading)) && PUBLISH_ENDPOINT.test(endpoint);
}

function uploadsSetupPy(reading: CommandReading): boolean {
  const words = reading.runs === undefined ? reading.operands : reading.words.slice(reading.runs.index);
  const script = words[0]?.value ?? '';
  return (
    (script === 'setup.py' || script.endsWith('/setup.py')) &&
    words.slice(1).some((word) => SETUP_UPLOADS.has(word.value ?? ''))
  );
}

/** Whether a command passes a rule's check, beyond its program, subcommand and options (see RULE_CHECKS). */
export function passesCheck(check: RuleCheck, reading: CommandReading): boolean {
  switch (check) {
    case 'pacmanOperation': {
      const given = values(reading);
      // yay and paru with no operation run a full upgrade
      if (given.length === 0) return reading.name !== 'pacman';
      return (
        given.some((value) => PACMAN_OPERATION.test(value) && !PACMAN_QUERY.test(value)) ||
        given.some((value) => ['--sync', '--upgrade', '--remove'].includes(value))
      );
    }
    case 'sysctlWrite':
      return values(reading).some(
        (value) =>
          ['-w', '--write', '-p', '--load', '--system'].includes(value) ||
          (!value.startsWith('-') && value.includes('=')),
      );
    case 'ipChange': {
      const operands = reading.operands.map((word) => word.value ?? '');
      return IP_OBJECTS.has(operands[0] ?? '') && IP_CHANGES.has(operands[1] ?? '');
    }
    case 'ddToDevice':
      return values(reading).some((value) => value.startsWith('of=/dev/') && value !== 'of=/dev/null');
    case 'remoteOperand':
      return values(reading).some((value) => !value.startsWith('-') && remoteHost(value) !== undefined);
    case 'setupPyUpload':
      return uploadsSetupPy(reading);
    case 'apiPublish':
      return publishesThroughApi(reading);
    default:
      return false;
  }
}
