import type { CommandCall } from './commandCall';
import { isDependencyFile } from './dependencyFiles';
import { addressOf, networkDetails } from './networkDetails';
import { optionValue, readArguments, valuedSet } from './options';
import { publishDetails } from './publishDetails';
import type { RuleMatch } from './ruleMatch';
import type { ShellFinding } from './shellAnalysis';
import { shownWord, type ShellWord } from './shellWord';
import { toolValuedOptions } from './toolOptions';

type Details = readonly [string, string, string];

// options of package managers that take a value which is not a package
const DEPS_VALUED = valuedSet([
  '-r', '--requirement', '-c', '--constraint', '--file', '--requirements', '-i', '--index-url', '--extra-index-url', '--index',
  '--default-index', '-t', '--target', '--prefix', '--root', '-f', '--find-links', '--python-version', '--platform', '--registry',
  '-w', '--workspace', '--tag', '--cache', '-n', '--name', '--channel', '--vers', '--version', '--git', '--branch', '--rev',
  '--path', '--features', '-F', '-j', '--jobs', '--profile', '--group', '-G', '--source', '--extras', '-E', '-o', '--option',
  '--install-dir', '-s', '--with', '--python', '--directory', '--project', '-C', '--dir', '--filter', '--cwd',
]);
const DEP_FILE_OPTIONS = ['-r', '--requirement', '-c', '--constraint', '--file', '--requirements'];
const PACKAGE_OPTIONS = ['-p', '--package'];
const NO_VALUED: ReadonlySet<string> = new Set();
const MAX_DETAIL = 200;

function clip(text: string): string {
  return text.length <= MAX_DETAIL ? text : `${text.slice(0, MAX_DETAIL - 1)}\u2026`;
}

function joinShown(words: readonly ShellWord[]): string {
  return clip(words.map(shownWord).join(','));
}

function depsDetails(call: CommandCall, match: RuleMatch, label: string): Details {
  const parsed = readArguments(call.words, match.next, DEPS_VALUED);
  const fileWords: ShellWord[] = [];
  for (const option of parsed.options) {
    // `-c conda-forge` is a channel, `-c constraints.txt` a file
    if (DEP_FILE_OPTIONS.includes(option.name) && option.value?.value?.includes('.') === true) fileWords.push(option.value);
  }
  const files = [...fileWords, ...parsed.operands.filter((word) => word.value !== undefined && isDependencyFile(word.value))];
  const named = optionValue(readArguments(call.words, 1, valuedSet(PACKAGE_OPTIONS)), PACKAGE_OPTIONS);
  const operands = parsed.operands.filter((word) => !files.includes(word));
  const packages = match.rule.packageIsFirstOperand === true ? (named !== undefined ? [named] : operands.slice(0, 1)) : operands;
  return [label, joinShown(packages), joinShown(files)];
}

// verb first (`systemctl restart nginx`) or service first (`service nginx restart`)
const VERB_FIRST: ReadonlySet<string> = new Set(['systemctl', 'launchctl', 'rc-service', 'sv', 'ufw', 'firewall-cmd', 'nmcli', 'crontab']);

function systemDetails(call: CommandCall, match: RuleMatch): Details {
  const level = match.rule.level ?? '';
  if (call.name === 'dd') {
    const device = call.words.find((word) => word.value?.startsWith('of=') === true)?.value?.slice(3) ?? '';
    return ['dd', device, level];
  }
  const label = match.subcommand === '' ? call.name : `${call.name} ${match.subcommand}`;
  // a subcommand rule (`kubectl delete`, `docker rm -f web`): the object follows the subcommand
  if (match.subcommand !== '') return [label, clip(readArguments(call.words, match.next, NO_VALUED).operands.map(shownWord).join(' ')), level];
  const operands = readArguments(call.words, 1, toolValuedOptions(call.name)).operands.map(shownWord);
  if (VERB_FIRST.has(call.name) && operands.length > 0) return [`${call.name} ${operands[0] ?? ''}`, clip(operands.slice(1).join(' ')), level];
  if (call.name === 'service' && operands.length > 1) return [`service ${operands[1] ?? ''}`, operands[0] ?? '', level];
  return [call.name, clip(operands.join(' ')), level];
}

/** The finding for one matched rule, with the category's three details (seed 002 C). */
export function ruleFinding(call: CommandCall, match: RuleMatch): ShellFinding {
  const rule = match.rule;
  const label = match.subcommand === '' ? call.name : `${call.name} ${match.subcommand}`;
  const base = { category: rule.category, trigger: label, command: call.command, note: rule.note };
  switch (rule.category) {
    case 'DEPS_INSTALL_UPDATE':
      return { ...base, details: depsDetails(call, match, label) };
    case 'GIT_PUBLISH':
      return { ...base, details: publishDetails(call, match, label) };
    case 'SYSTEM_IMPACT':
      return { ...base, details: systemDetails(call, match) };
    case 'NETWORK_RISK':
      return { ...base, details: networkDetails(call, { tool: label, purpose: rule.purpose ?? 'request', next: match.next }) };
    default:
      return { ...base, details: [call.command, '', ''] };
  }
}

/** The NETWORK_RISK finding of an install or publish that reaches a registry or remote. */
export function companionNetworkFinding(call: CommandCall, match: RuleMatch, purpose: string): ShellFinding {
  const label = match.subcommand === '' ? call.name : `${call.name} ${match.subcommand}`;
  const operands = call.words.slice(match.next);
  const address = call.name === 'git' ? (addressOf(operands) || (operands.find((word) => !(word.value ?? '').startsWith('-'))?.value ?? '')) : addressOf(operands);
  return { category: 'NETWORK_RISK', trigger: label, command: call.command, note: match.rule.note, details: [address, label, purpose] };
}
