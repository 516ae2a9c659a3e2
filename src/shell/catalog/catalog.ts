import type { CommandSpec, CommandSpecs } from './commandSpec';
import { compileNode, type CatalogNode } from './catalogNode';
import { noEffects } from './commandEffects';
import type { Catalog, FamilyCode } from './reader';
import { NO_ENVIRONMENT } from './environmentCode';

export type { Catalog } from './reader';

/**
 * The code of a catalog built from specs alone: no reader or check is registered, so a spec
 * naming one fails closed, and inline code is not read, so it fails closed too; no program reads
 * a variable of the environment, and none prints its stdin as it is (a pipe into a shell is
 * then text built at run time).
 */
export const NO_FAMILY_CODE: FamilyCode = Object.freeze<FamilyCode>({
  readers: Object.freeze({}),
  checks: Object.freeze({}),
  inlineCode: (_code, reading) => {
    const effects = noEffects();
    effects.problems.push({ reason: `inline ${reading.name} code, and no reader of inline code: fail closed` });
    return effects;
  },
  environment: NO_ENVIRONMENT,
  printsStdin: () => false,
});

/**
 * Programs whose specs are read on the first lookup of one of them: a start that looks up a
 * few programs builds only their families' specs.
 */
export interface CommandFamily {
  /** each program as its name and then its aliases, space-separated, in the order `specs` lists them */
  readonly programs: readonly string[];
  readonly specs: () => CommandSpecs;
}

const VERSION_SUFFIX = /[0-9][0-9.]*$/;
const NO_OPTIONS = new Map();

/**
 * Builds a catalog from sets of specs, then families; a name listed twice keeps its first spec.
 * Programs are compiled on first lookup, so building a catalog costs a pass over the names only.
 */
export function createCatalog(
  sets: readonly CommandSpecs[],
  families: readonly CommandFamily[] = [],
  code: FamilyCode = NO_FAMILY_CODE,
): Catalog {
  // every primary name, to the specs that hold it
  const holders = new Map<string, () => CommandSpecs>();
  // every name and alias, to the primary name
  const names = new Map<string, string>();
  // indexed loops: a start builds the index of every built-in name, and iterators would allocate per name
  const add = (name: string, aliases: readonly string[], firstAlias: number, specs: () => CommandSpecs): void => {
    if (holders.has(name)) return;
    holders.set(name, specs);
    if (!names.has(name)) names.set(name, name);
    for (let index = firstAlias; index < aliases.length; index++) {
      const alias = aliases[index] ?? '';
      if (!names.has(alias)) names.set(alias, name);
    }
  };
  for (const set of sets) {
    const specs = (): CommandSpecs => set;
    for (const [name, spec] of Object.entries(set)) add(name, spec.aliases ?? [], 0, specs);
  }
  for (const family of families) {
    for (let index = 0; index < family.programs.length; index++) {
      const words = (family.programs[index] ?? '').split(' ');
      add(words[0] ?? '', words, 1, family.specs);
    }
  }
  const specOf = (primary: string): CommandSpec | undefined => {
    const specs = holders.get(primary)?.();
    return specs !== undefined && Object.hasOwn(specs, primary) ? specs[primary] : undefined;
  };
  let programs: Map<string, CommandSpec> | undefined;
  const compiled = new Map<string, CatalogNode>();
  const node = (primary: string): CatalogNode | undefined => {
    const cached = compiled.get(primary);
    if (cached !== undefined) return cached;
    const spec = specOf(primary);
    if (spec === undefined) return undefined;
    const built = compileNode(spec, [primary], undefined, NO_OPTIONS);
    compiled.set(primary, built);
    return built;
  };
  const byFamily = (name: string): CatalogNode | undefined => {
    const dot = name.indexOf('.');
    if (dot <= 0) return undefined;
    const primary = names.get(name.slice(0, dot));
    return primary !== undefined && specOf(primary)?.family === true ? node(primary) : undefined;
  };
  const byVersion = (name: string): CatalogNode | undefined => {
    const base = name.replace(VERSION_SUFFIX, '');
    if (base === name || base === '') return undefined;
    const primary = names.get(base.endsWith('.') ? base.slice(0, -1) : base);
    return primary !== undefined && specOf(primary)?.versioned === true ? node(primary) : undefined;
  };
  return {
    code,
    // every family's specs: read only by those that list the whole catalog
    get programs() {
      programs ??= new Map(
        [...holders.keys()].flatMap((name) => {
          const spec = specOf(name);
          return spec === undefined ? [] : [[name, spec] as const];
        }),
      );
      return programs;
    },
    lookup(name) {
      const primary = names.get(name);
      if (primary !== undefined) return node(primary);
      return byFamily(name) ?? byVersion(name);
    },
  };
}
