import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldArgumentsJson, heldArgumentsProblem, MAX_HELD_ARGUMENTS_BYTES } from '../../src/governor/holdLimits';

// heldArgumentsProblem skips the JSON of flat arguments well inside the limit; it must say what the JSON would
const problemOfJson = (args: unknown): string | undefined => {
  const kept = heldArgumentsJson(args);
  return 'problem' in kept ? kept.problem : undefined;
};

describe('heldArgumentsProblem', () => {
  it.each([
    {
      name: 'small flat arguments',
      args: { path: 'src/a.ts', content: 'x', line: 3, force: true, mode: null },
      fits: true,
    },
    {
      name: 'a content just under the limit',
      args: { content: 'a'.repeat(MAX_HELD_ARGUMENTS_BYTES - 20) },
      fits: true,
    },
    { name: 'a content over the limit', args: { content: 'a'.repeat(MAX_HELD_ARGUMENTS_BYTES) }, fits: false },
    {
      name: 'escaped control characters past the limit',
      args: { content: '\u0001'.repeat(MAX_HELD_ARGUMENTS_BYTES / 5) },
      fits: false,
    },
    {
      name: 'three-byte characters past the limit',
      args: { content: '€'.repeat(MAX_HELD_ARGUMENTS_BYTES / 2) },
      fits: false,
    },
    { name: 'a BigInt, which is no JSON', args: { n: 1n }, fits: false },
    {
      name: 'a cycle, which is no JSON',
      args: (() => {
        const a: Record<string, unknown> = {};
        a.self = a;
        return a;
      })(),
      fits: false,
    },
  ])('$name', ({ args, fits }) => {
    expect(heldArgumentsProblem(args) === undefined).toBe(fits);
    expect(heldArgumentsProblem(args)).toBe(problemOfJson(args));
  });

  it('says what the JSON says, for any flat or nested arguments', () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 6 }),
        fc.integer({ min: 0, max: 3 }),
        (args, repeat) => {
          // a long string now and then, to reach the limit from both sides
          const sized = repeat === 0 ? args : { ...args, big: '\u2028'.repeat(repeat * 9000) };
          expect(heldArgumentsProblem(sized)).toBe(problemOfJson(sized));
        },
      ),
    );
  });

  it('reads a throwing getter as no JSON, without throwing', () => {
    const args = Object.defineProperty({}, 'path', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    expect(heldArgumentsProblem(args)).toMatch(/not JSON data/);
  });
});
