import { describe, expect, it } from 'vitest';
import { makeRecipeText, MAX_RECIPE_TEXT } from '../../src/shell/programs/make/makefileRecipes';

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
      makeRecipeText(MAKEFILE, targets)
        ?.split('\n(')
        .map((line, index) => (index === 0 ? line : `(${line}`)),
    ).toEqual(lines);
  });

  it('returns undefined for a Makefile with no rule and no read-time command', () => {
    expect(makeRecipeText('X = 1\n', ['all'])).toBeUndefined();
  });

  it('reads a target that depends on itself once', () => {
    expect(makeRecipeText('a: b\n\techo a\nb: a\n\techo b\n', ['a'])).toBe('( echo b\n)\n( echo a\n)');
  });

  it(`stops collecting past ${MAX_RECIPE_TEXT} characters of recipes`, () => {
    const text = `all:\n${'\techo 0123456789012345678901234567890123456789\n'.repeat(4000)}`;
    expect(makeRecipeText(text, [])?.length).toBeLessThanOrEqual(MAX_RECIPE_TEXT + 4 * 4000);
  });

  it('bounds variables that reference each other exponentially', () => {
    const levels = ['A = xxxxxxxxxx'];
    for (const [index, name] of ['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].entries())
      levels.push(`${name} = ${`$(${'ABCDEFGH'[index]})`.repeat(10)}`);
    // ten references a level, eight levels: 10^9 characters if expanded in full
    const text = makeRecipeText(`${levels.join('\n')}\nall:\n\techo $(I)\n`, []);
    expect(text?.length).toBeLessThanOrEqual(MAX_RECIPE_TEXT + 100);
    expect(text).toContain('${MAKE_TOO_LONG}');
  });

  it('bounds references to empty variables, which produce nothing but still cost a visit', () => {
    const levels = ['B ='];
    for (const [index, name] of ['C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].entries())
      levels.push(`${name} = ${`$(${'BCDEFGHI'[index]})`.repeat(10)}`);
    expect(makeRecipeText(`${levels.join('\n')}\nall:\n\techo $(J)\n`, [])).toContain('${MAKE_TOO_LONG}');
  });

  it('stops opening $(shell ...) nested deeper than the expansion limit', () => {
    expect(makeRecipeText(`all:\n\techo ${'$(shell '.repeat(5000)}x${')'.repeat(5000)}\n`, [])).toContain(
      '${MAKE_VARIABLE}',
    );
  });
});
