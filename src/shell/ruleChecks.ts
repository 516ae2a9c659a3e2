import { apiPublishMethod } from './forgeApi';
import { GIT_TAG_VALUED } from './gitOptions';
import { hasOption, isOptionWord, readArguments, readLeadingOptions, valuedSet } from './options';
import type { RuleCheck } from './ruleTypes';
import type { ShellWord } from './shellWord';
import { readSubcommand } from './toolOptions';
import { remoteHost } from './urls';

const PACMAN_OPERATION = /^-[SUR][A-Za-z]*$/;
const PACMAN_QUERY = /^-S[A-Za-z]*[silgp]/;
const IP_OBJECTS = new Set(['link', 'l', 'addr', 'address', 'a', 'route', 'r', 'ro', 'rule', 'neigh', 'neighbor', 'n', 'netns', 'tunnel', 'tuntap', 'maddr', 'mroute', 'xfrm', 'vrf', 'nexthop']);
const IP_CHANGES = new Set(['add', 'a', 'del', 'delete', 'd', 'set', 'change', 'chg', 'replace', 'flush', 'append', 'prepend', 'exec']);
// git tag options that list, verify or delete instead of creating a tag
const TAG_NOT_CREATING = ['-l', '--list', '-d', '--delete', '-v', '--verify', '--contains', '--no-contains', '--points-at', '--merged', '--no-merged'];
const PYTHON_VALUED = valuedSet(['-c', '-m', '-X', '-W']);
const SETUP_UPLOADS: ReadonlySet<string> = new Set(['upload', 'register', 'upload_docs']);

/** Operands after the command name, skipping its option words (values are not known to be values). */
function plainOperands(words: readonly ShellWord[]): ShellWord[] {
  return words.slice(1).filter((word) => !isOptionWord(word));
}

function createsGitTag(words: readonly ShellWord[]): boolean {
  const parsed = readArguments(words, readSubcommand('git', words, 1).next, GIT_TAG_VALUED);
  return parsed.operands.length > 0 && !hasOption(parsed, TAG_NOT_CREATING);
}

function uploadsSetupPy(words: readonly ShellWord[]): boolean {
  const operands = readLeadingOptions(words, 1, PYTHON_VALUED).operands;
  const script = operands[0]?.value ?? '';
  return (script === 'setup.py' || script.endsWith('/setup.py')) && operands.slice(1).some((word) => SETUP_UPLOADS.has(word.value ?? ''));
}

/** Whether a command passes a rule's check, beyond its name and subcommand (see RULE_CHECKS). */
export function passesCheck(check: RuleCheck, name: string, words: readonly ShellWord[]): boolean {
  const values = words.slice(1).map((word) => word.value ?? '');
  switch (check) {
    case 'pacmanOperation':
      // yay and paru with no operation run a full upgrade
      return values.length === 0 ? name !== 'pacman' : values.some((value) => PACMAN_OPERATION.test(value) && !PACMAN_QUERY.test(value)) || values.some((value) => ['--sync', '--upgrade', '--remove'].includes(value));
    case 'sysctlWrite':
      return values.some((value) => ['-w', '--write', '-p', '--load', '--system'].includes(value) || (!value.startsWith('-') && value.includes('=')));
    case 'ipChange': {
      const operands = plainOperands(words).map((word) => word.value ?? '');
      return IP_OBJECTS.has(operands[0] ?? '') && IP_CHANGES.has(operands[1] ?? '');
    }
    case 'ddToDevice':
      return values.some((value) => value.startsWith('of=/dev/') && value !== 'of=/dev/null');
    case 'notListing':
      return !values.some((value) => value === '-l' || value === '-L' || value === '--list');
    case 'remoteOperand':
      return values.some((value) => !value.startsWith('-') && remoteHost(value) !== undefined);
    case 'gitTagCreate':
      return createsGitTag(words);
    case 'setupPyUpload':
      return uploadsSetupPy(words);
    case 'apiPublish':
      return apiPublishMethod(name, words) !== undefined;
    default:
      return false;
  }
}
