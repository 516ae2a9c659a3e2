import { describe, it } from 'vitest';
import { DEPS, EXEC, expectCategories, GIT, NET, ONLY_EXEC, type CategoryCase } from '../support';

// System and language package managers beside npm and pip (src/shell/programs/packageManagers/
// packageManagerSpecs.ts): installs and updates change dependencies, most of them over the
// network; publishing is a publish; searches and listings are reads.

describe('system and language package managers', () => {
  it.each<CategoryCase>([
    { name: 'reads go mod tidy', command: 'go mod tidy', expected: [DEPS, NET, EXEC] },
    { name: 'reads apt-get install', command: 'apt-get install -y jq', expected: [DEPS, NET, EXEC] },
    { name: 'reads pacman -Syu', command: 'pacman -Syu', expected: [DEPS, NET, EXEC] },
    { name: 'reads dpkg -i as an install without network', command: 'dpkg -i x.deb', expected: [DEPS, EXEC] },
    { name: 'reads cargo publish', command: 'cargo publish', expected: [GIT, NET, EXEC] },
  ])('$name', expectCategories);

  it.each<CategoryCase>([{ name: 'treats pacman -Ss as a search', command: 'pacman -Ss git', expected: ONLY_EXEC }])(
    '$name',
    expectCategories,
  );
});
