import { describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../src/shell/catalog/commandSpec';
import { BUILTIN_COMMAND_FAMILIES } from '../../src/shell/programs/builtinCommandFamilies';

// A spec that says nothing as data and only names a bespoke reader hides all of the program's
// knowledge in code. A spec may name a reader for what data cannot say, but its options, operand
// roles and what it runs belong in the spec: no built-in spec is a pointer alone.

/** The keys a spec may have and still say nothing of the program as data. */
const POINTER_KEYS: ReadonlySet<string> = new Set(['reader', 'aliases', 'versioned', 'family']);

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
  it('are none: each program says its options, operand roles and what it runs as data', () => {
    expect(pointerOnlyPrograms()).toEqual([]);
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
