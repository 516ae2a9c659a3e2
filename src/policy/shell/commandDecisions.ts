import { commandBasename } from '../../shell/words/shellWord';
import type { CommandRule } from './shellPolicy';

/** What a policy's command rules say of a call. */
export type CommandDecision = CommandRule['decision'];

/** The rule that decided, with its place in the policy and the command it matched. */
export interface CommandRuleMatch {
  readonly rule: CommandRule;
  /** its index in the policy's `shell.rules` */
  readonly index: number;
  /** the simple command it matched, as its words */
  readonly command: readonly string[];
}

/** The decision of the command rules for one command line, or none. */
export interface CommandRulesOutcome {
  readonly decision: CommandDecision | undefined;
  readonly match: CommandRuleMatch | undefined;
}

/** What the rules say of a call no rule decides. */
export const NO_DECISION: CommandRulesOutcome = { decision: undefined, match: undefined };

/** A command prefix written as one line, as words. */
export function splitPrefix(prefix: string): string[] {
  return prefix.trim().split(/\s+/);
}

/** A rule's prefix as words. */
export function prefixWords(rule: CommandRule): readonly string[] {
  return typeof rule.prefix === 'string' ? splitPrefix(rule.prefix) : rule.prefix;
}

/** Whether a simple command starts with the prefix; its first word is compared by basename (`/usr/bin/git` is `git`). */
export function matchesPrefix(command: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length === 0 || command.length < prefix.length) return false;
  return prefix.every((word, index) =>
    index === 0 ? commandBasename(command[0] ?? '') === commandBasename(word) : command[index] === word,
  );
}

function firstMatch(
  commands: readonly (readonly string[])[],
  rules: readonly CommandRule[],
  decision: CommandDecision,
): CommandRuleMatch | undefined {
  for (const [index, rule] of rules.entries()) {
    if (rule.decision !== decision) continue;
    const prefix = prefixWords(rule);
    const command = commands.find((words) => matchesPrefix(words, prefix));
    if (command !== undefined) return { rule, index, command };
  }
  return undefined;
}

/**
 * Decides a command line by the policy's rules, the strictest first: a simple command matching
 * a `deny` rule denies it; one matching an `ask` rule holds it for a human; it is allowed only
 * when every simple command it runs (wrappers and what they run alike) matches an `allow` rule
 * and the analysis saw all of it. Undefined when no rule decides.
 *
 * @example
 * decideByCommandRules([['npm', 'test']], undefined, [{ prefix: 'npm test', decision: 'allow', examples: ['npm test'] }]).decision; // 'allow'
 */
export function decideByCommandRules(
  commands: readonly (readonly string[])[],
  unknowable: string | undefined,
  rules: readonly CommandRule[],
): CommandRulesOutcome {
  if (rules.length === 0) return NO_DECISION;
  const denied = firstMatch(commands, rules, 'deny');
  if (denied !== undefined) return { decision: 'deny', match: denied };
  const asked = firstMatch(commands, rules, 'ask');
  if (asked !== undefined) return { decision: 'ask', match: asked };
  if (unknowable !== undefined || commands.length === 0) return NO_DECISION;
  const allows = rules.filter((rule) => rule.decision === 'allow');
  const everyAllowed = commands.every((words) => allows.some((rule) => matchesPrefix(words, prefixWords(rule))));
  return everyAllowed ? { decision: 'allow', match: firstMatch(commands, rules, 'allow') } : NO_DECISION;
}

/**
 * The rule that decided, as the messages name it: its place, its prefix and the host's reason.
 *
 * @example
 * describeRuleMatch({ rule: { prefix: 'terraform apply', decision: 'ask', reason: 'changes cloud resources',
 * examples: ['terraform apply'] }, index: 0, command: ['terraform', 'apply'] });
 * // "shell.rules[0] 'terraform apply' (changes cloud resources)"
 */
export function describeRuleMatch(match: CommandRuleMatch): string {
  const reason = match.rule.reason === undefined ? '' : ` (${match.rule.reason})`;
  return `shell.rules[${match.index}] '${prefixWords(match.rule).join(' ')}'${reason}`;
}
