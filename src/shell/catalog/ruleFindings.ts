import { dependencyManifest } from '../../paths/dependencyManifest';
import type { ShellFinding } from './shellAnalysis';
import { listedWords, shownWord, type ShellWord } from '../words/shellWord';
import { remoteHost, wordUrl } from '../words/urls';
import type { CommandEffects } from './commandEffects';
import type { CommandReading } from './commandReading';
import type { CommandSpec } from './commandSpec';
import type { FindingDetails, ProgramFindingDetails, ProgramRequest } from './reader';
import type { RuleMatch } from './ruleMatch';
import type { ReadOption } from './readOptions';

type Details = FindingDetails;

const MAX_DETAIL = 200;

/** A detail cut to the length a finding shows. */
export function clip(text: string): string {
  return text.length <= MAX_DETAIL ? text : `${text.slice(0, MAX_DETAIL - 1)}\u2026`;
}

/** A word as a finding's detail shows it. */
export function shown(word: ShellWord | undefined): string {
  return word === undefined ? '' : clip(shownWord(word));
}

function joinShown(words: readonly ShellWord[], separator = ','): string {
  return clip(words.map(shownWord).join(separator));
}

/** The value of the first of `names` given among the options. */
export function optionWord(options: readonly ReadOption[], names: readonly string[]): ShellWord | undefined {
  for (const option of options) if (names.includes(option.name)) return option.value;
  return undefined;
}

/** Whether any of `names` is given among the options. */
export function hasOption(options: readonly ReadOption[], names: readonly string[]): boolean {
  return options.some((option) => names.includes(option.name));
}

/** The operands a rule reads: those after its subcommand, then the words of a command the program runs. */
function operandsAfter(reading: CommandReading, match: RuleMatch): ShellWord[] {
  const run = reading.runs === undefined ? [] : reading.words.slice(reading.runs.index);
  // a rule on the program itself also sees the subcommand words (`kubectl get pods`)
  const before = match.onSubcommand ? [] : reading.subcommands;
  return [...before, ...reading.operands, ...run];
}

/** What the spec of the reading's level says of how its operands read, else the nearest level above it. */
function operandsRead<K extends 'firstOperand' | 'lookupModifiers'>(reading: CommandReading, field: K): CommandSpec[K] {
  for (let node = reading.node; node !== undefined; node = node.parent) {
    const value = node.spec[field];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The URL, or failing that the host, a command's operands name. */
function addressOf(operands: readonly ShellWord[]): string {
  for (const operand of operands) {
    const url = operand.value === undefined ? undefined : wordUrl(operand.value);
    if (url !== undefined) return url;
  }
  for (const operand of operands) {
    const value = operand.value;
    if (value === undefined || value.startsWith('-')) continue;
    const host = remoteHost(value);
    if (host !== undefined) return host;
  }
  return '';
}

const DEP_FILE_OPTIONS = ['-r', '--requirement', '-c', '--constraint', '--file', '--requirements'];

/** DEPS_INSTALL_UPDATE: [command, packages, dependency files]. */
function depsDetails(reading: CommandReading, match: RuleMatch): Details {
  const files: ShellWord[] = [];
  for (const option of reading.options) {
    // `-c conda-forge` is a channel, `-c constraints.txt` a file
    if (DEP_FILE_OPTIONS.includes(option.name) && option.value?.value?.includes('.') === true) files.push(option.value);
  }
  const operands = operandsAfter(reading, match);
  for (const word of operands)
    if (word.value !== undefined && dependencyManifest(word.value) !== undefined) files.push(word);
  const packages = operands.filter((word) => !files.includes(word));
  const named = optionWord(reading.options, ['-p', '--package']);
  const chosen =
    match.rule.packageIsFirstOperand === true ? (named !== undefined ? [named] : packages.slice(0, 1)) : packages;
  return [match.label, joinShown(chosen), joinShown(files)];
}

/** GIT_PUBLISH: [command, branch or tag, remote or registry]. */
function publishDetails(
  reading: CommandReading,
  match: RuleMatch,
  program: ProgramFindingDetails | undefined,
): Details {
  const operands = operandsAfter(reading, match);
  const own = program?.publish?.(reading, match, operands);
  if (own !== undefined) return own;
  const tag = optionWord(reading.options, ['--tag']) ?? optionWord(reading.options, ['-H', '--head']) ?? operands[0];
  return [match.label, shown(tag), shown(optionWord(reading.options, ['--registry', '-R', '--repo']))];
}

/** SYSTEM_IMPACT: [command, target, impact level]. */
function systemDetails(reading: CommandReading, match: RuleMatch): Details {
  const level = match.rule.level ?? '';
  const operands = operandsAfter(reading, match).map(shownWord);
  if (match.onSubcommand) return [match.label, clip(operands.join(' ')), level];
  const first = operandsRead(reading, 'firstOperand');
  if (first === 'verb' && operands.length > 0)
    return [`${reading.name} ${operands[0] ?? ''}`, clip(operands.slice(1).join(' ')), level];
  if (first === 'target' && operands.length > 1)
    return [`${reading.name} ${operands[1] ?? ''}`, operands[0] ?? '', level];
  return [reading.name, clip(operands.join(' ')), level];
}

const HTTP_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const LOOKUP_MODIFIER = /^[@+]/;

/** A request as its details show it: its method, whether it uploads, and the operands that say where it goes. */
type ShownRequest = ProgramRequest & { readonly operands: readonly ShellWord[] };

/** NETWORK_RISK of a request whose method is known: [url or host, tool and method, purpose]. */
function requestDetails(reading: CommandReading, request: ShownRequest, purpose: string): Details {
  const tool = request.method === '' ? reading.name : `${reading.name} ${request.method}`;
  return [addressOf(request.operands), tool, request.upload ? 'upload' : purpose];
}

/** The method an HTTP client's first operand names (`http POST x.io`), with the operands after it. */
function methodOperand(operands: readonly ShellWord[]): ShownRequest | undefined {
  const method = operands[0]?.value?.toUpperCase();
  if (method === undefined || !HTTP_METHODS.has(method)) return undefined;
  return { method, upload: method !== 'GET', operands: operands.slice(1) };
}

/** NETWORK_RISK: [url or host, tool and method, purpose]. */
function networkDetails(
  reading: CommandReading,
  use: { readonly label: string; readonly purpose: string; readonly operands: readonly ShellWord[] },
  program: ProgramFindingDetails | undefined,
): Details {
  const { label, purpose, operands } = use;
  const request = program?.request?.(reading);
  if (request !== undefined) return requestDetails(reading, { ...request, operands }, purpose);
  const read =
    operandsRead(reading, 'lookupModifiers') === true
      ? operands.filter((word) => !LOOKUP_MODIFIER.test(word.value ?? ''))
      : operands;
  const first = operandsRead(reading, 'firstOperand');
  const method = first === 'httpMethod' ? methodOperand(read) : undefined;
  if (method !== undefined) return requestDetails(reading, method, purpose);
  const address = addressOf(read);
  const firstWord = read[0]?.value ?? '';
  // `ssh user@host cmd` names its host without a colon; a program may say where it goes (git's remote)
  const host =
    address !== ''
      ? address
      : first === 'remoteHost'
        ? firstWord.slice(firstWord.lastIndexOf('@') + 1)
        : (program?.networkPlace?.(reading, read) ?? '');
  return [host, label, purpose];
}

/** SUDO: [the command it runs (or the files it edits), the user it runs as, reason ('' : the shell does not say)]. */
function sudoDetails(effects: CommandEffects): Details {
  const command = effects.commands[0];
  const script = effects.scripts[0];
  const edited = effects.paths.filter((path) => path.role === 'overwrite').map((path) => shownWord(path.word));
  // only the start is shown: joining every word of a huge wrapped command at each level is costly
  const target =
    command !== undefined
      ? listedWords(command.words.slice(0, MAX_DETAIL)).join(' ')
      : script !== undefined
        ? shownWord(script.word)
        : edited.length > 0
          ? `edit ${edited.join(' ')}`
          : '';
  return [clip(target), effects.users[0] ?? 'root', ''];
}

/**
 * The finding of one matched rule, with its category's three details (seed 002 C); SUDO's come
 * from what the command runs, so the effects found before the rules are given.
 */
export function ruleFinding(
  reading: CommandReading,
  match: RuleMatch,
  effects: CommandEffects,
  program?: ProgramFindingDetails,
): ShellFinding {
  const rule = match.rule;
  const trigger = rule.category === 'SUDO' ? reading.name : match.label;
  const details = ruleDetails(reading, match, effects, program);
  // one literal for each shape: findings of one shape are read the same way downstream
  if (rule.unseenTarget === true)
    return { category: rule.category, trigger, command: reading.command, note: rule.note, details, unseen: true };
  return { category: rule.category, trigger, command: reading.command, note: rule.note, details };
}

function ruleDetails(
  reading: CommandReading,
  match: RuleMatch,
  effects: CommandEffects,
  program: ProgramFindingDetails | undefined,
): ShellFinding['details'] {
  const rule = match.rule;
  switch (rule.category) {
    case 'DEPS_INSTALL_UPDATE':
      return depsDetails(reading, match);
    case 'GIT_PUBLISH':
      return publishDetails(reading, match, program);
    case 'SYSTEM_IMPACT':
      return program?.system?.(reading, match, operandsAfter(reading, match)) ?? systemDetails(reading, match);
    case 'NETWORK_RISK':
      return networkDetails(
        reading,
        { label: match.label, purpose: rule.purpose ?? 'request', operands: operandsAfter(reading, match) },
        program,
      );
    case 'SUDO':
      return sudoDetails(effects);
    default:
      return [reading.command, '', ''];
  }
}

/** The NETWORK_RISK finding of an install or publish that reaches a registry or remote. */
export function companionNetworkFinding(
  reading: CommandReading,
  match: RuleMatch,
  purpose: string,
  program?: ProgramFindingDetails,
): ShellFinding {
  const operands = operandsAfter(reading, match);
  const address = addressOf(operands) || (program?.companionPlace?.(reading, operands) ?? '');
  return {
    category: 'NETWORK_RISK',
    trigger: match.label,
    command: reading.command,
    note: match.rule.note,
    details: [address, match.label, purpose],
  };
}
