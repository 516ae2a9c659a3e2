import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBoundedMemo } from '../../src/paths/boundedMemo';

/** A memo over `length`, counting the computations it asks for and the times it starts afresh. */
function countedMemo(maxCost: number) {
  const counts = { computed: 0, cleared: 0 };
  const memo = createBoundedMemo<number>(
    maxCost,
    () => 10,
    () => {
      counts.cleared += 1;
    },
  );
  const ask = (key: string): number =>
    memo.get(key, (text) => {
      counts.computed += 1;
      return text.length;
    });
  return { ask, counts };
}

describe('createBoundedMemo', () => {
  it('computes a key asked again once', () => {
    const { ask, counts } = countedMemo(1_000);
    expect([ask('src/a.ts'), ask('src/a.ts'), ask('src/b.tsx')]).toEqual([8, 8, 9]);
    expect(counts).toEqual({ computed: 2, cleared: 0 });
  });

  it('keeps an undefined answer as an answer: a key asked again is not computed again', () => {
    let computed = 0;
    const memo = createBoundedMemo<string | undefined>(1_000, () => 10);
    const ask = (key: string): string | undefined =>
      memo.get(key, (text) => {
        computed += 1;
        return text.startsWith('.env') ? text : undefined;
      });
    expect([ask('src/a.ts'), ask('src/a.ts'), ask('.env'), ask('.env')]).toEqual([
      undefined,
      undefined,
      '.env',
      '.env',
    ]);
    expect(computed).toBe(2);
  });

  it('starts afresh when the keys would pass the bound, and computes the dropped ones again', () => {
    // each key costs 1 + 10: four fit in 44, a fifth clears them
    const { ask, counts } = countedMemo(44);
    for (const key of ['a', 'b', 'c', 'd']) ask(key);
    expect(counts).toEqual({ computed: 4, cleared: 0 });
    ask('e');
    expect(counts).toEqual({ computed: 5, cleared: 1 });
    ask('a');
    expect(counts).toEqual({ computed: 6, cleared: 1 });
  });

  it('gives the function answer for any sequence of keys, within the bound', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 200 }), (keys) => {
        const { ask, counts } = countedMemo(300);
        for (const key of keys) expect(ask(key)).toBe(key.length);
        // no more computations than keys, and a clear only after at least one key was kept
        expect(counts.computed).toBeLessThanOrEqual(keys.length);
        expect(counts.cleared).toBeLessThanOrEqual(counts.computed);
      }),
      { numRuns: 200 },
    );
  });
});
