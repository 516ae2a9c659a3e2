import { describe, it } from 'vitest';
import { DEPS, EXEC, expectCategories, GIT, NET, ONLY_EXEC, type CategoryCase } from '../support';

// Python package managers and tools (src/shell/programs/python/pythonSpecs.ts): installs change
// dependencies over the network, uploads publish, queries only read.

describe('python package managers', () => {
  it.each<CategoryCase>([
    { name: 'skips pip --quiet before install', command: 'pip --quiet install requests', expected: [DEPS, NET, EXEC] },
    {
      name: 'reads python3 -m pip install as pip install',
      command: 'python3 -m pip install x',
      expected: [DEPS, NET, EXEC],
    },
    {
      name: 'reads python -m pip --quiet install as pip install',
      command: 'python -m pip --quiet install x',
      expected: [DEPS, NET, EXEC],
    },
    { name: 'reads uv pip install', command: 'uv pip install httpx', expected: [DEPS, NET, EXEC] },
    { name: 'reads poetry add', command: 'poetry add requests', expected: [DEPS, NET, EXEC] },
    { name: 'reads twine upload', command: 'twine upload dist/*', expected: [GIT, NET, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([{ name: 'treats pip list as a query', command: 'pip list', expected: ONLY_EXEC }])(
    '$name',
    expectCategories,
  );
});
