import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILTIN_FAMILIES } from '../../src/shell/programs/builtinFamilies';
import type { ProgramFamily } from '../../src/shell/registry/programFamily';

// Each family gives its specs, readers, checks and readers of the files it runs from its own
// folder; the registries are made from them, so a name given twice would be silently shadowed.
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
