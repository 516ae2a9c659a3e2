import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteArgv } from '../../src/text/quoteArgv';

/**
 * The words bash reads from `line` as one command: with a PATH that holds nothing no program is found, and the
 * not-found handler prints the command's words, each NUL-terminated.
 */
function bashWords(line: string): string[] {
  const script = `command_not_found_handle() { builtin printf '%s\\0' "$@"; }; ${line}`;
  const run = spawnSync('/bin/bash', ['--noprofile', '--norc', '-c', script], {
    encoding: 'utf8',
    timeout: 5000,
    env: { PATH: '/nonexistent' },
  });
  return run.stdout.split('\0').slice(0, -1);
}

const cases = [
  { name: 'leaves plain words as they are', argv: ['git', 'commit', '-m', 'x'], line: 'git commit -m x' },
  { name: 'quotes a word with a space', argv: ['echo', 'a b'], line: "echo 'a b'" },
  { name: 'quotes a single quote as bash reads it back', argv: ["it's"], line: "'it'\\''s'" },
  { name: 'quotes an empty word', argv: ['printf', ''], line: "printf ''" },
  { name: 'quotes an assignment so it stays a word', argv: ['FOO=1', 'env'], line: "'FOO=1' env" },
  { name: 'quotes a reserved word so it stays a word', argv: ['time', 'if'], line: "'time' 'if'" },
  {
    name: 'quotes shell syntax so it is not run',
    argv: ['echo', '$(rm -rf ~)', ';', '&&'],
    line: "echo '$(rm -rf ~)' ';' '&&'",
  },
];

describe('quoteArgv', () => {
  it.each(cases)('$name', ({ argv, line }) => {
    expect(quoteArgv(argv)).toBe(line);
  });

  it('gives a line bash reads back into the same words, the first word too', () => {
    const unit = fc.constantFrom('a', ' ', "'", '"', '\\', '$', '`', '*', '\n', '\t', ';', '|', '~', '-', '=', 'é');
    // bash runs nothing for an empty command name, so the program's word is never empty
    const program = fc.string({ unit, minLength: 1, maxLength: 8 });
    const argvs = fc
      .tuple(program, fc.array(fc.string({ unit, maxLength: 8 }), { maxLength: 3 }))
      .map(([first, rest]) => [first, ...rest]);
    fc.assert(
      fc.property(argvs, (argv) => {
        expect(bashWords(quoteArgv(argv))).toEqual(argv);
      }),
      { numRuns: 40 },
    );
  });
});
