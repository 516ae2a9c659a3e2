import { describe, expect, it } from 'vitest';
import { runChangingOptionFinder } from '../../src/grants/runChangingOptions';
import { createCatalog } from '../../src/shell/catalog/catalog';
import { commandSpecSchema } from '../../src/shell/catalog/commandSpec';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';

// Each program's run-changing options are its spec's `runChangingOptions`: the grants read them
// through the catalog, with the options every program may have.

const OWN_CATALOG = createCatalog([
  {
    deploy: { operands: 'data', runChangingOptions: ['--target', '-T', 'STAGE='] },
    plain: { operands: 'data' },
    tool: { aliases: ['tool2'], operands: 'data', runChangingOptions: ['--plugin'] },
  },
]);
const findInOwnCatalog = runChangingOptionFinder(OWN_CATALOG);
const findBuiltIn = runChangingOptionFinder(BUILTIN_CATALOG);

interface FinderCase {
  readonly name: string;
  readonly line: string;
  /** the index of the last run-changing word from the second word on, or -1 */
  readonly found: number;
}

const words = (line: string): string[] => line.split(' ');

describe("a spec's runChangingOptions", () => {
  it.each<FinderCase>([
    { name: 'a listed long option counts', line: 'deploy app --target prod', found: 2 },
    { name: 'a listed long option with its value after = counts', line: 'deploy app --target=prod', found: 2 },
    { name: 'a listed short option with its value attached counts', line: 'deploy app -Tprod', found: 2 },
    { name: 'a listed assignment counts', line: 'deploy STAGE=prod app', found: 1 },
    { name: 'the last of several is found', line: 'deploy --target a STAGE=b app', found: 3 },
    { name: 'a line with none of them has none', line: 'deploy app --verbose', found: -1 },
    { name: 'what follows -- is not the program’s own', line: 'deploy app -- --target prod', found: -1 },
    { name: 'an alias reads its program’s spec', line: 'tool2 run --plugin x', found: 2 },
    { name: 'another program’s option does not count', line: 'plain --target prod', found: -1 },
    { name: 'an option of every program counts for a program without the field', line: 'plain --cwd web', found: 1 },
    { name: 'an option of every program counts for a program with it', line: 'deploy --require ./x.js', found: 1 },
    {
      name: 'an option of every program counts for a program the catalog does not know',
      line: 'other --prefix x',
      found: 1,
    },
    { name: 'a program the catalog does not know has no other', line: 'other --target prod', found: -1 },
  ])('$name', ({ line, found }) => {
    const all = words(line);
    expect(findInOwnCatalog(all[0] ?? '', all, 1)).toBe(found);
  });

  it.each<FinderCase>([
    { name: 'npm: a workspace', line: 'npm test -w web', found: 2 },
    { name: 'npx: pnpm’s filter, as pnpx shares its spec', line: 'pnpx -F web eslint', found: 1 },
    { name: 'bun: another configuration', line: 'bun test --config x.toml', found: 2 },
    { name: 'yarn: another yarnrc', line: 'yarn test --use-yarnrc x', found: 2 },
    { name: 'pnpm: a recursive run', line: 'pnpm -r test', found: 1 },
    { name: 'gmake: the shell recipes run with', line: 'gmake test SHELL=./x.sh', found: 2 },
    { name: 'just: another justfile', line: 'just --justfile x test', found: 1 },
    { name: 'go-task: another taskfile', line: 'go-task --taskfile x test', found: 1 },
    { name: 'cargo: another configuration', line: 'cargo test --config x.toml', found: 2 },
    { name: 'go: a tool wrapper', line: 'go test -toolexec ./x ./...', found: 2 },
    { name: 'py.test: a plugin', line: 'py.test -p evil tests', found: 1 },
    { name: 'git: another folder', line: 'git -C ../x status', found: 1 },
    { name: 'hub: the options of git, which it passes to git', line: 'hub -c core.pager=./x log', found: 1 },
    { name: 'nodejs: code loaded first', line: 'nodejs -r ./x.js app.js', found: 1 },
    { name: 'ls: none of its own', line: 'ls -C web', found: -1 },
  ])('built in, $name', ({ line, found }) => {
    const all = words(line);
    expect(findBuiltIn(all[0] ?? '', all, 1)).toBe(found);
  });

  it.each([
    { name: 'an option name', value: ['--config', '-C', '-toolexec'], valid: true },
    { name: 'an operand assignment', value: ['SHELL=', '.SHELLFLAGS='], valid: true },
    { name: 'a word with a space', value: ['--a b'], valid: false },
    { name: 'a bare word', value: ['config'], valid: false },
  ])('the schema takes $name: $valid', ({ value, valid }) => {
    expect(commandSpecSchema.safeParse({ runChangingOptions: value }).success).toBe(valid);
  });
});
