import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize, RISK_CATEGORIES } from '../../../src/index';
import { createPathAnalyzer } from '../../../src/paths/pathAnalyzer';
import { DISK_WORKSPACE_FILES } from '../../../src/risk/diskWorkspaceFiles';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { WorkspaceFiles } from '../../../src/shell/catalog/workspaceFiles';
import { BUILTIN_CATALOG } from '../../../src/shell/programs/builtinCatalog';
import { codeVariables } from '../../../src/shell/programs/node/envFiles';
import { RUN_FILE_READERS } from '../../../src/shell/programs/runFileReaders';
import { shebangShells } from '../../../src/shell/programs/shells/shebangShells';
import { npmrcSettings } from '../../../src/shell/programs/taskRunners/npmSettings';
import { newScriptReading } from '../../../src/shell/runFiles/codeFiles';
import { makeWorkspace } from '../../support/workspace';
import { attacker, caseWorkspace, describeHiddenCode, type HiddenCase } from '../hiddenCodeSupport';
import {
  type CategoryCase,
  type CommandsCase,
  DEPS,
  EXEC,
  expectCategories,
  expectCommands,
  expectOperands,
  GIT,
  NET,
  ONLY_EXEC,
  type OperandCase,
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

// npm's settings that choose what runs its scripts, from the line or a project's .npmrc
// (npmSettings.ts), and the aliases that install and then test.
const MANIFEST = '{"name":"x","version":"1.0.0","scripts":{"test":"true"}}';
const LOCKFILE =
  '{"name":"x","version":"1.0.0","lockfileVersion":3,"requires":true,"packages":{"":{"name":"x","version":"1.0.0"}}}';
const TOUCHING_SHELL = '#!/bin/sh\ntouch ../marker\n';
const TOUCHING_MODULE = "require('fs').writeFileSync('../marker', '')\n";
const TESTING_MANIFEST = '{"name":"x","version":"1.0.0","scripts":{"test":"touch ../marker"}}';

const NPM_SETTINGS: readonly HiddenCase[] = [
  {
    name: 'npm --script-shell naming a script of the workspace',
    command: 'cd src && npm test --script-shell ./x.sh',
    files: { 'src/package.json': MANIFEST, 'src/x.sh': TOUCHING_SHELL },
    executable: ['src/x.sh'],
    expected: 'readsPayload',
    program: 'npm',
  },
  {
    name: 'a project .npmrc naming a script shell',
    command: 'cd src && npm test',
    files: { 'src/package.json': MANIFEST, 'src/.npmrc': 'script-shell=./x.sh\n', 'src/x.sh': TOUCHING_SHELL },
    executable: ['src/x.sh'],
    expected: 'readsPayload',
    program: 'npm',
  },
  {
    name: 'npm --node-options loading a module',
    command: "cd src && npm test --node-options='--require ./x.js'",
    files: { 'src/package.json': MANIFEST.replace('"true"', '"node -e 1"'), 'src/x.js': TOUCHING_MODULE },
    expected: 'failsClosed',
    program: 'npm',
  },
  {
    name: 'a project .npmrc giving node options',
    command: 'cd src && npm test',
    files: {
      'src/package.json': MANIFEST.replace('"true"', '"node -e 1"'),
      'src/.npmrc': 'node-options="--require ./x.js"\n',
      'src/x.js': TOUCHING_MODULE,
    },
    expected: 'failsClosed',
    program: 'npm',
  },
  {
    name: 'npm --userconfig naming another configuration',
    command: 'cd src && npm test --userconfig ./rc',
    files: { 'src/package.json': MANIFEST, 'src/rc': 'script-shell=./x.sh\n', 'src/x.sh': TOUCHING_SHELL },
    executable: ['src/x.sh'],
    expected: 'failsClosed',
    program: 'npm',
  },
  {
    name: 'a .npmrc the same line writes',
    command: 'cd src && echo script-shell=./x.sh > .npmrc && npm test',
    files: { 'src/package.json': MANIFEST, 'src/x.sh': TOUCHING_SHELL },
    executable: ['src/x.sh'],
    expected: 'failsClosed',
    program: 'npm',
  },
  {
    name: 'npm_config_script_shell in the environment',
    command: 'cd src && npm_config_script_shell=./x.sh npm test',
    files: { 'src/package.json': MANIFEST, 'src/x.sh': TOUCHING_SHELL },
    executable: ['src/x.sh'],
    expected: 'failsClosed',
    program: 'npm',
  },
  {
    name: 'a node_modules/.bin program the same line puts in place',
    command: 'cd src && mkdir -p node_modules/.bin && cp x.sh node_modules/.bin/jest && npm test',
    files: { 'src/package.json': MANIFEST.replace('"true"', '"jest"'), 'src/x.sh': TOUCHING_SHELL },
    executable: ['src/x.sh'],
    expected: 'failsClosed',
    program: 'npm',
  },
  {
    name: 'npx --node-options loading a module',
    command: "cd src && npx --offline --node-options='--require ./x.js' jest",
    files: { 'src/x.js': TOUCHING_MODULE },
    expected: 'failsClosed',
  },
  {
    name: 'npx -c with a script shell of the workspace',
    command: "cd src && npx -c 'true' --script-shell ./x.sh",
    files: { 'src/x.sh': TOUCHING_SHELL },
    executable: ['src/x.sh'],
    expected: 'readsPayload',
    program: 'npx',
  },
  {
    name: 'npx with a project .npmrc giving node options',
    command: 'cd src && npx --offline jest',
    files: { 'src/.npmrc': 'node-options=--require ./x.js\n', 'src/x.js': TOUCHING_MODULE },
    expected: 'failsClosed',
  },
  {
    name: 'npm --prefix naming the folder whose script runs',
    command: 'npm --prefix src test',
    files: { 'src/package.json': TESTING_MANIFEST },
    expected: 'readsPayload',
    program: 'npm',
  },
];

const INSTALL_AND_TEST: readonly HiddenCase[] = [
  ...['it', 'install-test'].map((verb): HiddenCase => ({
    name: `npm ${verb}`,
    command: `cd src && npm ${verb} --offline --no-audit --no-fund`,
    files: { 'src/package.json': TESTING_MANIFEST },
    expected: 'readsPayload',
    program: 'npm',
  })),
  ...['cit', 'sit', 'clean-install-test', 'install-ci-test'].map((verb): HiddenCase => ({
    name: `npm ${verb}`,
    command: `cd src && npm ${verb} --offline --no-audit --no-fund`,
    files: { 'src/package.json': TESTING_MANIFEST, 'src/package-lock.json': LOCKFILE },
    expected: 'readsPayload',
    program: 'npm',
  })),
  {
    name: 'npm install-test told to run no scripts, which still tests',
    command: 'cd src && npm install-test --ignore-scripts --offline --no-audit --no-fund',
    files: { 'src/package.json': TESTING_MANIFEST },
    expected: 'readsPayload',
    program: 'npm',
  },
];

describeHiddenCode([
  ["npm's settings", NPM_SETTINGS],
  ['npm aliases that install and test', INSTALL_AND_TEST],
]);

describe("npm's settings, read from the line and the project's .npmrc", () => {
  it.each([
    { name: 'reads key=value lines', text: 'script-shell=./x.sh\n', settings: [['script-shell', './x.sh']] },
    {
      name: 'reads spaces, quotes and an underscore spelling',
      text: 'node_options = "--require ./x.js"\n',
      settings: [['node-options', '--require ./x.js']],
    },
    {
      name: 'reads settings in any section, skipping comments',
      text: '; a comment\n# another\n[section]\nuserconfig=/tmp/rc\n',
      settings: [['userconfig', '/tmp/rc']],
    },
    {
      name: 'leaves the settings that choose no code',
      text: 'registry=https://registry.npmjs.org/\nsave-exact=true\n//registry.npmjs.org/:_authToken=${TOKEN}\n',
      settings: [],
    },
  ])('$name', ({ text, settings }) => {
    expect(npmrcSettings(text)).toEqual(settings);
  });

  it.each<CategoryCase>([
    {
      name: 'lets a script shell the analysis reads scripts with stand',
      command: 'npm test --script-shell bash',
      expected: ONLY_EXEC,
    },
    {
      name: 'lets a script shell named by its path stand, read as no file',
      command: 'npm test --script-shell=/bin/bash',
      expected: ONLY_EXEC,
    },
    {
      name: 'lets node options that load nothing stand',
      command: 'npm test --node-options=--max-old-space-size=4096',
      expected: ONLY_EXEC,
    },
    { name: 'lets an empty user configuration stand', command: 'npm test --userconfig /dev/null', expected: ONLY_EXEC },
  ])('$name', ({ command, expected }) => {
    const root = makeWorkspace({ orchestration: false });
    writeFileSync(path.join(root, 'package.json'), MANIFEST);
    expect(categorize('shell', { command }, { workspaceRoot: root }).categories).toEqual(expected);
  });

  it('reads each folder up to the workspace root through the WorkspaceFiles port, and an .npmrc found there', () => {
    const root = makeWorkspace({ orchestration: false });
    mkdirSync(path.join(root, 'app'));
    writeFileSync(path.join(root, 'app', 'package.json'), MANIFEST);
    writeFileSync(path.join(root, '.npmrc'), 'script-shell=./x.sh\n');
    const asked: string[] = [];
    const files: WorkspaceFiles = {
      ...DISK_WORKSPACE_FILES,
      list(folder) {
        asked.push(`list ${path.relative(root, folder)}`);
        return DISK_WORKSPACE_FILES.list(folder);
      },
      readText(file, maxBytes) {
        asked.push(`read ${path.relative(root, file)}`);
        return DISK_WORKSPACE_FILES.readText(file, maxBytes);
      },
    };
    const [run] = analyzeShell('cd app && npm test').scriptRuns;
    const context = { workspaceRoot: root, base: root, analyze: createPathAnalyzer(root) };
    const found =
      run === undefined
        ? []
        : (RUN_FILE_READERS.package?.read(run, {
            context,
            reading: newScriptReading(),
            files,
            shebangShells,
            environment: BUILTIN_CATALOG.code.environment,
          }) ?? []);
    expect(found).toEqual([
      { kind: 'read', text: './x.sh -c :', label: '.npmrc', base: root },
      { kind: 'read', text: 'true', label: 'app/package.json script test', base: path.join(root, 'app') },
    ]);
    expect(asked).toEqual(['list app', 'list ', 'read .npmrc', 'read app/package.json']);
  });
});

// node --env-file loads variables, NODE_OPTIONS among them, before the program (envFiles.ts).
describeHiddenCode([
  [
    'node --env-file',
    [
      {
        name: 'an env file giving NODE_OPTIONS that load a module',
        command: 'cd src && node --env-file app.conf t.js',
        files: { 'src/app.conf': 'NODE_OPTIONS=--require ./x.js\n', 'src/t.js': '1\n', 'src/x.js': TOUCHING_MODULE },
        expected: 'failsClosed',
        program: 'node',
      },
      {
        name: 'an env file the same line writes',
        command: "cd src && echo 'NODE_OPTIONS=--require ./x.js' > app.conf && node --env-file=app.conf t.js",
        files: { 'src/t.js': '1\n', 'src/x.js': TOUCHING_MODULE },
        expected: 'failsClosed',
        program: 'node',
      },
    ],
  ],
]);

describe('the variables of a file node loads', () => {
  it.each([
    {
      name: 'keeps the ones that choose code',
      text: 'PORT=3000\nNODE_OPTIONS=-r ./x.js\n',
      found: [['NODE_OPTIONS', '-r ./x.js']],
    },
    {
      name: 'reads export, quotes and a comment',
      text: 'export PATH="./bin:/usr/bin"\nLD_PRELOAD=./x.so # a comment\n',
      found: [
        ['PATH', './bin:/usr/bin'],
        ['LD_PRELOAD', './x.so'],
      ],
    },
    {
      name: 'marks a value that goes on past its line',
      text: 'NODE_OPTIONS="--require\n./x.js"\n',
      found: [['NODE_OPTIONS', undefined]],
    },
    { name: 'leaves the others', text: '# settings\nDATABASE_URL=postgres://x\nDEBUG=1\n', found: [] },
  ])('$name', ({ text, found }) => {
    expect(codeVariables(text, BUILTIN_CATALOG.code.environment)).toEqual(found);
  });

  it.each<CategoryCase>([
    {
      name: 'lets an env file of plain settings stand',
      command: 'node --env-file app.conf t.js',
      expected: ONLY_EXEC,
    },
    {
      name: 'lets an env file that does not exist stand, as node refuses to start',
      command: 'node --env-file missing.conf t.js',
      expected: ONLY_EXEC,
    },
  ])('$name', ({ command, expected }) => {
    const root = makeWorkspace({ orchestration: false });
    writeFileSync(path.join(root, 'app.conf'), 'PORT=3000\nNODE_ENV=production\n');
    expect(categorize('shell', { command }, { workspaceRoot: root }).categories).toEqual(expected);
  });
});

describe('code node loads before its program', () => {
  it.each<OperandCase>([
    { name: 'reads -r as code it loads', command: 'node -r ./x.js -e 1', expected: [['./x.js', 'read']] },
    {
      name: 'reads --import as code it loads, and the program after it',
      command: 'node --import ./x.mjs app.js',
      expected: [
        ['./x.mjs', 'read'],
        ['app.js', 'read'],
      ],
    },
    {
      name: 'reads --loader= alike',
      command: 'node --loader=./l.mjs app.js',
      expected: [
        ['./l.mjs', 'read'],
        ['app.js', 'read'],
      ],
    },
    {
      name: 'reads --env-file as a file it reads',
      command: 'node --env-file=app.conf app.js',
      expected: [
        ['app.conf', 'read'],
        ['app.js', 'read'],
      ],
    },
  ])('$name', expectOperands);

  it('names the program after -r as code it runs, which .intentignore hides', () => {
    const decision = attacker(
      caseWorkspace({
        name: 'ignored program',
        command: 'node -r ./src/a.js secrets/b.js',
        files: { 'src/a.js': '1\n', 'secrets/b.js': '1\n' },
        expected: 'failsClosed',
      }),
    ).handleToolCall('execute_command', { command: 'node -r ./src/a.js secrets/b.js' });
    expect(decision.code).toBe('path_ignored');
  });
});

describe('what each npm setting in a project .npmrc is read as', () => {
  const decide = (npmrc: string, files: Readonly<Record<string, string>> = {}) => {
    const command = 'cd src && npm test';
    const root = caseWorkspace({
      name: npmrc,
      command,
      files: { 'src/package.json': MANIFEST, 'src/.npmrc': npmrc, ...files },
      expected: 'failsClosed',
    });
    const decision = attacker(root).handleToolCall('execute_command', { command });
    return { code: decision.code, unseen: decision.categories.length === RISK_CATEGORIES.length };
  };

  it.each([
    { name: 'another user configuration', npmrc: 'userconfig=../other\n', unseen: true },
    { name: 'another global configuration', npmrc: 'globalconfig=/etc/other\n', unseen: true },
    { name: 'a script shell found by name', npmrc: 'shell=fish\n', unseen: false },
    { name: 'git found by another name', npmrc: 'git=./tools/git\n', unseen: false },
    { name: 'node-gyp found by name elsewhere', npmrc: 'node-gyp=evil-gyp\n', unseen: true },
    { name: 'a setting built from the environment', npmrc: 'script-shell=${SHELL_PATH}\n', unseen: true },
    { name: 'plain settings', npmrc: 'save-exact=true\nfund=false\n', unseen: false },
  ])('$name', ({ npmrc, unseen }) => {
    expect(decide(npmrc).unseen).toBe(unseen);
  });

  it('reads an onload-script as a module node runs, which .intentignore hides', () => {
    expect(decide('onload-script=../secrets/hook.js\n', { 'secrets/hook.js': '1\n' })).toEqual({
      code: 'path_ignored',
      unseen: false,
    });
  });
});
