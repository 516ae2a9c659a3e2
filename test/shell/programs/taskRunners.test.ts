import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize, RISK_CATEGORIES, type RiskCategory } from '../../../src/index';
import { createPathAnalyzer } from '../../../src/paths/pathAnalyzer';
import { DISK_WORKSPACE_FILES } from '../../../src/risk/diskWorkspaceFiles';
import { analyzeShell } from '../../../src/shell/analyzeShell';
import type { WorkspaceFiles } from '../../../src/shell/catalog/workspaceFiles';
import { BUILTIN_CATALOG } from '../../../src/shell/programs/builtinCatalog';
import { RUN_FILE_READERS } from '../../../src/shell/programs/runFileReaders';
import { shebangShells } from '../../../src/shell/programs/shells/shebangShells';
import { newScriptReading } from '../../../src/shell/runFiles/codeFiles';
import { makeWorkspace } from '../../support/workspace';
import { describeHiddenCode, type HiddenCase } from '../hiddenCodeSupport';
import { EXEC, GIT, NET, SUDO, SYS } from '../support';

// The task runners: just's recipes (justfileRecipes.ts), task's tasks (taskfileTasks.ts) and the
// package.json scripts npm, pnpm, yarn and bun run (packageScripts.ts), each read from the file the
// runner finds (taskRunnerFiles.ts, packageScriptFiles.ts); what cannot be followed fails closed.

interface ScriptCase {
  readonly name: string;
  readonly command: string;
  readonly categories: readonly RiskCategory[];
}

describe('package.json scripts a package manager runs are read', () => {
  const packageRoot = makeWorkspace({ orchestration: false });
  writeFileSync(
    path.join(packageRoot, 'package.json'),
    JSON.stringify({
      scripts: {
        build: 'tsc -p .',
        prerelease: 'npm test',
        release: 'npm publish && git push --tags',
        test: 'vitest run',
        deploy: 'bash deploy.sh',
        loop: 'npm run loop',
        postinstall: 'sudo id',
      },
    }),
  );
  writeFileSync(path.join(packageRoot, 'deploy.sh'), 'sudo systemctl restart app\n');
  mkdirSync(path.join(packageRoot, 'broken'));
  writeFileSync(path.join(packageRoot, 'broken', 'package.json'), '{ "scripts": { "release": "git push"');

  it.each<ScriptCase>([
    { name: 'reads npm run NAME', command: 'npm run release', categories: [GIT, NET, EXEC] },
    { name: 'reads a yarn script named as a command', command: 'yarn release', categories: [GIT, NET, EXEC] },
    { name: 'reads a pnpm script named as a command', command: 'pnpm release', categories: [GIT, NET, EXEC] },
    { name: 'reads bun run NAME', command: 'bun run release', categories: [GIT, NET, EXEC] },
    { name: 'reads the script file a package script runs', command: 'pnpm run deploy', categories: [SYS, SUDO, EXEC] },
    { name: 'reads npm test as the test script', command: 'npm test', categories: [EXEC] },
    { name: 'reads a script that runs itself once', command: 'npm run loop', categories: [EXEC] },
    { name: 'leaves bun test, its own test runner, alone', command: 'bun test', categories: [EXEC] },
    {
      name: 'leaves a folder --prefix names that holds no package.json alone',
      command: 'npm --prefix web run release',
      categories: [EXEC],
    },
    {
      name: 'leaves a script name that is an Object.prototype key alone',
      command: 'npm run toString',
      categories: [EXEC],
    },
    {
      name: 'leaves a package.json that is not JSON alone',
      command: 'cd broken && npm run release',
      categories: [EXEC],
    },
  ])('$name', ({ command, categories }) => {
    expect(categorize('shell', { command }, { workspaceRoot: packageRoot }).categories).toEqual(categories);
  });

  it('names the package.json script the finding comes from', () => {
    const evidence = categorize('shell', { command: 'npm run release' }, { workspaceRoot: packageRoot }).evidence;
    expect(evidence.filter((item) => item.category === GIT).map((item) => item.note)).toEqual([
      'in package.json script release: package publish',
      'in package.json script release: git push',
    ]);
  });

  it('reads a package.json changed between two decisions anew, a rewrite of the same length too', () => {
    const root = makeWorkspace({ orchestration: false });
    const manifest = path.join(root, 'package.json');
    const decide = (): readonly RiskCategory[] =>
      categorize('shell', { command: 'npm run go' }, { workspaceRoot: root }).categories;
    writeFileSync(manifest, JSON.stringify({ scripts: { go: 'ls     ' } }));
    expect(decide()).toEqual([EXEC]);
    writeFileSync(manifest, JSON.stringify({ scripts: { go: 'sudo ls' } }));
    expect(decide()).toEqual([SUDO, EXEC]);
    // another workspace's manifest in between, then the first one again
    expect(categorize('shell', { command: 'npm run release' }, { workspaceRoot: packageRoot }).categories).toEqual([
      GIT,
      NET,
      EXEC,
    ]);
    expect(decide()).toEqual([SUDO, EXEC]);
  });

  it.each([
    { command: 'npm run build -- --watch', script: 'build' },
    { command: 'npm run-script build', script: 'build' },
    { command: 'npm t', script: 'test' },
    { command: 'yarn build', script: 'build' },
    { command: 'yarn run build', script: 'build' },
    { command: 'pnpm test', script: 'test' },
  ])('lists $command as the script $script', ({ command, script }) => {
    expect(analyzeShell(command).scriptRuns.map((run) => [run.how, run.path, run.script])).toEqual([
      ['package', 'package.json', script],
    ]);
  });
});

describe('the Taskfile task runs', () => {
  it('reads a Taskfile changed between two decisions anew, a rewrite of the same length too, and one in a folder above', () => {
    const root = makeWorkspace({ orchestration: false });
    mkdirSync(path.join(root, 'sub'));
    const taskfile = path.join(root, 'Taskfile.yml');
    const decide = (command: string): readonly RiskCategory[] =>
      categorize('shell', { command }, { workspaceRoot: root }).categories;
    writeFileSync(taskfile, 'version: "3"\ntasks:\n  go: ls     \n');
    expect(decide('task go')).toEqual([EXEC]);
    writeFileSync(taskfile, 'version: "3"\ntasks:\n  go: sudo ls\n');
    expect(decide('task go')).toEqual([SUDO, EXEC]);
    // task finds the Taskfile of the nearest folder above
    expect(decide('cd sub && task go')).toEqual([SUDO, EXEC]);
    writeFileSync(taskfile, 'version: "3"\ntasks:\n  go: [unclosed\n');
    expect(decide('task go')).toEqual(RISK_CATEGORIES);
  });
});

describe('the files a task runner runs, read through the WorkspaceFiles port', () => {
  it('lists each folder climbed and reads the justfile found above through the port, by the registry', () => {
    const root = makeWorkspace({ orchestration: false });
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'justfile'), 'b:\n    git push\n');
    const asked: string[] = [];
    const files: WorkspaceFiles = {
      ...DISK_WORKSPACE_FILES,
      list(folder) {
        asked.push(`list ${folder}`);
        return DISK_WORKSPACE_FILES.list(folder);
      },
      readText(file, maxBytes) {
        asked.push(`read ${file}`);
        return DISK_WORKSPACE_FILES.readText(file, maxBytes);
      },
    };
    const [run] = analyzeShell('cd sub && just b').scriptRuns;
    expect(run?.how).toBe('just');
    const context = { workspaceRoot: root, base: root, analyze: createPathAnalyzer(root) };
    const found =
      run === undefined
        ? []
        : (RUN_FILE_READERS.just?.read(run, {
            context,
            reading: newScriptReading(),
            files,
            shebangShells,
            environment: BUILTIN_CATALOG.code.environment,
          }) ?? []);
    expect(found).toEqual([
      { kind: 'read', text: expect.stringContaining('git push'), label: 'justfile b', base: root },
    ]);
    expect(asked).toEqual([`list ${path.join(root, 'sub')}`, `list ${root}`, `read ${path.join(root, 'justfile')}`]);
  });
});

const JUSTFILE_AND_TASKFILE_TECHNIQUES: readonly HiddenCase[] = [
  {
    name: 'a justfile recipe',
    command: 'just -f src/justfile b',
    files: { 'src/justfile': 'b:\n    touch ../marker\n' },
    expected: 'readsPayload',
    program: 'just',
  },
  {
    name: 'a justfile recipe with arguments',
    command: "cd src && just run 'touch ../marker'",
    files: { 'src/justfile': 'run cmd:\n    {{cmd}}\n' },
    expected: 'readsPayload',
    program: 'just',
  },
  {
    name: 'a justfile choosing another shell',
    command: 'cd src && just b',
    files: { 'src/justfile': 'set shell := ["python3", "-c"]\nb:\n    print(1)\n' },
    expected: 'failsClosed',
  },
  {
    name: 'a justfile importing another',
    command: 'cd src && just b',
    files: { 'src/justfile': "import 'other.just'\nb:\n    echo hi\n" },
    expected: 'failsClosed',
  },
  {
    name: 'a justfile loading a dotenv file',
    command: 'cd src && just b',
    files: { 'src/justfile': 'set dotenv-load\nb:\n    echo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'a justfile recipe in another language',
    command: 'cd src && just b',
    files: { 'src/justfile': 'b:\n    #!/usr/bin/env python3\n    print(1)\n' },
    expected: 'failsClosed',
  },
  {
    name: 'just --shell',
    command: 'cd src && just --shell zsh b',
    files: { 'src/justfile': 'b:\n    echo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'just --command',
    command: "cd src && just --command 'touch ../marker'",
    files: { 'src/justfile': 'b:\n    echo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'a Taskfile task',
    command: 'cd src && task b',
    files: { 'src/Taskfile.yml': 'version: "3"\ntasks:\n  b:\n    cmds:\n      - touch ../marker\n' },
    expected: 'readsPayload',
    program: 'task',
  },
  {
    name: 'a Taskfile task run by another',
    command: 'cd src && task',
    files: { 'src/Taskfile.yml': 'version: "3"\ntasks:\n  default:\n    deps: [b]\n  b: touch ../marker\n' },
    expected: 'readsPayload',
    program: 'task',
  },
  {
    name: 'a Taskfile including another',
    command: 'cd src && task b',
    files: { 'src/Taskfile.yml': 'version: "3"\nincludes:\n  x: ./other.yml\ntasks:\n  b: echo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'a Taskfile loading a dotenv file',
    command: 'cd src && task b',
    files: { 'src/Taskfile.yml': 'version: "3"\ndotenv: [".env"]\ntasks:\n  b: echo hi\n' },
    expected: 'failsClosed',
  },
];

const LIFECYCLE_SCRIPTS: readonly HiddenCase[] = [
  {
    name: 'npm pack runs prepack',
    command: 'cd src && npm pack --dry-run --offline',
    files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"prepack":"touch ../marker"}}' },
    expected: 'readsPayload',
    program: 'npm',
  },
  {
    name: 'npm install runs preinstall',
    command: 'cd src && npm install --offline --no-audit --no-fund',
    files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"preinstall":"touch ../marker"}}' },
    expected: 'readsPayload',
    program: 'npm',
  },
  {
    name: 'npm ci runs postinstall',
    command: 'cd src && npm ci --offline',
    files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"postinstall":"touch ../marker"}}' },
    expected: 'readsPayload',
  },
  {
    name: 'npm publish runs prepublishOnly',
    command: 'cd src && npm publish --dry-run',
    files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"prepublishOnly":"touch ../marker"}}' },
    expected: 'readsPayload',
  },
  {
    name: 'npm version runs preversion',
    command: 'cd src && npm version patch',
    files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"preversion":"touch ../marker"}}' },
    expected: 'readsPayload',
  },
  {
    name: 'npm test runs pretest',
    command: 'cd src && npm test',
    files: {
      'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"pretest":"touch ../marker","test":"true"}}',
    },
    expected: 'readsPayload',
    program: 'npm',
  },
  {
    name: 'npm rebuild runs install',
    command: 'cd src && npm rebuild',
    files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"install":"touch ../marker"}}' },
    expected: 'readsPayload',
  },
  {
    name: 'yarn pack runs prepack',
    command: 'cd src && yarn pack',
    files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"prepack":"touch ../marker"}}' },
    expected: 'readsPayload',
  },
  {
    name: 'pnpm install runs prepare',
    command: 'cd src && pnpm install',
    files: { 'src/package.json': '{"name":"x","version":"1.0.0","scripts":{"prepare":"touch ../marker"}}' },
    expected: 'readsPayload',
  },
];

describeHiddenCode([
  ['package lifecycle scripts', LIFECYCLE_SCRIPTS],
  ['justfiles and Taskfiles', JUSTFILE_AND_TASKFILE_TECHNIQUES],
]);
