import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorize, IntentGateError, RISK_CATEGORIES } from '../../src/index';
import { BUILTIN_CATALOG } from '../../src/shell/programs/builtinCatalog';
import { makeRecipeText, MAX_RECIPE_TEXT } from '../../src/shell/programs/make/makefileRecipes';
import { makeWorkspace } from '../support/workspace';

// make run with the built-in families' variables that choose code
const BUILTIN_MAKE = { environment: BUILTIN_CATALOG.code.environment };

// text that looks like a Makefile often enough to reach rules, recipes, variables and references
const makefileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'all: build\n',
        'build:\n',
        '\techo $(X) $$HOME $@\n',
        'X := $(shell id)\n',
        'Y != date\n',
        'define Z\n',
        'endef\n',
        'ifeq (a,b)\n',
        'endif\n',
        '\\\n',
        '$(',
        '${',
        '\t',
        ':',
        '=',
      ),
      fc.string({ maxLength: 20 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('reading the files a command runs', () => {
  it('reads any Makefile text without throwing, within the recipe limit', () => {
    fc.assert(
      fc.property(makefileText, fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), (text, targets) => {
        const recipes = makeRecipeText(text, targets, BUILTIN_MAKE);
        if (recipes !== undefined) expect(recipes.length).toBeLessThanOrEqual(2 * MAX_RECIPE_TEXT + text.length);
      }),
      { numRuns: 500 },
    );
  });

  it('categorizes commands that run any Makefile, package.json or script without throwing anything but the typed error', () => {
    const root = makeWorkspace({ orchestration: false });
    fc.assert(
      fc.property(
        makefileText,
        fc.string({ maxLength: 200 }),
        fc.string({ maxLength: 200 }),
        fc.constantFrom('make', 'make all', 'npm run build', 'yarn x', 'bash x.sh', './x.sh', 'source x.sh'),
        (makefile, packageJson, script, command) => {
          writeFileSync(path.join(root, 'Makefile'), makefile);
          writeFileSync(
            path.join(root, 'package.json'),
            packageJson.startsWith('{')
              ? packageJson
              : `{"scripts":{"build":${JSON.stringify(script)},"x":${JSON.stringify(packageJson)}}}`,
          );
          writeFileSync(path.join(root, 'x.sh'), script);
          try {
            const result = categorize('shell', { command }, { workspaceRoot: root });
            for (const category of result.categories) expect(RISK_CATEGORIES).toContain(category);
            expect(result.categories).toContain('EXEC_ARBITRARY');
          } catch (error) {
            expect(error).toBeInstanceOf(IntentGateError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
