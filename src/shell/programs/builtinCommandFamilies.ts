import type { CommandFamily } from '../catalog/catalog';
import type { CommandSpecs } from '../catalog/commandSpec';
import { BUILTIN_FAMILIES } from './builtinFamilies';

/** Each built-in family's specs modules, in the order their names are looked up. */
const FAMILY_SPECS: readonly (() => CommandSpecs)[] = BUILTIN_FAMILIES.flatMap((family) => family.specs);

/** Each program of a set of specs as a family lists it: its name, then its aliases, space-separated. */
export function programsOf(specs: CommandSpecs): string[] {
  return Object.entries(specs).map(([name, spec]) => [name, ...(spec.aliases ?? [])].join(' '));
}

// Each family's programsOf, written into the CLI bundles by scripts/buildCli.ts from these same
// specs: a bundle then starts a family's module only when one of its programs is looked up.
// Elsewhere it is undefined, and the names are read from the specs as the module loads.
declare const INTENTGATE_BUILTIN_PROGRAMS: readonly (readonly string[])[] | undefined;
const builtPrograms = typeof INTENTGATE_BUILTIN_PROGRAMS === 'undefined' ? undefined : INTENTGATE_BUILTIN_PROGRAMS;

/**
 * Every built-in program family, with the names and aliases it answers to: the built-in catalog
 * reads a family's specs when it first looks up one of its programs.
 */
export const BUILTIN_COMMAND_FAMILIES: readonly CommandFamily[] = FAMILY_SPECS.map((specs, index) => ({
  programs: builtPrograms?.[index] ?? programsOf(specs()),
  specs,
}));
