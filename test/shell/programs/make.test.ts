import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorize, RISK_CATEGORIES, type RiskCategory } from '../../../src/index';
import { BUILTIN_CATALOG } from '../../../src/shell/programs/builtinCatalog';
import { makeRecipeText, MAX_RECIPE_TEXT } from '../../../src/shell/programs/make/makefileRecipes';
import { makeWorkspace } from '../../support/workspace';
import { describeHiddenCode, type HiddenCase } from '../hiddenCodeSupport';
import { EXEC, GIT, NET, SUDO } from '../support';

// make: the recipes it runs, read from the Makefile (makefileRecipes.ts) of its folder or the one
// -f names, with its includes (makeRunFiles.ts); what cannot be followed fails the call closed.

const DELETE: RiskCategory = 'FS_DELETE_OVERWRITE';
const OUTSIDE: RiskCategory = 'FS_OUTSIDE_WORKSPACE';

interface ScriptCase {
  readonly name: string;
  readonly command: string;
  readonly categories: readonly RiskCategory[];
}
const MAKEFILE = [
  '# a project Makefile',
  'CC ?= gcc',
  'REMOTE := origin',
  'FLAGS = -O2',
  'FLAGS += -Wall',
  'VERSION != git describe --tags',
  '.PHONY: all deploy',
  'all: build test',
  '',
  'build: src/main.c',
  '\t@echo building $@',
  '\t$(CC) $(FLAGS) -o app $<',
  'test:',
  '\t-npm test',
  'deploy: build ; echo inline',
  '\tgit push --force $(REMOTE) main',
  '\t@sudo systemctl restart app \\',
  '\t  --now',
  '\tcurl $(shell cat url.txt)',
  '\t$(MAKE) -C sub all',
  '\techo $$HOME $(patsubst %.c,%.o,$(SRC)) $(UNDEFINED)',
  'define HELP',
  '\tsudo rm -rf /',
  'endef',
  'ifeq ($(CI),true)',
  'ci:',
  '\tnpm ci',
  'endif',
].join('\n');

// make run with the built-in families' variables that choose code
const BUILTIN_MAKE = { environment: BUILTIN_CATALOG.code.environment };

describe('makeRecipeText', () => {
  it.each([
    {
      name: 'runs the first target, its prerequisites first, after the read-time commands',
      targets: [],
      lines: [
        ': $(git describe --tags)',
        '( echo building "${MAKE_AUTOMATIC}"\n)',
        '( gcc -O2 -Wall -o app "${MAKE_AUTOMATIC}"\n)',
        '( npm test\n)',
      ],
    },
    {
      name: 'expands variables, $(shell), $(MAKE), $$ and continuation lines, and marks the rest as run-time values',
      targets: ['deploy'],
      lines: [
        ': $(git describe --tags)',
        '( echo building "${MAKE_AUTOMATIC}"\n)',
        '( gcc -O2 -Wall -o app "${MAKE_AUTOMATIC}"\n)',
        '( echo inline\n)',
        '( git push --force origin main\n)',
        '( sudo systemctl restart app  --now\n)',
        '( curl $(cat url.txt)\n)',
        '( make -C sub all\n)',
        '( echo $HOME "${MAKE_FUNCTION}" "${MAKE_VARIABLE}"\n)',
      ],
    },
    { name: 'reads a rule inside a conditional', targets: ['ci'], lines: [': $(git describe --tags)', '( npm ci\n)'] },
    { name: 'skips the body of a define', targets: ['HELP'], lines: [': $(git describe --tags)'] },
  ])('$name', ({ targets, lines }) => {
    expect(
      makeRecipeText(MAKEFILE, targets, BUILTIN_MAKE)
        ?.split('\n(')
        .map((line, index) => (index === 0 ? line : `(${line}`)),
    ).toEqual(lines);
  });

  it('returns undefined for a Makefile with no rule and no read-time command', () => {
    expect(makeRecipeText('X = 1\n', ['all'], BUILTIN_MAKE)).toBeUndefined();
  });

  it('reads a target that depends on itself once', () => {
    expect(makeRecipeText('a: b\n\techo a\nb: a\n\techo b\n', ['a'], BUILTIN_MAKE)).toBe('( echo b\n)\n( echo a\n)');
  });

  it(`stops collecting past ${MAX_RECIPE_TEXT} characters of recipes`, () => {
    const text = `all:\n${'\techo 0123456789012345678901234567890123456789\n'.repeat(4000)}`;
    expect(makeRecipeText(text, [], BUILTIN_MAKE)?.length).toBeLessThanOrEqual(MAX_RECIPE_TEXT + 4 * 4000);
  });

  it('bounds variables that reference each other exponentially', () => {
    const levels = ['A = xxxxxxxxxx'];
    for (const [index, name] of ['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].entries())
      levels.push(`${name} = ${`$(${'ABCDEFGH'[index]})`.repeat(10)}`);
    // ten references a level, eight levels: 10^9 characters if expanded in full
    const text = makeRecipeText(`${levels.join('\n')}\nall:\n\techo $(I)\n`, [], BUILTIN_MAKE);
    expect(text?.length).toBeLessThanOrEqual(MAX_RECIPE_TEXT + 100);
    expect(text).toContain('${MAKE_TOO_LONG}');
  });

  it('bounds references to empty variables, which produce nothing but still cost a visit', () => {
    const levels = ['B ='];
    for (const [index, name] of ['C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].entries())
      levels.push(`${name} = ${`$(${'BCDEFGHI'[index]})`.repeat(10)}`);
    expect(makeRecipeText(`${levels.join('\n')}\nall:\n\techo $(J)\n`, [], BUILTIN_MAKE)).toContain('${MAKE_TOO_LONG}');
  });

  it('stops opening $(shell ...) nested deeper than the expansion limit', () => {
    expect(makeRecipeText(`all:\n\techo ${'$(shell '.repeat(5000)}x${')'.repeat(5000)}\n`, [], BUILTIN_MAKE)).toContain(
      '${MAKE_VARIABLE}',
    );
  });
});

describe('the Makefile recipes make runs are read', () => {
  const makeRoot = makeWorkspace({ orchestration: false });
  writeFileSync(
    path.join(makeRoot, 'Makefile'),
    'REMOTE := origin\nall: build\nbuild:\n\t@tsc -p .\ndeploy: build\n\tgit push $(REMOTE) main\nclean:\n\trm -rf ../outside\n',
  );
  mkdirSync(path.join(makeRoot, 'sub'));
  writeFileSync(path.join(makeRoot, 'sub', 'GNUmakefile'), 'all:\n\tsudo id\n');
  writeFileSync(path.join(makeRoot, 'sub', 'Makefile'), 'all:\n\techo never read: GNUmakefile comes first\n');

  it.each<ScriptCase>([
    { name: 'reads the default target', command: 'make', categories: [EXEC] },
    {
      name: 'reads a named target and its prerequisites',
      command: 'make -j 4 deploy V=1',
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'resolves recipe paths from the Makefile folder',
      command: 'make clean',
      categories: [DELETE, OUTSIDE, EXEC],
    },
    { name: 'reads GNUmakefile before Makefile, in the -C folder', command: 'make -C sub', categories: [SUDO, EXEC] },
    { name: 'reads the Makefile of the folder cd moved to', command: 'cd sub && gmake', categories: [SUDO, EXEC] },
    {
      name: 'reads for make -n too, which still runs read-time commands and + lines',
      command: 'make -n deploy',
      categories: [GIT, NET, EXEC],
    },
    {
      name: 'reads the makefile -f names, not the one here',
      command: 'make -f sub/GNUmakefile',
      categories: [SUDO, EXEC],
    },
    {
      name: 'fails closed when the makefile -f names cannot be read',
      command: 'make -f other.mk deploy',
      categories: RISK_CATEGORIES,
    },
  ])('$name', ({ command, categories }) => {
    expect(categorize('shell', { command }, { workspaceRoot: makeRoot }).categories).toEqual(categories);
  });

  it('reads a Makefile changed between two decisions anew, a rewrite of the same length too', () => {
    const root = makeWorkspace({ orchestration: false });
    const makefile = path.join(root, 'Makefile');
    const decide = (): readonly RiskCategory[] =>
      categorize('shell', { command: 'make go' }, { workspaceRoot: root }).categories;
    writeFileSync(makefile, 'go:\n\tls     \n');
    expect(decide()).toEqual([EXEC]);
    writeFileSync(makefile, 'go:\n\tsudo ls\n');
    expect(decide()).toEqual([SUDO, EXEC]);
    // two other Makefiles in between, then the first one again
    expect(categorize('shell', { command: 'make deploy' }, { workspaceRoot: makeRoot }).categories).toEqual([
      GIT,
      NET,
      EXEC,
    ]);
    expect(categorize('shell', { command: 'make -C sub' }, { workspaceRoot: makeRoot }).categories).toEqual([
      SUDO,
      EXEC,
    ]);
    writeFileSync(makefile, 'go:\n\tgit push\n');
    expect(decide()).toEqual([GIT, NET, EXEC]);
  });

  it('names the Makefile target the finding comes from', () => {
    const evidence = categorize('shell', { command: 'make deploy' }, { workspaceRoot: makeRoot }).evidence;
    expect(evidence.filter((item) => item.category === GIT).map((item) => item.note)).toEqual([
      'in Makefile target deploy: git push',
    ]);
  });
});

const MAKEFILE_TECHNIQUES: readonly HiddenCase[] = [
  {
    name: 'a Makefile include',
    command: 'make -C src',
    files: { 'src/Makefile': 'include inc.mk\nall:\n\techo hi\n', 'src/inc.mk': 'x:\n\ttouch ../marker\n' },
    expected: 'readsPayload',
    program: 'make',
  },
  {
    name: 'an include built at run time',
    command: 'make -C src',
    files: { 'src/Makefile': 'include $(shell echo inc).mk\nall:\n\techo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'an include of a file outside the workspace',
    command: 'make -C src',
    files: { 'src/Makefile': 'include /etc/hostname\nall:\n\techo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'SHELL set in the Makefile',
    command: 'make -C src',
    files: { 'src/Makefile': 'SHELL := ./run\nall:\n\techo hi\n', 'src/run': '#!/bin/sh\ntouch ../marker\n' },
    executable: ['src/run'],
    expected: 'failsClosed',
    program: 'make',
  },
  {
    name: 'SHELL set on the command line',
    command: 'make -C src SHELL=./run',
    files: { 'src/Makefile': 'all:\n\techo hi\n', 'src/run': '#!/bin/sh\ntouch ../marker\n' },
    executable: ['src/run'],
    expected: 'failsClosed',
    program: 'make',
  },
  {
    name: '.SHELLFLAGS',
    command: 'make -C src',
    files: { 'src/Makefile': '.SHELLFLAGS := --rcfile run -c\nall:\n\techo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'MAKEFLAGS in the Makefile',
    command: 'make -C src',
    files: { 'src/Makefile': 'MAKEFLAGS += --eval=x\nall:\n\techo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'MAKEFLAGS on the line',
    command: 'MAKEFLAGS=-fother.mk make -C src',
    files: { 'src/Makefile': 'all:\n\techo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'MAKEFILES on the line',
    command: 'MAKEFILES=src/x.mk make -C src',
    files: { 'src/Makefile': 'all:\n\techo hi\n' },
    expected: 'failsClosed',
  },
  {
    name: 'make --eval',
    command: "make -C src --eval='x:; touch ../marker' x",
    files: { 'src/Makefile': 'all:\n\techo hi\n' },
    expected: 'failsClosed',
    program: 'make',
  },
  {
    name: 'make -f a file of the workspace',
    command: 'make -f src/x.mk',
    files: { 'src/x.mk': 'all:\n\ttouch marker\n' },
    expected: 'readsPayload',
    program: 'make',
  },
  {
    name: 'a recipe variable set on the command line',
    command: "make -C src CMD='touch ../marker'",
    files: { 'src/Makefile': 'all:\n\t$(CMD)\n' },
    expected: 'readsPayload',
    program: 'make',
  },
  {
    name: 'a recipe whose command is built at run time',
    command: 'make -C src',
    files: { 'src/Makefile': 'all:\n\t$$(echo touch) ../marker\n' },
    expected: 'failsClosed',
    program: 'make',
  },
  {
    name: 'a PATH the Makefile exports to its recipes',
    command: 'make -C src',
    files: { 'src/Makefile': 'export PATH := ./bin:$(PATH)\nall:\n\tls\n' },
    expected: 'failsClosed',
  },
  {
    name: '$(eval) in a Makefile',
    command: 'make -C src',
    files: { 'src/Makefile': '$(eval x: ; touch ../marker)\nall: x\n' },
    expected: 'failsClosed',
  },
];

describeHiddenCode([['Makefile includes and settings', MAKEFILE_TECHNIQUES]]);
