import { describe, expect, it } from 'vitest';
import {
  type CategoryCase,
  EXEC,
  expectCategories,
  expectFailClosed,
  expectOperands,
  type FailCase,
  NET,
  ONLY_EXEC,
  type OperandCase,
} from '../support';
import { decideEveryday, everydayWorkspace } from '../../support/everydaySession';

// Build tools, compilers, linters, formatters and test runners (src/shell/programs/developerTools/).

// java [OPTIONS] MAIN ARGS, -jar FILE ARGS or -m MODULE ARGS: every word after the program is its
// argument, read as code intentgate does not know is (`python x.py ARGS`), not as java's option.
describe("java's options and the program's arguments", () => {
  it.each<CategoryCase>([
    {
      name: 'reads a Jenkins CLI call as its URL and the jar run',
      command: 'java -jar jenkins-cli.jar -s http://jenkins.local/ list-jobs',
      expected: [NET, EXEC],
    },
    {
      name: "reads the jar's own options after -jar FILE as its arguments",
      command: 'java -jar jenkins-cli.jar -s http://jenkins.local/ get-credentials system::system::foo',
      expected: [NET, EXEC],
    },
    {
      name: "reads a jar's -h as its own, not java's informational -h",
      command: 'java -jar cli.jar -h',
      expected: ONLY_EXEC,
    },
    {
      name: 'reads -Xmx512m, -Dname=value and -XX:+Flag as values attached to their letter',
      command: 'java -Xmx512m -Dfoo=bar -XX:+UseG1GC -jar app.jar --port 8080',
      expected: ONLY_EXEC,
    },
    {
      name: 'reads -verbose:gc and -ea before -jar',
      command: 'java -verbose:gc -ea -jar app.jar',
      expected: ONLY_EXEC,
    },
    { name: 'reads java -version as informational', command: 'java -version', expected: ONLY_EXEC },
    {
      name: 'reads a module run with -m and its arguments',
      command: 'java -m my.mod/my.Main a b',
      expected: ONLY_EXEC,
    },
  ])('$name', expectCategories);

  it.each<OperandCase>([
    {
      name: 'reads the jar and its arguments, an option-like word among them, as possible writes',
      command: 'java -jar cli.jar -s http://h/ list-jobs',
      expected: [
        ['cli.jar', 'read'],
        ['-s', 'overwrite'],
        ['list-jobs', 'overwrite'],
      ],
    },
    {
      name: 'reads the module of --module and its arguments',
      command: 'java -cp lib --module app/app.Main -x out.txt',
      expected: [
        ['app/app.Main', 'read'],
        ['-x', 'overwrite'],
        ['out.txt', 'overwrite'],
      ],
    },
    {
      name: "reads the main class's arguments as possible writes",
      command: 'java -cp build Main out.txt',
      expected: [
        ['Main', 'read'],
        ['out.txt', 'overwrite'],
      ],
    },
  ])('$name', expectOperands);

  it.each<FailCase>([
    {
      name: 'fails closed on -javaagent, code java loads',
      command: 'java -javaagent:agent.jar -jar app.jar',
      reason: '-j',
    },
    { name: 'fails closed on an option java does not have', command: 'java --frob -jar app.jar', reason: '--frob' },
  ])('$name', expectFailClosed);
});

describe('a Jenkins CLI call decided in a session owning the workspace', () => {
  it('is held for the network only, not failed closed on every category', () => {
    const workspace = everydayWorkspace({ repository: true, files: ['jenkins-cli.jar'] });
    const { verdict, code, unapproved } = decideEveryday(
      workspace,
      'java -jar jenkins-cli.jar -s http://jenkins.local/ list-jobs',
    );
    expect({ verdict, code, unapproved }).toEqual({
      verdict: 'ask',
      code: 'needs_approval',
      unapproved: ['NETWORK_RISK'],
    });
  });
});
