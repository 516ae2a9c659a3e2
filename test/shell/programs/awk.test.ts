import { describe, expect, it } from 'vitest';
import { describeHiddenCode } from '../hiddenCodeSupport';
import { ALL, expectOperands, outcome, type OperandCase } from '../support';

// awk's entry in src/shell/programs/interpreters/interpreterSpecs.ts, kept apart from the inline
// code of the other interpreters: gawk's -i loads awk code before the program (searched in
// AWKPATH, the working folder first), and `-i inplace` rewrites each file operand.

describe('gawk -i and the files it rewrites', () => {
  it.each<OperandCase>([
    {
      name: 'reads the operands of gawk -i inplace as rewritten',
      command: 'gawk -i inplace \'{ sub(/a/, "b") } 1\' a.txt ../docs/b.txt',
      expected: [
        ['inplace', 'read'],
        ['a.txt', 'overwrite'],
        ['../docs/b.txt', 'overwrite'],
      ],
    },
    {
      name: 'reads --include=inplace alike, with a program file',
      command: 'gawk --include=inplace -f edit.awk a.txt',
      expected: [
        ['inplace', 'read'],
        ['edit.awk', 'read'],
        ['a.txt', 'overwrite'],
      ],
    },
    {
      name: 'reads the library -i names as code it loads, whose operands may be rewritten too',
      command: "gawk -i ./lib '{ print }' a.txt",
      expected: [
        ['./lib', 'read'],
        ['a.txt', 'overwrite'],
      ],
    },
    {
      name: 'reads the operands of plain awk as files read',
      command: "awk '{ print $1 }' a.txt",
      expected: [['a.txt', 'read']],
    },
  ])('$name', expectOperands);

  it.each([
    { name: 'AWKPATH', command: "AWKPATH=. gawk -i lib '{ print }' a.txt" },
    { name: 'AWKLIBPATH', command: "AWKLIBPATH=./ext gawk -l x '{ print }' a.txt" },
  ])('fails closed on $name, which moves where gawk finds the code it loads', ({ command }) => {
    expect(outcome(command)).toEqual({ categories: [...ALL], failedClosed: true });
  });
});

describeHiddenCode([
  [
    'gawk -i inplace',
    [
      {
        name: 'an in-place edit of a file outside the scope',
        command: "cd src && gawk -i inplace '{ print }' ../marker",
        expected: 'readsPayload',
      },
    ],
  ],
]);
