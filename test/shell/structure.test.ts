import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../src/shell/analyzeShell';

/** The command names the analysis lists, in order. */
function names(command: string): string[] {
  return analyzeShell(command).commands.map((words) => words[0] ?? '');
}

describe('every simple command is examined', () => {
  it.each([
    { name: 'lists the commands of ; && || and &', command: 'a; b && c || d & e', expected: ['a', 'b', 'c', 'd', 'e'] },
    { name: 'lists every pipeline stage', command: 'a | b |& c', expected: ['a', 'b', 'c'] },
    { name: 'lists subshell and group bodies', command: '(a; b) && { c; }', expected: ['a', 'b', 'c'] },
    {
      name: 'lists if conditions and branches',
      command: 'if a; then b; elif c; then d; else e; fi',
      expected: ['a', 'b', 'c', 'd', 'e'],
    },
    {
      name: 'lists while and until conditions and bodies',
      command: 'while a; do b; done; until c; do d; done',
      expected: ['a', 'b', 'c', 'd'],
    },
    {
      name: 'lists for and select bodies with their word lists',
      command: 'for x in $(a); do b; done; select y in z; do c; done',
      expected: ['a', 'b', 'c'],
    },
    {
      name: 'lists C-style for headers and bodies',
      command: 'for ((i=$(a); i<3; i++)); do b; done',
      expected: ['a', 'b'],
    },
    { name: 'lists case words and arms', command: 'case $(a) in x) b;; *) c;; esac', expected: ['a', 'b', 'c'] },
    { name: 'lists function bodies as run', command: 'f() { a; }; function g { b; }', expected: ['a', 'b'] },
    {
      name: 'lists command substitutions and backticks',
      command: 'echo $(a) `b` "$(c)"',
      expected: ['echo', 'a', 'b', 'c'],
    },
    { name: 'lists nested backticks', command: 'echo `echo \\`a\\``', expected: ['echo', 'echo', 'a'] },
    { name: 'lists process substitutions', command: 'diff <(a) >(b)', expected: ['diff', 'a', 'b'] },
    {
      name: 'lists substitutions inside arithmetic',
      command: 'echo $(( $(a) + 1 )); (( $(b) ))',
      expected: ['echo', 'a', 'b'],
    },
    { name: 'lists substitutions inside [[ ]]', command: '[[ $(a) == x && -f $(b) ]]', expected: ['a', 'b'] },
    { name: 'lists coprocesses', command: 'coproc a; coproc N { b; }', expected: ['a', 'b'] },
    {
      name: 'lists substitutions in assignments and arrays',
      command: 'x=$(a) y=(1 $(b)); export z=$(c)',
      expected: ['a', 'b', 'export', 'c'],
    },
    {
      name: 'lists substitutions in parameter defaults and subscripts',
      command: 'echo ${x:-$(a)} ${y[$(b)]}',
      expected: ['echo', 'a', 'b'],
    },
    {
      name: 'lists substitutions in redirect targets and unquoted heredocs',
      command: 'cat > $(a) <<EOF\n$(b)\nEOF',
      expected: ['cat', 'a', 'b'],
    },
    { name: 'does not run a quoted heredoc body', command: "cat <<'EOF'\n$(a)\nEOF", expected: ['cat'] },
    { name: 'lists commands after a heredoc', command: 'cat <<A <<B\na\nA\nb\nB\nc', expected: ['cat', 'c'] },
    { name: 'lists commands on every line', command: 'a\nb # c\nd', expected: ['a', 'b', 'd'] },
    { name: 'lists commands of a CRLF line break', command: 'a\r\nb', expected: ['a\r', 'b'] },
    {
      name: 'has no cap on the number of commands',
      command: `${'true; '.repeat(500)}sudo id`,
      expected: [...Array.from({ length: 500 }, () => 'true'), 'sudo', 'id'],
    },
  ])('$name', ({ command, expected }) => {
    expect(names(command)).toEqual(expected);
  });

  it('lists every simple command with its evaluated words', () => {
    expect(analyzeShell(`A=1 s""udo -u bob g\\it 'push' "origin" $'\\x6dain' | tee log`).commands).toEqual([
      ['sudo', '-u', 'bob', 'git', 'push', 'origin', 'main'],
      ['git', 'push', 'origin', 'main'],
      ['tee', 'log'],
    ]);
  });

  it('shows runtime-built words by their source', () => {
    expect(analyzeShell('rm -rf "$dir"/*.tmp').commands).toEqual([['rm', '-rf', '"$dir"/*.tmp']]);
  });

  it('finds sudo in deeply nested subshells without overflowing the stack', () => {
    const analysis = analyzeShell(`${'( '.repeat(200)}sudo id${' )'.repeat(200)}`);
    expect(analysis.unknowable).toBeUndefined();
    expect(analysis.commands).toEqual([['sudo', 'id'], ['id']]);
  });
});
