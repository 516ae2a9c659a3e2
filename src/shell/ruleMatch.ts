import { rulesFor } from './commandRules';
import { passesCheck } from './ruleChecks';
import type { CommandRule } from './ruleTypes';
import type { ShellWord } from './shellWord';
import { readSubcommand } from './toolOptions';

/** A rule that matched one command, with the subcommand it matched and where its operands start. */
export interface RuleMatch {
  readonly rule: CommandRule;
  /** the matched subcommand words ('' when the rule takes any call or a bare one) */
  readonly subcommand: string;
  /** index of the first word after the subcommand */
  readonly next: number;
}

export interface RuleOutcome {
  readonly matches: readonly RuleMatch[];
  /** the subcommand word that decides, when it is built at run time (fail closed) */
  readonly unknownSubcommand: ShellWord | undefined;
}

const NO_MATCH: RuleOutcome = { matches: [], unknownSubcommand: undefined };

const SPLIT_SUBCOMMANDS = new Map<CommandRule, readonly (readonly string[])[]>();

function subcommandPaths(rule: CommandRule): readonly (readonly string[])[] {
  let paths = SPLIT_SUBCOMMANDS.get(rule);
  if (paths === undefined) {
    paths = (rule.subcommands ?? []).map((path) => (path === '' ? [] : path.split(' ')));
    SPLIT_SUBCOMMANDS.set(rule, paths);
  }
  return paths;
}

function depth(rules: readonly CommandRule[]): number {
  let levels = 1;
  for (const rule of rules) for (const path of subcommandPaths(rule)) levels = Math.max(levels, path.length);
  return levels;
}

function hasRuleOption(options: readonly string[], words: readonly ShellWord[]): boolean {
  for (const word of words.slice(1)) {
    const value = word.value;
    if (value === undefined || !value.startsWith('-')) continue;
    if (options.includes(value)) return true;
    // a short cluster: `rpm -ivh`, `nix-env -iA`
    if (!value.startsWith('--') && [...value.slice(1)].some((letter) => options.includes(`-${letter}`))) return true;
  }
  return false;
}

/**
 * The rules a command matches. Only its name and subcommand decide (never a word's mere presence);
 * when the deciding subcommand is built at run time, `unknownSubcommand` says so.
 */
export function matchRules(name: string, words: readonly ShellWord[]): RuleOutcome {
  const rules = rulesFor(name);
  if (rules.length === 0) return NO_MATCH;
  const sub = readSubcommand(name, words, depth(rules));
  const matches: RuleMatch[] = [];
  let unknownSubcommand: ShellWord | undefined;
  for (const rule of rules) {
    if (rule.check !== undefined && !passesCheck(rule.check, name, words)) continue;
    if (rule.options !== undefined && !hasRuleOption(rule.options, words)) continue;
    if (rule.subcommands === undefined) {
      matches.push({ rule, subcommand: '', next: 1 });
      continue;
    }
    for (const path of subcommandPaths(rule)) {
      const fits = path.length === 0 ? sub.words.length === 0 : path.length <= sub.words.length;
      if (!fits) continue;
      const differs = path.findIndex((part, level) => sub.words[level]?.value !== part);
      if (differs === -1) {
        matches.push({ rule, subcommand: path.join(' '), next: path.length === 0 ? sub.next : (sub.ends[path.length - 1] ?? sub.next) });
        break;
      }
      // the words before `differs` matched, so only the differing one can be unknown
      const word = sub.words[differs];
      if (word !== undefined && word.value === undefined) unknownSubcommand ??= word;
    }
  }
  return { matches, unknownSubcommand };
}
