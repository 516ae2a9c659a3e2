import type { CommandSpec, RuleSpec } from '../../catalog/commandSpec';

// the pieces the service family's specs are written with: a destructive verb is one rule, a
// read-only verb a level whose operands are names, not files

type ImpactLevel = NonNullable<RuleSpec['level']>;

/** A level whose operands are names the service knows (a key, a queue, a snapshot), never files here. */
export const NAMES: CommandSpec = { operands: 'data' };

/** Levels that only name things: read-only verbs and changes that destroy nothing. */
export function naming(verbs: readonly string[]): Record<string, CommandSpec> {
  return Object.fromEntries(verbs.map((verb) => [verb, NAMES]));
}

/**
 * What destroys what a service holds or stops it: SYSTEM_IMPACT at `level`. The details name what
 * and where (serviceFindingDetails.ts); the examples are checked with every built-in rule.
 */
export function destroys(
  note: string,
  level: ImpactLevel,
  examples: readonly string[],
  more: Omit<Partial<RuleSpec>, 'category' | 'note' | 'level' | 'examples'> = {},
): RuleSpec {
  return { category: 'SYSTEM_IMPACT', note, level, examples: [...examples], ...more };
}

/** A level reached only to destroy or stop: its operands are names, its rule always applies. */
export function destroying(rule: RuleSpec, spec: CommandSpec = NAMES): CommandSpec {
  return { ...spec, rules: [rule] };
}

/** The options that ask a destructive verb only to show what it would do. */
export const DRY_RUN = ['--dry-run', '-n'];

/**
 * Go flags, which take one dash or two (`-address=URL`, `--namespace admin`): each name in both
 * forms, joined as an option key.
 */
export function goFlags(names: string): string {
  return names
    .split('|')
    .flatMap((name) => [`-${name}`, `--${name}`])
    .join('|');
}

/**
 * The verbs of one resource of a hosted service's CLI (`ldcli flags VERB`, `fastly backend VERB`):
 * `reads` name things the service holds or change them without loss (list, get, create,
 * update), `destructive` destroy them. A verb neither lists is one the catalog does not know.
 */
export function resourceVerbs(reads: readonly string[], destructive: Readonly<Record<string, RuleSpec>>): CommandSpec {
  return {
    subcommands: {
      ...naming(reads),
      ...Object.fromEntries(Object.entries(destructive).map(([verb, rule]) => [verb, destroying(rule)])),
    },
  };
}

/**
 * A hosted service's CLI written `PROGRAM RESOURCE VERB [NAME...] [--flag value]`: every option
 * takes a value but `flags`, any first word is a resource with `verbs`, and `commands` are the
 * words that are no resource (`help`, `version`, `whoami`).
 */
export function resourceCli(
  verbs: CommandSpec,
  commands: Record<string, CommandSpec> = {},
  flags = '-h|--help|-v|--version|--json',
): CommandSpec {
  return {
    reader: 'service',
    unknownOptions: 'data',
    globalOptions: { [flags]: 'flag' },
    subcommands: { ...naming(['help', 'version']), ...commands },
    anySubcommand: verbs,
  };
}
