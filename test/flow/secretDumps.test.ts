import { describe, expect, it } from 'vitest';
import { secretDumpOf } from '../../src/flow/secretDumps';
import { createCatalog } from '../../src/shell/catalog/catalog';
import { commandSpecSchema, type CommandSpec } from '../../src/shell/catalog/commandSpec';
import { GIT_COMMANDS } from '../../src/shell/programs/git/gitSpecs';
import { FILE_READER_COMMANDS } from '../../src/shell/programs/search/fileReaderSpecs';
import { SEARCH_COMMANDS } from '../../src/shell/programs/search/searchSpecs';
import { ENV_COMMANDS } from '../../src/shell/programs/wrappers/envSpecs';

// A command prints secrets no path names when its spec's `printsSecrets` says so: the flow rules
// read the marker through the catalog, at the deepest level the command reaches.

const OWN_CATALOG = createCatalog([
  {
    showsecrets: { operands: 'data', printsSecrets: true },
    vault: {
      printsSecrets: { argument: 'token' },
      subcommands: { read: { operands: 'data', printsSecrets: true }, write: { operands: 'data' } },
    },
    store: { options: { '--get': 'flag' }, operands: 'data', printsSecrets: { argument: 'credential' } },
    withenv: {
      options: { '-i': 'flag', '-u': 'data' },
      operands: { rest: 'command' },
      printsSecrets: { withoutCommand: true },
    },
    finder: {
      options: { '-r|--recursive|-n': 'flag', '-e|--include': 'data' },
      operands: { leading: ['data'], leadingUnless: ['-e'], rest: 'read' },
      printsSecrets: { searchesTree: ['-r|--recursive'] },
    },
    treesearch: {
      options: { '-g': 'data' },
      operands: { leading: ['data'], rest: 'read' },
      printsSecrets: { searchesTree: true },
    },
    quiet: { operands: 'data' },
  },
]);

interface DumpCase {
  readonly name: string;
  readonly line: string;
  readonly dumps: boolean;
}

const dumpIn = (catalog: Parameters<typeof secretDumpOf>[1], line: string): string | undefined =>
  secretDumpOf(line.split(' '), catalog);

describe("a spec's printsSecrets", () => {
  it.each<DumpCase>([
    { name: 'true: the program prints secrets', line: 'showsecrets', dumps: true },
    { name: 'true: whatever its operands', line: 'showsecrets HOME', dumps: true },
    { name: 'a subcommand marked true', line: 'vault read kv/app', dumps: true },
    { name: 'a subcommand below a program marked with a condition', line: 'vault write kv/app', dumps: false },
    { name: 'the program’s marker at a subcommand without one', line: 'vault write token.key', dumps: true },
    { name: 'argument: a word that is the name', line: 'store --get credential', dumps: true },
    {
      name: 'argument: a word that starts with the name and a dot',
      line: 'store --get credential.helper',
      dumps: true,
    },
    { name: 'argument: in any case', line: 'store CREDENTIAL.helper', dumps: true },
    { name: 'argument: a longer name is another', line: 'store credentials', dumps: false },
    { name: 'argument: no word names it', line: 'store user.name', dumps: false },
    { name: 'withoutCommand: alone', line: 'withenv', dumps: true },
    { name: 'withoutCommand: settings only', line: 'withenv A=1 B=2', dumps: true },
    { name: 'withoutCommand: an option and its value only', line: 'withenv -u A', dumps: true },
    { name: 'withoutCommand: a command after the settings', line: 'withenv A=1 make', dumps: false },
    { name: 'searchesTree: recursive over the workspace', line: 'finder -r TODO .', dumps: true },
    { name: 'searchesTree: recursive with no root', line: 'finder -rn TODO', dumps: true },
    { name: 'searchesTree: recursive over a folder for a secret name', line: 'finder -r token src', dumps: true },
    {
      name: 'searchesTree: recursive over a folder for a pattern an option gives',
      line: 'finder -r -e passwd src',
      dumps: true,
    },
    {
      name: 'searchesTree: recursive over a folder for another pattern',
      line: 'finder --recursive TODO src',
      dumps: false,
    },
    { name: 'searchesTree: not recursive', line: 'finder TODO .', dumps: false },
    { name: 'searchesTree true: always recursive, no root', line: 'treesearch TODO', dumps: true },
    { name: 'searchesTree true: a folder and another pattern', line: 'treesearch TODO src', dumps: false },
    { name: 'a program without the marker', line: 'quiet token', dumps: false },
    { name: 'a program the catalog does not know', line: 'unknown token', dumps: false },
  ])('$name', ({ line, dumps }) => {
    expect(dumpIn(OWN_CATALOG, line)).toBe(dumps ? line : undefined);
  });

  it('names the program by its basename', () => {
    expect(secretDumpOf(['/usr/local/bin/showsecrets'], OWN_CATALOG)).toBe('/usr/local/bin/showsecrets');
  });

  it.each([
    { name: 'true', value: true, valid: true },
    {
      name: 'every condition',
      value: { argument: 'credential', withoutCommand: true, searchesTree: ['-r|-R'] },
      valid: true,
    },
    { name: 'an argument with a space', value: { argument: 'a b' }, valid: false },
    { name: 'false', value: false, valid: false },
    { name: 'an unknown condition', value: { always: true }, valid: false },
  ])('the schema takes $name: $valid', ({ value, valid }) => {
    expect(commandSpecSchema.safeParse({ printsSecrets: value }).success).toBe(valid);
  });
});

// The markers the built-in specs of printenv, env, grep, rg and git are to carry, on their specs as
// they are, read as the flow rules' own table reads those commands until the specs carry them.
const withMarker = (spec: CommandSpec | undefined, printsSecrets: CommandSpec['printsSecrets']): CommandSpec => ({
  ...spec,
  printsSecrets,
});
const git = GIT_COMMANDS['git'];
const MARKED_CATALOG = createCatalog([
  {
    printenv: withMarker(FILE_READER_COMMANDS['printenv'], true),
    env: withMarker(ENV_COMMANDS['env'], { withoutCommand: true }),
    grep: withMarker(SEARCH_COMMANDS['grep'], { searchesTree: ['-r|--recursive|-R|--dereference-recursive'] }),
    rg: withMarker(SEARCH_COMMANDS['rg'], { searchesTree: true }),
    git: {
      ...git,
      subcommands: {
        ...git?.subcommands,
        config: withMarker(git?.subcommands?.['config'], { argument: 'credential' }),
        credential: { operands: 'data', printsSecrets: true },
      },
    },
  },
]);

describe('the markers of the built-in dumps', () => {
  it.each<DumpCase>([
    { name: 'printenv', line: 'printenv', dumps: true },
    { name: 'env alone', line: 'env', dumps: true },
    { name: 'env with settings only', line: 'env A=1', dumps: true },
    { name: 'env running a command', line: 'env A=1 make test', dumps: false },
    { name: 'git config of a credential', line: 'git config --get credential.helper', dumps: true },
    { name: 'git config of another key', line: 'git config user.name', dumps: false },
    { name: 'git credential fill', line: 'git credential fill', dumps: true },
    { name: 'git status', line: 'git status', dumps: false },
    { name: 'grep -r over the workspace', line: 'grep -r KEY .', dumps: true },
    { name: 'egrep -R over the home folder', line: 'egrep -R x ~', dumps: true },
    { name: 'grep -r for a secret name in a folder', line: 'grep -r password src', dumps: true },
    { name: 'grep -rn for another pattern in a folder', line: 'grep -rn TODO src', dumps: false },
    { name: 'grep over one file', line: 'grep token .env', dumps: false },
    { name: 'rg over the workspace', line: 'rg token', dumps: true },
    { name: 'rg for another pattern in a folder', line: 'rg TODO src', dumps: false },
  ])('$name', ({ line, dumps }) => {
    expect(dumpIn(MARKED_CATALOG, line)).toBe(dumps ? line : undefined);
  });
});
