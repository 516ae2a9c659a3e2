import { describe, expect, it } from 'vitest';
import { createGovernor } from '../../src/governor/createGovernor';
import type { Grant } from '../../src/grants/grant';
import { grantMatches, prefixCovers, type GrantedCall } from '../../src/grants/grantMatch';
import { suggestGrant } from '../../src/grants/grantSuggestion';
import { runChangingOptionFinder } from '../../src/grants/runChangingOptions';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { makeWorkspace } from '../support/workspace';

// A grant narrowed to a command prefix covers the commands that start with it, but not an option
// that changes what the program runs (its folder, its configuration, the shell or node options its
// scripts run with, code loaded first): only a prefix that names such an option covers it.

const grantFor = (commands: readonly string[]): Grant => ({
  id: 'grant-1',
  categories: ['EXEC_ARBITRARY'],
  commands,
  until: 'session',
  source: 'human',
});

// the built-in catalog's run-changing options, as a governor with no host programs reads them
const runChangingOption = runChangingOptionFinder(BUILTIN_CATALOG);

/** The call as the decider gives it to the grants: the line's simple commands, seen whole or not. */
function shellCall(command: string): GrantedCall & { readonly shell: NonNullable<GrantedCall['shell']> } {
  const analysis = analyzeShell(command);
  return {
    tool: 'execute_command',
    shell: { commands: analysis.commands, unknowable: analysis.unknowable },
    paths: [],
    hosts: [],
    runChangingOption,
  };
}

interface CoverCase {
  readonly name: string;
  readonly prefix: string;
  readonly command: string;
  readonly covered: boolean;
}

describe('a command grant and the options that change what runs', () => {
  it.each<CoverCase>([
    { name: 'covers the command itself', prefix: 'npm test', command: 'npm test', covered: true },
    { name: 'covers plain options after it', prefix: 'npm test', command: 'npm test --silent', covered: true },
    {
      name: 'covers the script arguments after --',
      prefix: 'npm test',
      command: 'npm test -- --coverage',
      covered: true,
    },
    {
      name: 'covers an option after -- that the script, not npm, reads',
      prefix: 'npm test',
      command: 'npm test -- --prefix x',
      covered: true,
    },
    {
      name: 'does not cover --script-shell',
      prefix: 'npm test',
      command: 'npm test --script-shell ./x.sh',
      covered: false,
    },
    {
      name: 'does not cover --script-shell=',
      prefix: 'npm test',
      command: 'npm test --script-shell=./x.sh',
      covered: false,
    },
    { name: 'does not cover --prefix', prefix: 'npm test', command: 'npm test --prefix web', covered: false },
    { name: 'does not cover -w', prefix: 'npm test', command: 'npm test -w pkg', covered: false },
    { name: 'does not cover --workspace', prefix: 'npm test', command: 'npm test --workspace=pkg', covered: false },
    { name: 'does not cover --workspaces', prefix: 'npm test', command: 'npm test --workspaces', covered: false },
    {
      name: 'does not cover --node-options',
      prefix: 'npm test',
      command: "npm test --node-options='--require ./x.js'",
      covered: false,
    },
    {
      name: 'does not cover --userconfig',
      prefix: 'npm test',
      command: 'npm test --userconfig ./npmrc',
      covered: false,
    },
    { name: 'does not cover -C', prefix: 'npm test', command: 'npm test -C web', covered: false },
    { name: 'does not cover pnpm -C', prefix: 'pnpm test', command: 'pnpm test -C web', covered: false },
    { name: 'does not cover pnpm --filter', prefix: 'pnpm test', command: 'pnpm test --filter x', covered: false },
    { name: 'does not cover yarn --cwd', prefix: 'yarn test', command: 'yarn test --cwd web', covered: false },
    { name: 'does not cover make -C', prefix: 'make', command: 'make -C other test', covered: false },
    { name: 'does not cover make SHELL=', prefix: 'make test', command: 'make test SHELL=./x.sh', covered: false },
    {
      name: 'does not cover git -c',
      prefix: 'git log',
      command: 'git log -c core.pager=./x.sh',
      covered: false,
    },
    { name: 'does not cover node -r', prefix: 'node', command: 'node -r ./x.js app.js', covered: false },
    { name: 'does not cover node --import', prefix: 'node', command: 'node --import=./x.mjs app.js', covered: false },
    { name: 'does not cover pytest -p', prefix: 'pytest', command: 'pytest -p evil tests', covered: false },
    {
      name: 'covers an option the prefix names itself',
      prefix: 'npm --prefix web test',
      command: 'npm --prefix web test',
      covered: true,
    },
    {
      name: 'does not cover another such option after one the prefix names',
      prefix: 'npm --prefix web test',
      command: 'npm --prefix web test --script-shell ./x.sh',
      covered: false,
    },
    {
      name: 'does not cover a word that only begins like -C when it is long',
      prefix: 'make',
      command: 'make --check-symlink-times',
      covered: true,
    },
  ])('$name', ({ prefix, command, covered }) => {
    const [words = []] = analyzeShell(command).commands;
    expect({ command, covered: prefixCovers(prefix.split(' '), words, runChangingOption) }).toEqual({
      command,
      covered,
    });
    expect({ command, matched: grantMatches(grantFor([prefix]), shellCall(command)) }).toEqual({
      command,
      matched: covered,
    });
  });

  it('leaves a line with a code-choosing environment prefix it cannot see outside the grant', () => {
    const call = shellCall("NODE_OPTIONS='--require ./x.js' npm test");
    expect(call.shell.unknowable).toMatch(/NODE_OPTIONS/);
    expect(grantMatches(grantFor(['npm test']), call)).toBe(false);
  });
});

describe('the grant a held command suggests covers it', () => {
  it.each([
    { command: 'npm test --script-shell ./x.sh', prefix: 'npm test --script-shell ./x.sh' },
    { command: 'npm --prefix web test', prefix: 'npm --prefix web test' },
    { command: 'npm test --prefix=web --silent', prefix: 'npm test --prefix=web' },
    { command: 'make -C sub build', prefix: 'make -C sub build' },
    { command: 'npm test --silent', prefix: 'npm test' },
  ])('suggests $prefix for $command', ({ command, prefix }) => {
    const call = shellCall(command);
    const suggestion = suggestGrant(['EXEC_ARBITRARY'], call, undefined);
    expect(suggestion?.commands).toEqual([prefix]);
    expect(grantMatches(grantFor(suggestion?.commands ?? []), call)).toBe(true);
  });

  it('suggests none when such an option holds whitespace', () => {
    expect(suggestGrant(['EXEC_ARBITRARY'], shellCall("npm test --prefix 'my web'"), undefined)).toBeUndefined();
  });
});

describe('a governor with a command grant', () => {
  const INTENTS = `active_intents:
  - id: INT-1
    name: Tests
    owned_scope: ["src/**"]
`;

  it.each([
    { name: 'runs the granted command', command: 'npm test', code: 'destructive_in_scope' },
    { name: 'holds it with --prefix', command: 'npm test --prefix web', code: 'needs_approval' },
    { name: 'holds it with -w', command: 'npm test -w pkg', code: 'needs_approval' },
    { name: 'holds it with --workspace', command: 'npm test --workspace pkg', code: 'needs_approval' },
  ])('$name', ({ command, code }) => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS }),
      trace: () => undefined,
    });
    governor.userPrompt('run the tests');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-1' });
    governor.grant({ categories: ['EXEC_ARBITRARY'], commands: ['npm test'] });
    expect({ command, code: governor.handleToolCall('execute_command', { command }).code }).toEqual({
      command,
      code,
    });
  });
});
