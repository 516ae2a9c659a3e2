import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOfRecentTexts } from '../../src/files/recentParses';

/** A parse that records each text it is given. */
function countingParse(): { readonly parse: (text: string) => string; readonly parsed: string[] } {
  const parsed: string[] = [];
  return { parse: (text) => (parsed.push(text), `parsed ${text}`), parsed };
}

describe('parseOfRecentTexts', () => {
  it('parses a text once while it is the last one, a copy of it too', () => {
    const { parse, parsed } = countingParse();
    const kept = parseOfRecentTexts(parse);
    expect(kept('{"a":1}')).toBe('parsed {"a":1}');
    expect(kept(JSON.parse('"{\\"a\\":1}"') as string)).toBe('parsed {"a":1}');
    expect(parsed).toEqual(['{"a":1}']);
  });

  it('parses anew a text that changed, to the same length too', () => {
    const { parse, parsed } = countingParse();
    const kept = parseOfRecentTexts(parse);
    kept('ls     ');
    expect(kept('sudo ls')).toBe('parsed sudo ls');
    expect(parsed).toEqual(['ls     ', 'sudo ls']);
  });

  it('keeps the last `count` texts and parses an older one again', () => {
    const { parse, parsed } = countingParse();
    const kept = parseOfRecentTexts(parse, 2);
    for (const text of ['a', 'b', 'a', 'b', 'c', 'a']) kept(text);
    expect(parsed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('answers as the parse itself does, whatever the order of texts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('', 'a', 'b', 'ab', 'ba'), { maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        (texts, count) => {
          const kept = parseOfRecentTexts((text: string) => text.split('').reverse().join(''), count);
          for (const text of texts) expect(kept(text)).toBe(text.split('').reverse().join(''));
        },
      ),
    );
  });
});
