import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RiskContext } from '../../src/risk/riskContext';
import { shellCallRisk } from '../../src/risk/shellCallRisk';
import { makeWorkspace } from '../support/workspace';

const root = makeWorkspace();
const risk: RiskContext = {
  workspaceRoot: root,
  sandboxRoot: root,
  toolKinds: {},
  controlPaths: [`${root}/.orchestration`],
};

const commandsOf = (command: string): readonly (readonly string[])[] | undefined =>
  shellCallRisk({ command, cwd: undefined }, risk).shell?.commands;

/** The reference: each word list once, first occurrence first, compared as text that tells any two lists apart. */
function distinctByKey(commands: readonly (readonly string[])[]): (readonly string[])[] {
  const seen = new Map<string, readonly string[]>();
  for (const words of commands) if (!seen.has(JSON.stringify(words))) seen.set(JSON.stringify(words), words);
  return [...seen.values()];
}

describe('the simple commands of a shell call, each once', () => {
  it.each([
    { name: 'one command', command: 'echo a', commands: [['echo', 'a']] },
    { name: 'a pipeline of one program, once', command: 'echo a | echo a', commands: [['echo', 'a']] },
    {
      name: 'two programs in the order they run',
      command: 'echo b; echo a; echo b',
      commands: [
        ['echo', 'b'],
        ['echo', 'a'],
      ],
    },
    {
      name: 'one word with a space is not two words',
      command: "echo 'a b'; echo a b",
      commands: [
        ['echo', 'a b'],
        ['echo', 'a', 'b'],
      ],
    },
    {
      name: 'a longer list is not the same as its start',
      command: 'echo a; echo a a',
      commands: [
        ['echo', 'a'],
        ['echo', 'a', 'a'],
      ],
    },
    {
      name: 'past sixteen commands, still each once in order',
      command: [...Array.from({ length: 20 }, (_, index) => `echo w${index % 7}`), 'echo last'].join('; '),
      commands: [...Array.from({ length: 7 }, (_, index) => ['echo', `w${index}`]), ['echo', 'last']],
    },
  ])('$name', ({ command, commands }) => {
    expect(commandsOf(command)).toEqual(commands);
  });

  it('lists each word list once, first occurrence first, for lines of any length', () => {
    const words = fc.array(fc.constantFrom('a', 'b', 'a b', 'ab'), { maxLength: 3 });
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 40 }), (lines) => {
        const written = lines.map((rest) => ['echo', ...rest]);
        const command = written.map((each) => each.map((word) => `'${word}'`).join(' ')).join('; ');
        expect(commandsOf(command)).toEqual(distinctByKey(written));
      }),
      { numRuns: 200 },
    );
  });
});
