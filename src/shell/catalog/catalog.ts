import type { CommandSpec, CommandSpecs } from './commandSpec';
import { compileNode, type CatalogNode } from './catalogNode';

/** A command catalog: what intentgate knows about each program, looked up by the name a command runs under. */
export interface Catalog {
  /** The program a command name runs, by name, alias, versioned name (`python3.12`) or family (`mkfs.ext4`). */
  lookup(name: string): CatalogNode | undefined;
  /** Every program of the catalog by its primary name, in the order the specs list them. */
  readonly programs: ReadonlyMap<string, CommandSpec>;
}

const VERSION_SUFFIX = /[0-9][0-9.]*$/;
const NO_OPTIONS = new Map();

/**
 * Builds a catalog from sets of specs; a name listed twice keeps its first spec. Programs are
 * compiled on first lookup, so building a catalog costs a pass over the names only.
 */
export function createCatalog(sets: readonly CommandSpecs[]): Catalog {
  const programs = new Map<string, CommandSpec>();
  // every name and alias, to the primary name
  const names = new Map<string, string>();
  for (const set of sets) {
    for (const [name, spec] of Object.entries(set)) {
      if (programs.has(name)) continue;
      programs.set(name, spec);
      for (const alias of [name, ...(spec.aliases ?? [])]) if (!names.has(alias)) names.set(alias, name);
    }
  }
  const compiled = new Map<string, CatalogNode>();
  const node = (primary: string): CatalogNode | undefined => {
    const cached = compiled.get(primary);
    if (cached !== undefined) return cached;
    const spec = programs.get(primary);
    if (spec === undefined) return undefined;
    const built = compileNode(spec, [primary], undefined, NO_OPTIONS);
    compiled.set(primary, built);
    return built;
  };
  const byFamily = (name: string): CatalogNode | undefined => {
    const dot = name.indexOf('.');
    if (dot <= 0) return undefined;
    const primary = names.get(name.slice(0, dot));
    return primary !== undefined && programs.get(primary)?.family === true ? node(primary) : undefined;
  };
  const byVersion = (name: string): CatalogNode | undefined => {
    const base = name.replace(VERSION_SUFFIX, '');
    if (base === name || base === '') return undefined;
    const primary = names.get(base.endsWith('.') ? base.slice(0, -1) : base);
    return primary !== undefined && programs.get(primary)?.versioned === true ? node(primary) : undefined;
  };
  return {
    programs,
    lookup(name) {
      const primary = names.get(name);
      if (primary !== undefined) return node(primary);
      return byFamily(name) ?? byVersion(name);
    },
  };
}
