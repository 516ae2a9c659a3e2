import { describe, expect, it } from 'vitest';
import { createCatalog } from '../../src/shell/catalog/catalog';
import { readLeadingSpecOptions, type LeadingOptionsEnd } from '../../src/shell/catalog/commandReading';
import type { CommandSpec } from '../../src/shell/catalog/commandSpec';
import type { ReadOption } from '../../src/shell/catalog/readOptions';
import { staticWord } from '../../src/shell/words/shellWord';

// The one loop that reads a program's options before its first operand: the catalog reads a
// wrapper's line with it, and the wrappers' readers read the parts of a line the catalog does not reach.

const WRAPPER: CommandSpec = {
  options: { '-v|--verbose': 'flag', '-n|--name': 'data', '-x|--exec': 'command', '--args': 'flag' },
  optionsEnd: ['--args'],
  operands: { rest: 'command' },
};

function grammar() {
  const node = createCatalog([{ wrap: WRAPPER }]).lookup('wrap');
  if (node === undefined) throw new Error('the test catalog lacks wrap');
  return node.grammar;
}

/** An option as `name` or `name=value`. */
function shown(option: ReadOption): string {
  return option.value === undefined ? option.name : `${option.name}=${option.value.value ?? ''}`;
}

describe('reading the options before the first operand', () => {
  it.each<{ name: string; line: string[]; options: string[]; next: number; end: LeadingOptionsEnd }>([
    { name: 'stops at the first operand', line: ['-v', 'make', '-n'], options: ['-v'], next: 2, end: 'operand' },
    { name: 'reads a value word', line: ['-n', 'job', 'make'], options: ['-n=job'], next: 3, end: 'operand' },
    { name: 'steps over a `--`', line: ['-v', '--', '-n'], options: ['-v'], next: 3, end: 'dashDash' },
    { name: 'stops after a command option', line: ['-x', 'ls', '-v'], options: ['-x'], next: 2, end: 'command' },
    {
      name: "stops after one of the grammar's last options",
      line: ['--args', '-v'],
      options: ['--args'],
      next: 2,
      end: 'lastOption',
    },
    {
      name: 'ends at the line when a value is missing',
      line: ['-v', '-n'],
      options: ['-v', '-n'],
      next: 3,
      end: 'operand',
    },
    { name: 'reads nothing of a line of operands', line: ['make'], options: [], next: 1, end: 'operand' },
  ])('$name', ({ line, options, next, end }) => {
    const words = ['wrap', ...line].map(staticWord);
    const read = readLeadingSpecOptions(words, 1, grammar());
    expect(read.options.map(shown)).toEqual(options);
    expect({ next: read.next, end: read.end }).toEqual({ next, end });
  });
});
