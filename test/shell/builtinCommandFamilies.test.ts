import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { createCatalog, type Catalog, type CommandFamily } from '../../src/shell/catalog/catalog';
import type { CommandSpecs } from '../../src/shell/catalog/commandSpec';
import { BUILTIN_COMMAND_FAMILIES } from '../../src/shell/programs/builtinCommandFamilies';

// every built-in spec, each family's read at once
const BUILTIN_COMMAND_SETS: readonly CommandSpecs[] = BUILTIN_COMMAND_FAMILIES.map((family) => family.specs());

/** Each program of a set of specs as a family lists it: its name, then its aliases. */
const listed = (specs: CommandSpecs): string[] =>
  Object.entries(specs).map(([name, spec]) => [name, ...(spec.aliases ?? [])].join(' '));

/** What a lookup answers, comparable across catalogs: the spec itself and the path. */
const answer = (catalog: Catalog, name: string) => {
  const node = catalog.lookup(name);
  return node === undefined ? undefined : { spec: node.spec, path: node.path };
};

// the catalog as it was built before families: every spec read at once
const EAGER = createCatalog(BUILTIN_COMMAND_SETS);
const NAMES = BUILTIN_COMMAND_SETS.flatMap(listed).flatMap((program) => program.split(' '));
const VARIANTS = [
  ...NAMES,
  ...NAMES.flatMap((name) => [`${name}3`, `${name}3.12`, `${name}.ext4`, `${name}.`, `x${name}`]),
  'mkfs.ext4',
  'python3.12',
  '',
  '.',
  '3',
  'constructor',
  '__proto__',
];

describe('the built-in command families', () => {
  it('lists each program of each family, its name then its aliases, in order', () => {
    expect(BUILTIN_COMMAND_FAMILIES.map((family) => family.programs)).toEqual(BUILTIN_COMMAND_SETS.map(listed));
  });

  it('answers every name, alias, version and family as the catalog of all specs read at once does', () => {
    for (const name of VARIANTS) expect(answer(BUILTIN_CATALOG, name), name).toEqual(answer(EAGER, name));
  });

  it('answers any word as the catalog of all specs read at once does', () => {
    const word = fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(word, fc.constantFrom('', '3', '3.11', '.x', '2.'), (base, suffix) => {
        expect(answer(BUILTIN_CATALOG, base + suffix)).toEqual(answer(EAGER, base + suffix));
      }),
    );
  });

  it('lists the same programs, in the same order, with the same specs', () => {
    expect([...BUILTIN_CATALOG.programs]).toEqual([...EAGER.programs]);
  });
});

describe('a catalog of families', () => {
  const counted = (programs: string[], specs: CommandSpecs) => {
    const family = { programs, reads: 0, specs: () => (family.reads++, specs) };
    return family;
  };

  it('reads a family only when one of its programs is looked up', () => {
    const tools = counted(['hammer mallet'], { hammer: { aliases: ['mallet'], operands: 'data' } });
    const pets = counted(['cat'], { cat: { operands: 'read' } });
    const catalog = createCatalog([], [tools, pets] satisfies CommandFamily[]);
    expect(catalog.lookup('unknown')).toBeUndefined();
    expect([tools.reads, pets.reads]).toEqual([0, 0]);
    expect(catalog.lookup('mallet')?.path).toEqual(['hammer']);
    expect(pets.reads).toBe(0);
    expect([...catalog.programs.keys()]).toEqual(['hammer', 'cat']);
  });

  it('keeps the first spec of a name, sets before families', () => {
    const family = counted(['cat'], { cat: { operands: 'read' } });
    const catalog = createCatalog([{ cat: { operands: 'data' } }], [family]);
    expect(catalog.lookup('cat')?.spec).toEqual({ operands: 'data' });
    expect(family.reads).toBe(0);
  });

  it('knows no program a family lists without a spec', () => {
    const catalog = createCatalog([], [counted(['ghost'], {})]);
    expect(catalog.lookup('ghost')).toBeUndefined();
    expect(catalog.programs.size).toBe(0);
  });
});
