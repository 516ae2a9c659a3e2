import type { CommandSpecs } from '../catalog/commandSpec';
import type { InlineCodeReader, ReaderRegistry, RuleCheckRegistry } from '../catalog/reader';
import type { RunFileReaders } from '../runFiles/runFileReader';

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
}

/**
 * The entries every family gives under one key (readers, checks, readers of the files run), as
 * one registry. Names are the specs' to give, so two families giving one name is a mistake of
 * the families: the first keeps it, and test/shell/commandCatalog.test.ts fails on it.
 */
export function registryOf<Entry>(
  families: readonly ProgramFamily[],
  entries: (family: ProgramFamily) => Readonly<Record<string, Entry>> | undefined,
): Readonly<Record<string, Entry>> {
  const registry: Record<string, Entry> = {};
  for (const family of families) {
    for (const [name, entry] of Object.entries(entries(family) ?? {}))
      if (!Object.hasOwn(registry, name)) registry[name] = entry;
  }
  return Object.freeze(registry);
}
