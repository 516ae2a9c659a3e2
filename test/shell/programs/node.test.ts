import { describe, it } from 'vitest';
import {
  type CategoryCase,
  type CommandsCase,
  DEPS,
  EXEC,
  expectCategories,
  expectCommands,
  GIT,
  NET,
  ONLY_EXEC,
  SUDO,
} from '../support';

// npm, pnpm, yarn, bun, npx, deno and JavaScript release tools (src/shell/programs/node/:
// nodeSpecs.ts, packageRunners.ts): installs change dependencies over the network, a package
// runner fetches and runs a package, releases publish, scripts run only the project's code.

describe('node package managers and release tools', () => {
  it.each<CategoryCase>([
    { name: 'raises DEPS and NETWORK for npm install', command: 'npm install', expected: [DEPS, NET, EXEC] },
    { name: 'reads npm -g i as an install', command: 'npm -g i x', expected: [DEPS, NET, EXEC] },
    {
      name: 'skips npm --prefix before the subcommand',
      command: 'npm --prefix web install',
      expected: [DEPS, NET, EXEC],
    },
    { name: 'reads a bare yarn as an install', command: 'yarn', expected: [DEPS, NET, EXEC] },
    { name: 'reads npx as fetching a package', command: 'npx cowsay hi', expected: [DEPS, NET, EXEC] },
    { name: 'reads release-it as a release', command: 'release-it minor --ci', expected: [GIT, NET, EXEC] },
    { name: 'reads semantic-release as a release', command: 'semantic-release', expected: [GIT, NET, EXEC] },
    { name: 'reads changeset publish', command: 'changeset publish', expected: [GIT, NET, EXEC] },
    { name: 'reads npx changeset publish', command: 'npx changeset publish', expected: [DEPS, GIT, NET, EXEC] },
    { name: 'reads npx semantic-release', command: 'npx --yes semantic-release', expected: [DEPS, GIT, NET, EXEC] },
    { name: 'reads pnpm changeset publish', command: 'pnpm changeset publish', expected: [GIT, NET, EXEC] },
    { name: 'reads yarn release-it', command: 'yarn release-it', expected: [GIT, NET, EXEC] },
    { name: 'reads lerna publish', command: 'lerna publish from-git', expected: [GIT, NET, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([
    { name: 'treats echo npm install as data', command: 'echo npm install', expected: ONLY_EXEC },
    { name: 'treats npm test as running scripts only', command: 'npm test', expected: ONLY_EXEC },
    { name: 'treats npm run build as running scripts only', command: 'npm run build', expected: ONLY_EXEC },
    { name: 'treats yarn why as a query', command: 'yarn why react', expected: ONLY_EXEC },
    { name: 'treats a bare changeset as adding a note', command: 'changeset', expected: ONLY_EXEC },
    { name: 'treats changeset version as local', command: 'changeset version', expected: ONLY_EXEC },
    { name: 'treats release-it as data in echo', command: 'echo release-it', expected: ONLY_EXEC },
  ])('$name', expectCategories);
});

describe('package runners run their command too', () => {
  it.each<CommandsCase>([
    {
      name: 'analyses the command npx runs',
      command: 'npx sudo ls',
      commands: [['npx', 'sudo', 'ls'], ['sudo', 'ls'], ['ls']],
      categories: [DEPS, SUDO, NET, EXEC],
    },
    {
      name: 'analyses the command npm exec runs',
      command: 'npm exec -- sudo ls',
      commands: [['npm', 'exec', '--', 'sudo', 'ls'], ['sudo', 'ls'], ['ls']],
      categories: [DEPS, SUDO, NET, EXEC],
    },
    {
      name: 'analyses the command of npx -p PKG CMD',
      command: 'npx -p cowsay sudo id',
      commands: [['npx', '-p', 'cowsay', 'sudo', 'id'], ['sudo', 'id'], ['id']],
      categories: [DEPS, SUDO, NET, EXEC],
    },
    {
      name: 'analyses the command yarn exec runs, fetching nothing',
      command: 'yarn exec sudo ls',
      commands: [['yarn', 'exec', 'sudo', 'ls'], ['sudo', 'ls'], ['ls']],
      categories: [SUDO, EXEC],
    },
    {
      name: 'analyses the command bunx runs',
      command: 'bunx sudo ls',
      commands: [['bunx', 'sudo', 'ls'], ['sudo', 'ls'], ['ls']],
      categories: [DEPS, SUDO, NET, EXEC],
    },
    {
      name: 'reads a versioned package by its name',
      command: 'npx eslint@9 .',
      commands: [
        ['npx', 'eslint@9', '.'],
        ['eslint', '.'],
      ],
      categories: [DEPS, NET, EXEC],
    },
  ])('$name', expectCommands);
});
