import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILTIN_FAMILIES } from '../../src/shell/programs/builtinFamilies';
import { registryOf, type ProgramFamily } from '../../src/shell/registry/programFamily';
import { RegistryClashError } from '../../src/shell/registry/registryClashError';

// Each family gives its specs, readers, checks and readers of the files it runs from its own
// folder; the registries are made from them, and a name given twice throws as they are built.
const PROGRAMS = fileURLToPath(new URL('../../src/shell/programs/', import.meta.url));

const namesGiven = (entries: (family: ProgramFamily) => Readonly<Record<string, unknown>> | undefined): string[] =>
  BUILTIN_FAMILIES.flatMap((family) => Object.keys(entries(family) ?? {}));

describe('the built-in program families', () => {
  it.each([
    { kind: 'readers', entries: (family: ProgramFamily) => family.readers },
    { kind: 'rule checks', entries: (family: ProgramFamily) => family.checks },
    { kind: 'readers of the files programs run', entries: (family: ProgramFamily) => family.runFiles },
  ])('give each of their $kind a name no other family gives', ({ entries }) => {
    const names = namesGiven(entries);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('claim each environment variable in one family', () => {
    const names = BUILTIN_FAMILIES.flatMap((family) => [
      ...Object.keys(family.environment?.code ?? {}),
      ...(family.environment?.commandLines ?? []),
    ]);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('have one reader of inline code, the interpreters', () => {
    expect(BUILTIN_FAMILIES.filter((family) => family.inlineCode !== undefined)).toHaveLength(1);
  });

  it('are each a folder of src/shell/programs/ with its family module, and every such folder is listed', () => {
    const folders = readdirSync(PROGRAMS, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const folder of folders) expect(readdirSync(`${PROGRAMS}${folder}`), folder).toContain(`${folder}Family.ts`);
    expect(BUILTIN_FAMILIES).toHaveLength(folders.length);
  });
});

describe('registryOf', () => {
  /** Two families giving these entries, each read from the table by the family. */
  const registry = (
    first: Record<string, string>,
    second: Record<string, string>,
  ): Readonly<Record<string, string>> => {
    const families: ProgramFamily[] = [{ specs: [] }, { specs: [] }];
    const given = new Map<ProgramFamily, Record<string, string>>(
      families.map((family, index) => [family, index === 0 ? first : second]),
    );
    return registryOf(families, (family) => given.get(family), 'rule check');
  };

  it('gathers the names every family gives', () => {
    expect(registry({ a: 'one' }, { b: 'two' })).toEqual({ a: 'one', b: 'two' });
  });

  it('throws on a name two families give, naming it', () => {
    expect(() => registry({ a: 'one' }, { a: 'two' })).toThrow(RegistryClashError);
    expect(() => registry({ a: 'one' }, { a: 'two' })).toThrow("rule check 'a' is given twice by the program families");
  });
});
