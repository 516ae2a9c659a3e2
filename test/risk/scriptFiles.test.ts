import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize, RISK_CATEGORIES, type RiskCategory } from '../../src/index';
import { MAX_SCRIPT_FILE_BYTES, MAX_SCRIPT_TEXT_PER_DECISION, runsAsShell } from '../../src/shell/runFiles/codeFiles';
import { shebangShells } from '../../src/shell/programs/shells/shebangShells';
import { MAX_SCRIPT_FILE_DEPTH, readScriptFiles } from '../../src/risk/scriptFiles';
import { analyzeShell } from '../../src/shell/analyzeShell';
import { createPathAnalyzer } from '../../src/paths/pathAnalyzer';
import { createCatalog } from '../../src/shell/catalog/catalog';
import { environmentProblem, type EnvironmentReader } from '../../src/shell/catalog/environmentCode';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { BUILTIN_COMMAND_FAMILIES } from '../../src/shell/programs/builtinCommandFamilies';
import { BUILTIN_FAMILIES } from '../../src/shell/programs/builtinFamilies';
import { environmentOf } from '../../src/shell/registry/familyEnvironment';
import { newScriptReading } from '../../src/shell/runFiles/codeFiles';
import { DEPS, EXEC, GIT, NET, SUDO, SYS } from '../shell/support';
import { makeWorkspace } from '../support/workspace';

const DELETE: RiskCategory = 'FS_DELETE_OVERWRITE';
const OUTSIDE: RiskCategory = 'FS_OUTSIDE_WORKSPACE';

const workspaceRoot = makeWorkspace({ orchestration: false });
const outside = makeWorkspace({ orchestration: false });
const files: Record<string, string> = {
  'deploy.sh': '#!/bin/bash\nset -e\nnpm ci\ngit push --force origin main\n',
  'scripts/restart.sh': 'sudo systemctl restart nginx\n',
  'outer.sh': '#!/usr/bin/env bash\n./scripts/restart.sh\nrm -rf ../other\n',
  'self.sh': 'bash self.sh\n',
  'dynamic.sh': '$CMD --force\ncurl https://example.com/x\n',
  'tool.py': '#!/usr/bin/env python3\nimport os\nos.system("sudo id")\n',
  'zsh-tool': '#!/usr/bin/env -S zsh -e\ngit push\n',
  'large.sh': `${'echo x\n'.repeat(Math.ceil(MAX_SCRIPT_FILE_BYTES / 7))}sudo id\n`,
  'level1.sh': 'bash level2.sh\n',
  'level2.sh': 'bash level3.sh\n',
  'level3.sh': 'bash level4.sh\ngit push\n',
  'level4.sh': 'sudo id\n',
  'sub/relative.sh': 'rm -rf ../../elsewhere\n',
};
for (const [name, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(workspaceRoot, name)), { recursive: true });
  writeFileSync(path.join(workspaceRoot, name), text);
}
writeFileSync(path.join(outside, 'evil.sh'), 'sudo id\n');
symlinkSync(path.join(outside, 'evil.sh'), path.join(workspaceRoot, 'linked.sh'));

interface ScriptCase {
  readonly name: string;
  readonly command: string;
  readonly categories: readonly RiskCategory[];
}

function categoriesOf(command: string): readonly RiskCategory[] {
  return categorize('shell', { command }, { workspaceRoot }).categories;
}

describe('script files a command runs are read from the workspace', () => {
  it.each<ScriptCase>([
    { name: 'reads a script given to bash', command: 'bash deploy.sh', categories: [DEPS, GIT, NET, EXEC] },
    {
      name: 'reads a script run by its path with a bash #! line',
      command: './deploy.sh',
      categories: [DEPS, GIT, NET, EXEC],
    },
    { name: 'reads a sourced script', command: 'source deploy.sh', categories: [DEPS, GIT, NET, EXEC] },
    { name: 'reads a script sourced with .', command: '. ./deploy.sh', categories: [DEPS, GIT, NET, EXEC] },
    { name: 'reads a script an env -S #! line runs with zsh', command: './zsh-tool', categories: [GIT, NET, EXEC] },
    {
      name: 'reads the scripts a script runs, and its paths from its folder',
      command: './outer.sh',
      categories: [DELETE, OUTSIDE, SYS, SUDO, EXEC],
    },
    {
      name: 'reads a script after cd, from that folder',
      command: 'cd scripts && ./restart.sh',
      categories: [SYS, SUDO, EXEC],
    },
    {
      name: 'resolves a script relative paths from the folder it runs in',
      command: 'cd sub && bash relative.sh',
      categories: [DELETE, OUTSIDE, EXEC],
    },
    { name: 'reads a script that runs itself once', command: 'bash self.sh', categories: [EXEC] },
    {
      name: 'fails closed on a script holding a command built at run time',
      command: 'sh dynamic.sh',
      categories: RISK_CATEGORIES,
    },
    {
      name: `reads ${MAX_SCRIPT_FILE_DEPTH} levels of scripts run by scripts`,
      command: 'bash level2.sh',
      categories: [GIT, SUDO, NET, EXEC],
    },
    {
      name: `fails closed on scripts run more than ${MAX_SCRIPT_FILE_DEPTH} levels deep`,
      command: 'bash level1.sh',
      categories: RISK_CATEGORIES,
    },
    { name: 'leaves a python program to EXEC_ARBITRARY', command: './tool.py', categories: [EXEC] },
    { name: 'fails closed on a script larger than the limit', command: 'bash large.sh', categories: RISK_CATEGORIES },
    { name: 'leaves a missing script to EXEC_ARBITRARY', command: './missing.sh', categories: [EXEC] },
    {
      name: 'does not read a script a symlink takes outside the workspace',
      command: 'bash linked.sh',
      categories: [OUTSIDE, EXEC],
    },
    {
      name: 'does not read a script outside the workspace',
      command: `bash ${path.join(outside, 'evil.sh')}`,
      categories: [OUTSIDE, EXEC],
    },
    { name: 'fails closed on a script named by a variable', command: 'bash "$script"', categories: RISK_CATEGORIES },
  ])('$name', ({ command, categories }) => {
    expect(categoriesOf(command)).toEqual(categories);
  });

  it('says which file each finding comes from, and that the file was read', () => {
    const evidence = categorize('shell', { command: 'bash deploy.sh' }, { workspaceRoot }).evidence;
    expect(evidence.filter((item) => item.category === GIT).map((item) => [item.trigger, item.note])).toEqual([
      ['git push', 'in deploy.sh: git push'],
    ]);
    expect(evidence.some((item) => item.category === EXEC && item.note === 'in deploy.sh: read and analysed')).toBe(
      true,
    );
  });

  it('says why a file fails the call closed', () => {
    const notes = categorize('shell', { command: 'sh dynamic.sh' }, { workspaceRoot }).evidence.map(
      (item) => item.note,
    );
    expect(notes).toContain('in dynamic.sh: command name built at run time: fail closed');
  });

  it('sees a script changed between two decisions', () => {
    writeFileSync(path.join(workspaceRoot, 'changing.sh'), 'echo hello\n');
    expect(categoriesOf('bash changing.sh')).toEqual([EXEC]);
    writeFileSync(path.join(workspaceRoot, 'changing.sh'), 'sudo id\n');
    expect(categoriesOf('bash changing.sh')).toEqual([SUDO, EXEC]);
  });
});

describe('which runs the shell analysis lists for reading', () => {
  it.each([
    { name: 'a script given to a shell', command: 'bash x.sh', runs: [{ path: 'x.sh', how: 'shell', directory: '' }] },
    {
      name: 'a sourced script',
      command: 'source lib/env.sh',
      runs: [{ path: 'lib/env.sh', how: 'shell', directory: '' }],
    },
    {
      name: 'a script run by its path',
      command: './run.sh --fast',
      runs: [{ path: './run.sh', how: 'direct', directory: '' }],
    },
    {
      name: 'a script run after cd',
      command: 'cd tools && ./run.sh',
      runs: [{ path: 'tools/./run.sh', how: 'direct', directory: 'tools' }],
    },
    {
      name: 'the job file of at -f',
      command: 'at -f job.sh now',
      runs: [{ path: 'job.sh', how: 'shell', directory: '' }],
    },
    {
      name: 'no program of another language, only the folder python imports from first',
      command: 'python3 x.py',
      runs: [{ path: '.', how: 'python', directory: '' }],
    },
    { name: 'no system program', command: '/usr/bin/env ls', runs: [] },
  ])('lists $name', ({ command, runs }) => {
    expect(
      analyzeShell(command).scriptRuns.map(({ path: file, how, directory }) => ({ path: file, how, directory })),
    ).toEqual(runs);
  });
});

describe('runsAsShell', () => {
  it.each([
    { name: 'no #! line', text: 'echo hi\n', expected: true },
    { name: '#!/bin/sh', text: '#!/bin/sh\n', expected: true },
    { name: '#!/usr/bin/env bash', text: '#!/usr/bin/env bash\n', expected: true },
    { name: '#!/usr/bin/env -S bash -e', text: '#!/usr/bin/env -S bash -e\n', expected: true },
    { name: '#!/bin/dash', text: '#!/bin/dash', expected: true },
    { name: '#!/usr/bin/env python3', text: '#!/usr/bin/env python3\n', expected: false },
    { name: '#!/usr/bin/node', text: '#!/usr/bin/node\n', expected: false },
    { name: '#!/usr/bin/env VAR=1 perl', text: '#!/usr/bin/env VAR=1 perl\n', expected: false },
  ])('reads $name as shell code: $expected', ({ text, expected }) => {
    expect(runsAsShell(text, shebangShells)).toBe(expected);
  });
});

describe('files that are not regular files', () => {
  it('fails closed, without blocking, on a FIFO named as a script: what it holds is written at run time', () => {
    const root = makeWorkspace({ orchestration: false });
    execFileSync('mkfifo', [path.join(root, 'pipe.sh')]);
    expect(categorize('shell', { command: 'bash pipe.sh && ./pipe.sh' }, { workspaceRoot: root }).categories).toEqual(
      RISK_CATEGORIES,
    );
  });

  it('fails closed on a folder named as a script', () => {
    const root = makeWorkspace({ orchestration: false });
    mkdirSync(path.join(root, 'folder.sh'));
    expect(categorize('shell', { command: 'bash folder.sh' }, { workspaceRoot: root }).categories).toEqual(
      RISK_CATEGORIES,
    );
  });
});

describe('the git hooks a git subcommand runs are read', () => {
  const repository = makeWorkspace({ orchestration: false });
  mkdirSync(path.join(repository, '.git', 'hooks'), { recursive: true });
  writeFileSync(path.join(repository, '.git', 'hooks', 'pre-push'), '#!/bin/sh\nsudo id\n');
  writeFileSync(path.join(repository, '.git', 'hooks', 'pre-commit'), '#!/usr/bin/env python3\nimport os\n');
  mkdirSync(path.join(repository, '.githooks'));
  writeFileSync(path.join(repository, '.githooks', 'pre-commit'), 'curl https://example.com/x\n');

  it.each<ScriptCase>([
    {
      name: 'reads the pre-push hook of git push',
      command: 'git push origin main',
      categories: [GIT, SUDO, NET, EXEC],
    },
    {
      name: 'fails closed on a hook in another language, which it cannot read',
      command: 'git commit -m x',
      categories: RISK_CATEGORIES,
    },
    {
      name: 'reads hooks from core.hooksPath',
      command: 'git -c core.hooksPath=.githooks commit -m x',
      categories: [GIT, NET, EXEC],
    },
    { name: 'reads no hook for a subcommand that runs none', command: 'git status', categories: [EXEC] },
  ])('$name', ({ command, categories }) => {
    expect(categorize('shell', { command }, { workspaceRoot: repository }).categories).toEqual(categories);
  });

  it('names the hook the finding comes from', () => {
    const notes = categorize('shell', { command: 'git push' }, { workspaceRoot: repository })
      .evidence.filter((item) => item.category === SUDO)
      .map((item) => item.note);
    expect(notes).toEqual(['in .git/hooks/pre-push: elevated privileges']);
  });
});

describe('the text one decision reads', () => {
  it(`reads at most ${MAX_SCRIPT_TEXT_PER_DECISION} characters of scripts, then fails closed`, () => {
    const root = makeWorkspace({ orchestration: false });
    const filler = `${'echo x\n'.repeat(Math.floor((MAX_SCRIPT_FILE_BYTES - 100) / 7))}`;
    const count = Math.ceil(MAX_SCRIPT_TEXT_PER_DECISION / filler.length) + 1;
    const names = Array.from({ length: count }, (_, index) => `s${index}.sh`);
    for (const name of names) writeFileSync(path.join(root, name), filler);
    writeFileSync(path.join(root, 'last.sh'), 'sudo id\n');
    expect(
      categorize(
        'shell',
        {
          command: `bash last.sh; ${names
            .slice(2)
            .map((name) => `bash ${name}`)
            .join('; ')}`,
        },
        { workspaceRoot: root },
      ).categories,
    ).toEqual([SUDO, EXEC]);
    expect(
      categorize(
        'shell',
        { command: `${names.map((name) => `bash ${name}`).join('; ')}; bash last.sh` },
        { workspaceRoot: root },
      ).categories,
    ).toEqual(RISK_CATEGORIES);
  });
});

describe("the run site's reader of the environment", () => {
  // a reader of its own: the built-in families' variables and FOO_CODE, which no built-in program reads
  const claimsFooCode = environmentOf([
    ...BUILTIN_FAMILIES.map((family) => family.environment),
    { code: { FOO_CODE: () => environmentProblem('FOO_CODE chooses the code the build loads') } },
  ]);
  const catalog = createCatalog([], BUILTIN_COMMAND_FAMILIES, { ...BUILTIN_CATALOG.code, environment: claimsFooCode });
  const root = makeWorkspace({ orchestration: false });
  writeFileSync(path.join(root, 'Makefile'), 'FOO_CODE = ./plugin.so\nall:\n\techo built\n');

  /** What the Makefile `make` runs gives the analysis, read with `environment`, and what the catalog makes of it. */
  function readMake(environment: EnvironmentReader): {
    readonly text: string;
    readonly unknowable: string | undefined;
  } {
    const context = { workspaceRoot: root, base: root, analyze: createPathAnalyzer(root) };
    const files = readScriptFiles(analyzeShell('make', { catalog }), context, newScriptReading(), environment);
    const text = files.map((file) => (file.kind === 'read' ? file.text : file.reason)).join('\n');
    return { text, unknowable: analyzeShell(text, { catalog }).unknowable };
  }

  it.each([
    {
      name: 'restates a variable its own reader claims, which then fails the call closed',
      environment: claimsFooCode,
      expected: {
        text: 'export FOO_CODE=./plugin.so\n( echo built\n)',
        unknowable: expect.stringContaining('FOO_CODE chooses the code the build loads: fail closed'),
      },
    },
    {
      name: 'leaves a variable no family of the built-in reader claims in the Makefile',
      environment: BUILTIN_CATALOG.code.environment,
      expected: { text: '( echo built\n)', unknowable: undefined },
    },
  ])('$name', ({ environment, expected }) => {
    expect(readMake(environment)).toEqual(expected);
  });
});
