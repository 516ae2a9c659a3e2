import { describe, expect, it } from 'vitest';
import { lastAnswerOf } from '../../../src/shell/words/lastAnswer';

describe('lastAnswerOf', () => {
  it('computes once for the same object asked in a row', () => {
    const asked: object[] = [];
    const answer = lastAnswerOf((key: { readonly n: number }) => {
      asked.push(key);
      return key.n * 2;
    });
    const key = { n: 3 };
    expect([answer(key), answer(key), answer(key)]).toEqual([6, 6, 6]);
    expect(asked).toEqual([key]);
  });

  it('computes again for another object, even one equal to the last', () => {
    let computed = 0;
    const answer = lastAnswerOf((key: { readonly n: number }) => {
      computed++;
      return key.n;
    });
    const first = { n: 1 };
    expect([answer(first), answer({ n: 1 }), answer(first)]).toEqual([1, 1, 1]);
    expect(computed).toBe(3);
  });

  it('keeps an undefined answer as an answer', () => {
    let computed = 0;
    const answer = lastAnswerOf((_key: object) => {
      computed++;
      return undefined;
    });
    const key = {};
    expect([answer(key), answer(key)]).toEqual([undefined, undefined]);
    expect(computed).toBe(1);
  });

  it('stays right when its compute asks it of another object first', () => {
    const inner = { name: 'inner' };
    const outer = { name: 'outer' };
    const answer: (key: { readonly name: string }) => string = lastAnswerOf((key: { readonly name: string }) =>
      key === outer ? `${answer(inner)}+outer` : key.name,
    );
    expect(answer(outer)).toBe('inner+outer');
    expect(answer(outer)).toBe('inner+outer');
    expect(answer(inner)).toBe('inner');
  });
});
