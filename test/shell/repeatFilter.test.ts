import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RepeatFilter } from '../../src/shell/engine/repeatFilter';

interface Item {
  readonly command: string;
  readonly name: string;
  readonly count: number;
}

const filter = (): RepeatFilter<Item> =>
  new RepeatFilter<Item>(
    (one, other) => one.name === other.name && one.count === other.count,
    (item) => JSON.stringify([item.name, item.count]),
  );

// small alphabets, so that records repeat, and long enough runs to pass from comparing to keys
const item = fc.record({
  command: fc.constantFrom('ls a', 'rm b', 'x'.repeat(64)),
  name: fc.constantFrom('a', 'b', 'a\u0000b', ''),
  count: fc.integer({ min: 0, max: 6 }),
});

describe('RepeatFilter', () => {
  it('answers as a set of every record seen, compared or keyed', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 80 }), (items) => {
        const repeats = filter();
        const seen = new Set<string>();
        for (const record of items) {
          const key = JSON.stringify([record.command, record.name, record.count]);
          expect(repeats.isRepeat(record)).toBe(seen.has(key));
          seen.add(key);
        }
      }),
    );
  });

  const cases: readonly {
    readonly name: string;
    readonly first: Item;
    readonly second: Item;
    readonly repeat: boolean;
  }[] = [
    {
      name: 'the same record of one command repeats',
      first: { command: 'ls', name: 'a', count: 1 },
      second: { command: 'ls', name: 'a', count: 1 },
      repeat: true,
    },
    {
      name: 'the same record of another command does not',
      first: { command: 'ls', name: 'a', count: 1 },
      second: { command: 'cat', name: 'a', count: 1 },
      repeat: false,
    },
    {
      name: 'a record differing in one field does not',
      first: { command: 'ls', name: 'a', count: 1 },
      second: { command: 'ls', name: 'a', count: 2 },
      repeat: false,
    },
  ];
  for (const { name, first, second, repeat } of cases) {
    it(name, () => {
      const repeats = filter();
      expect(repeats.isRepeat(first)).toBe(false);
      expect(repeats.isRepeat(second)).toBe(repeat);
    });
  }
});
