import { describe, expect, it } from 'vitest';
import type { Token, Tokenized } from '../../../src/shell/programs/interpreters/codeTokens';
import { javascriptTokens } from '../../../src/shell/programs/interpreters/javascriptTokens';
import { rubyTokens } from '../../../src/shell/programs/interpreters/rubyTokens';

// JavaScript's template literals and ruby's double-quoted strings are read by one scan of an
// interpolated string, each with its own quote and opening of code.

/** The one string token of the code: its value, or the text of each token of each piece of code; or where reading stopped. */
function stringOf(tokenized: Tokenized): { value?: string | undefined; code?: string[][] } | { refusedAt: string } {
  if (!tokenized.ok) return { refusedAt: tokenized.at };
  const token = tokenized.tokens.find((each) => each.kind === 'string') as Token;
  if (token.code === undefined) return { value: token.value };
  return { code: token.code.map((piece) => piece.map((each) => each.text)) };
}

describe('interpolated strings', () => {
  it.each([
    { name: 'a JavaScript template without code', code: 'f(`a b`)', read: javascriptTokens, string: { value: 'a b' } },
    {
      name: 'a JavaScript template with code',
      code: 'f(`a ${x + 1} b`)',
      read: javascriptTokens,
      string: { code: [['x', '+', '1']] },
    },
    {
      name: 'a JavaScript template in a template',
      code: 'f(`${`${y}`}`)',
      read: javascriptTokens,
      string: { code: [['`${y}`']] },
    },
    {
      name: "a JavaScript template holding ruby's `#@`",
      code: 'f(`#@x`)',
      read: javascriptTokens,
      string: { value: '#@x' },
    },
    {
      name: 'a JavaScript template with an escape',
      code: 'f(`a\\`b`)',
      read: javascriptTokens,
      string: { value: undefined },
    },
    {
      name: 'a JavaScript template that does not end',
      code: 'f(`a ${x}',
      read: javascriptTokens,
      string: { refusedAt: '`a ${x}' },
    },
    { name: 'a ruby string without code', code: 'puts "a b"', read: rubyTokens, string: { value: 'a b' } },
    {
      name: 'a ruby string with code',
      code: 'puts "a #{x.y} b"',
      read: rubyTokens,
      string: { code: [['x', '.', 'y']] },
    },
    {
      name: "a ruby string holding JavaScript's `${`",
      code: 'puts "${x}"',
      read: rubyTokens,
      string: { value: '${x}' },
    },
    {
      name: 'a ruby string with `#@`, not followed',
      code: 'puts "a #@x"',
      read: rubyTokens,
      string: { refusedAt: '#@x"' },
    },
    {
      name: 'a ruby string with `#$`, not followed',
      code: 'puts "#$0"',
      read: rubyTokens,
      string: { refusedAt: '#$0"' },
    },
    { name: 'a ruby string that does not end', code: 'puts "a', read: rubyTokens, string: { refusedAt: '"a' } },
  ])('reads $name', ({ code, read, string }) => {
    expect(stringOf(read(code))).toEqual(string);
  });
});
