import { BUILTIN_COMMAND_FAMILIES } from '../../shell/programs/builtinCommandFamilies';
import { BUILTIN_CATALOG } from '../../shell/programs/builtinCatalog';
import { createCatalog, type Catalog } from '../../shell/catalog/catalog';
import type { CommandSpec, CommandSpecs } from '../../shell/catalog/commandSpec';

// on a program or subcommand the built-in catalog describes, a policy may add these only
const ADDABLE: ReadonlySet<string> = new Set(['rules', 'subcommands']);

/**
 * A host's entry for something the built-in catalog describes: its rules are added, and
 * subcommands the catalog does not know are described; what the catalog knows stays as it is.
 */
function mergeSpec(builtin: CommandSpec, host: CommandSpec, at: string, issues: string[]): CommandSpec {
  for (const key of Object.keys(host)) {
    if (!ADDABLE.has(key))
      issues.push(
        `${at}.${key}: the built-in command catalog describes this program; a policy may only add rules, and subcommands it does not know`,
      );
  }
  const subcommands: Record<string, CommandSpec> = { ...builtin.subcommands };
  for (const [name, child] of Object.entries(host.subcommands ?? {})) {
    const known =
      builtin.subcommands !== undefined && Object.hasOwn(builtin.subcommands, name)
        ? builtin.subcommands[name]
        : undefined;
    subcommands[name] = known === undefined ? child : mergeSpec(known, child, `${at}.subcommands.${name}`, issues);
  }
  return {
    ...builtin,
    ...(host.rules !== undefined && { rules: [...(builtin.rules ?? []), ...host.rules] }),
    ...(host.subcommands !== undefined && { subcommands }),
  };
}

/** The command catalog with a policy's programs, or the issues that keep them out. */
export interface HostCatalog {
  readonly catalog: Catalog;
  /** each with its path below `shell.programs`, empty when the programs are valid */
  readonly issues: readonly string[];
}

/**
 * The built-in catalog with a host's programs added: a program it does not know is added as
 * written; one it knows (by name, alias, version or family) gains the host's rules and the
 * subcommands it did not know. No host name may take a built-in program's name.
 */
export function catalogWithPrograms(programs: CommandSpecs | undefined): HostCatalog {
  if (programs === undefined || Object.keys(programs).length === 0) return { catalog: BUILTIN_CATALOG, issues: [] };
  const issues: string[] = [];
  const added: Record<string, CommandSpec> = {};
  const extended: Record<string, CommandSpec> = {};
  for (const [name, spec] of Object.entries(programs)) {
    const at = `shell.programs.${name}`;
    const builtin = BUILTIN_CATALOG.lookup(name);
    if (builtin === undefined) {
      for (const alias of spec.aliases ?? []) {
        if (BUILTIN_CATALOG.lookup(alias) !== undefined)
          issues.push(
            `${at}.aliases: '${alias}' names a program of the built-in command catalog; describe it under its own name`,
          );
      }
      added[name] = spec;
      continue;
    }
    const primary = builtin.path[0] ?? name;
    extended[primary] = mergeSpec(extended[primary] ?? builtin.spec, spec, at, issues);
  }
  // the built-in families after the host's programs, each read on the first lookup of one of its programs, as in the built-in catalog
  return { catalog: createCatalog([extended, added], BUILTIN_COMMAND_FAMILIES, BUILTIN_CATALOG.code), issues };
}
