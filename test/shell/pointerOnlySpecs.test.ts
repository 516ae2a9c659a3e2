import { describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../src/shell/catalog/commandSpec';
import { BUILTIN_COMMAND_FAMILIES } from '../../src/shell/programs/builtinCommandFamilies';

// A spec that says nothing as data and only names a bespoke reader hides all of the program's
// knowledge in code (issue 35). A spec may name a reader for what data cannot say, but its
// options, operand roles and what it runs belong in the spec.

/** The keys a spec may have and still say nothing of the program as data. */
const POINTER_KEYS: ReadonlySet<string> = new Set(['reader', 'aliases', 'versioned', 'family']);

/**
 * The built-in specs still pointer-only, each with why. Shrink-only: a program leaves this list
 * when its spec says something as data, and none joins it.
 */
const LEFT: Readonly<Record<string, string>> = {
  zip: 'its options are being described by the archives family',
};

/** Whether a spec names a reader and says nothing else as data. */
function isPointerOnly(spec: CommandSpec): boolean {
  return spec.reader !== undefined && Object.keys(spec).every((key) => POINTER_KEYS.has(key));
}

/** Every built-in program whose spec is pointer-only, by name. */
function pointerOnlyPrograms(): string[] {
  return BUILTIN_COMMAND_FAMILIES.flatMap((family) =>
    Object.entries(family.specs())
      .filter(([, spec]) => isPointerOnly(spec))
      .map(([name]) => name),
  ).sort();
}

describe('built-in specs that only point at code', () => {
  it('are exactly the ones left, so none appears and each one converted leaves the list', () => {
    expect(pointerOnlyPrograms()).toEqual(Object.keys(LEFT).sort());
  });

  it('number at most two', () => {
    expect(pointerOnlyPrograms().length).toBeLessThanOrEqual(2);
  });

  it.each(Object.entries(LEFT))('%s is left with a reason', (_name, reason) => {
    expect(reason.length).toBeGreaterThan(10);
  });

  it.each([
    { name: 'a reader alone', spec: { reader: 'env' }, expected: true },
    { name: 'a reader with aliases', spec: { reader: 'mongo', aliases: ['mongo'] }, expected: true },
    { name: 'a reader with versioned names', spec: { reader: 'x', versioned: true, family: true }, expected: true },
    { name: 'a reader and an option table', spec: { reader: 'env', options: { '-i': 'flag' } }, expected: false },
    { name: 'a reader and operand roles', spec: { reader: 'shell', operands: 'data' }, expected: false },
    { name: 'no reader', spec: { aliases: ['x'] }, expected: false },
  ] satisfies { name: string; spec: CommandSpec; expected: boolean }[])(
    'counts $name as pointer-only: $expected',
    ({ spec, expected }) => {
      expect(isPointerOnly(spec)).toBe(expected);
    },
  );
});
