import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { globJudgedPath } from '../../src/shell/words/globPath';

describe('globJudgedPath', () => {
  it.each([
    { name: 'keeps a glob in the file name', literal: '*.ts', expected: '*.ts' },
    { name: 'keeps a glob under a folder', literal: 'src/*.ts', expected: 'src/*.ts' },
    { name: 'keeps a glob in a middle folder', literal: 'src/*/index.ts', expected: 'src/*/index.ts' },
    { name: 'keeps ? and bracket globs', literal: 'a?/[ab].ts', expected: 'a?/[ab].ts' },
    { name: 'keeps a dotfile glob that cannot match ..', literal: '.env*', expected: '.env*' },
    { name: 'keeps a glob after ..', literal: '../*', expected: '../*' },
    { name: 'keeps a glob under /etc', literal: '/etc/*', expected: '/etc/*' },
    { name: 'keeps a glob under ~', literal: '~/*', expected: '~/*' },
    { name: 'keeps a brace list of plain names', literal: 'src/{a,b}.ts', expected: 'src/{a,b}.ts' },
    { name: 'gives up on .* (old bash matches ..)', literal: '.*/etc/passwd', expected: undefined },
    { name: 'gives up on .? (matches ..)', literal: 'x/.?/y', expected: undefined },
    { name: 'gives up on ..* (matches ..)', literal: '..*', expected: undefined },
    { name: 'gives up on a brace list holding ..', literal: '{..,x}/etc/passwd', expected: undefined },
    { name: 'gives up on a brace list with an empty choice next to a dot', literal: '.{,x}./etc', expected: undefined },
    { name: 'gives up on a brace sequence', literal: 'f{1..3}', expected: undefined },
    { name: 'gives up on an extended glob', literal: '@(x|..)/y', expected: undefined },
    {
      name: 'gives up on .. after a glob (a matched symlink leads elsewhere)',
      literal: 'src/*/../x',
      expected: undefined,
    },
  ])('$name', ({ literal, expected }) => {
    expect(globJudgedPath(literal)).toBe(expected);
  });
});

describe('glob operands', () => {
  it.each([
    { name: 'judges ls *.ts by its text', command: 'ls *.ts', expected: [['*.ts', 'read']] },
    { name: 'judges cat src/*.ts by its text', command: 'cat src/*.ts', expected: [['src/*.ts', 'read']] },
    { name: 'judges rm -f *.o by its text', command: 'rm -f *.o', expected: [['*.o', 'delete']] },
    { name: 'judges rm -rf ../* by its text, outside', command: 'rm -rf ../*', expected: [['../*', 'delete']] },
    { name: 'judges cat /etc/* by its text', command: 'cat /etc/*', expected: [['/etc/*', 'read']] },
    {
      name: 'reads a glob after cd under the cd folder',
      command: 'cd /tmp && rm *.js',
      expected: [['/tmp/*.js', 'delete']],
    },
    { name: 'leaves .* unknown', command: 'cat .*/x', expected: [[undefined, 'read']] },
    {
      name: 'leaves a glob with a variable unknown',
      command: 'rm -rf "$dir"/*.tmp',
      expected: [[undefined, 'delete']],
    },
  ])('$name', ({ command, expected }) => {
    expect(analyzeShell(command).pathOperands.map((operand) => [operand.path, operand.role])).toEqual(expected);
  });
});
