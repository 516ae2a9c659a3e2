import { programLabel, type CommandReading } from './commandReading';
import type { RuleCheck, RuleSpec } from './commandSpec';

/** A named check of a rule's `when`: whether the command is the kind the rule is about. */
export type RuleCheckTest = (reading: CommandReading) => boolean;

/** Every named check, by the name a rule gives in `when.check`. */
export type RuleCheckRegistry = Readonly<Record<RuleCheck, RuleCheckTest>>;

/** A rule a command matched, with the program and subcommands it is attached to. */
export interface RuleMatch {
  readonly rule: RuleSpec;
  /** the program and the subcommand words up to the rule's level, as written (`npm i`, `kubectl`) */
  readonly label: string;
  /** whether the rule belongs to a subcommand, not to the program itself */
  readonly onSubcommand: boolean;
  /** index of the first word after the rule's subcommand (1 for a program's own rule) */
  readonly next: number;
}

function givenOption(reading: CommandReading, keys: readonly string[]): boolean {
  return keys.some((key) => key.split('|').some((name) => reading.options.some((option) => option.name === name)));
}

/** Whether a rule's conditions hold; `depth` is its level, so the words after it include deeper subcommands. */
function passesWhen(rule: RuleSpec, reading: CommandReading, depth: number, checks: RuleCheckRegistry): boolean {
  const when = rule.when;
  if (when === undefined) return true;
  if (when.options !== undefined && !givenOption(reading, when.options)) return false;
  if (when.notOptions !== undefined && givenOption(reading, when.notOptions)) return false;
  const hasOperands = reading.subcommands.length > depth || reading.operands.length > 0 || reading.runs !== undefined;
  if (when.operands === 'some' && !hasOperands) return false;
  if (when.operands === 'none' && hasOperands) return false;
  if (when.check === undefined) return true;
  // a check no family registers cannot say the command is harmless: the rule applies
  const check = checks[when.check];
  return check === undefined || check(reading);
}

/** The rules of the program and of each subcommand the reading went through, in that order. */
export function matchRules(reading: CommandReading, checks: RuleCheckRegistry): RuleMatch[] {
  const matches: RuleMatch[] = [];
  const chain = reading.node?.chain ?? [];
  for (let depth = 0; depth < chain.length; depth++) {
    const rules = chain[depth]?.rules;
    if (rules === undefined) continue;
    const label = programLabel(reading.name, reading.subcommands.slice(0, depth));
    const next = depth === 0 ? 1 : (reading.subcommandEnds[depth - 1] ?? reading.next);
    for (const rule of rules)
      if (passesWhen(rule, reading, depth, checks)) matches.push({ rule, label, onSubcommand: depth > 0, next });
  }
  return matches;
}
