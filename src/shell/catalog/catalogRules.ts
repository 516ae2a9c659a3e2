import type { Catalog } from './reader';
import type { CommandSpec, RuleSpec } from './commandSpec';

/** One rule of the catalog, with the program (and its other names) and the subcommands it is attached to. */
export interface CatalogRule {
  readonly program: string;
  readonly aliases: readonly string[];
  /** the subcommand words leading to the rule ('*' for any other word) */
  readonly subcommands: readonly string[];
  readonly rule: RuleSpec;
}

function collect(
  spec: CommandSpec,
  at: { readonly program: string; readonly aliases: readonly string[]; readonly subcommands: readonly string[] },
  into: CatalogRule[],
): void {
  for (const rule of spec.rules ?? []) into.push({ ...at, rule });
  for (const [name, child] of Object.entries(spec.subcommands ?? {}))
    collect(child, { ...at, subcommands: [...at.subcommands, name] }, into);
  for (const child of [spec.otherSubcommand, spec.anySubcommand])
    if (child !== undefined) collect(child, { ...at, subcommands: [...at.subcommands, '*'] }, into);
}

/** Every rule of a catalog, program by program: docs are generated from it and the tests run each rule's examples. */
export function catalogRules(catalog: Catalog): CatalogRule[] {
  const rules: CatalogRule[] = [];
  for (const [program, spec] of catalog.programs)
    collect(spec, { program, aliases: spec.aliases ?? [], subcommands: [] }, rules);
  return rules;
}
