import type { CommandSpecs } from '../catalog/commandSpec';
import type { FamilyEnvironment } from '../catalog/environmentCode';
import type { InlineCodeReader, ReaderRegistry, RuleCheckRegistry } from '../catalog/reader';
import type { RunFileReaders } from '../runFiles/runFileReader';
import { RegistryClashError } from './registryClashError';

/**
 * Everything one program family gives the analysis, from its own folder: its specs as data, and
 * by name the readers its specs name, the checks its rules name and the readers of the files
 * its programs run. A program added to a family changes the family's folder and its test only;
 * the lists of every family (builtinFamilies.ts) are made from these.
 */
export interface ProgramFamily {
  /** the family's specs modules, each read on the first lookup of one of its programs */
  readonly specs: readonly (() => CommandSpecs)[];
  readonly readers?: ReaderRegistry;
  readonly checks?: RuleCheckRegistry;
  readonly runFiles?: RunFileReaders;
  /** the reader of inline code in the family's languages (`python -c CODE`): the interpreters' */
  readonly inlineCode?: InlineCodeReader;
  /** what the family's programs read from the environment: variables choosing code, variables holding a command line */
  readonly environment?: FamilyEnvironment;
  /** programs that print their stdin as it is when given no operand but '-' (`cat <<EOF | sh`) */
  readonly stdinPrinters?: readonly string[];
}

/**
 * The entries every family gives under one key (readers, checks, readers of the files run), as
 * one registry. Names are the specs' to give, so two families giving one name is a mistake of
 * the families: building the registry throws RegistryClashError naming it.
 */
export function registryOf<Entry>(
  families: readonly ProgramFamily[],
  entries: (family: ProgramFamily) => Readonly<Record<string, Entry>> | undefined,
  what = 'registry entry',
): Readonly<Record<string, Entry>> {
  const registry: Record<string, Entry> = {};
  for (const family of families) {
    for (const [name, entry] of Object.entries(entries(family) ?? {})) {
      if (Object.hasOwn(registry, name)) throw new RegistryClashError(what, name);
      registry[name] = entry;
    }
  }
  return Object.freeze(registry);
}
