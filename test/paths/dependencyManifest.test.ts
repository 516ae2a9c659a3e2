import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEPENDENCY_MANIFESTS, dependencyManifest } from '../../src/paths/dependencyManifest';

interface Case {
  readonly name: string;
  readonly path: string;
  readonly expected: string | undefined;
}

const cases: readonly Case[] = [
  { name: 'finds package.json', path: 'package.json', expected: 'package.json' },
  { name: 'finds package-lock.json in a subfolder', path: 'apps/web/package-lock.json', expected: 'package-lock.json' },
  { name: 'finds npm-shrinkwrap.json', path: 'npm-shrinkwrap.json', expected: 'npm-shrinkwrap.json' },
  { name: 'finds yarn.lock', path: 'yarn.lock', expected: 'yarn.lock' },
  { name: 'finds pnpm-lock.yaml', path: 'pnpm-lock.yaml', expected: 'pnpm-lock.yaml' },
  { name: 'finds bun.lockb and bun.lock', path: 'bun.lockb', expected: 'bun.lockb' },
  { name: 'finds requirements.txt', path: 'requirements.txt', expected: 'requirements.txt' },
  { name: 'finds requirements-dev.txt', path: 'services/api/requirements-dev.txt', expected: 'requirements-dev.txt' },
  { name: 'finds dev-requirements.txt', path: 'dev-requirements.txt', expected: 'dev-requirements.txt' },
  {
    name: 'finds requirements/*.txt with its folder',
    path: 'requirements/base.txt',
    expected: 'requirements/base.txt',
  },
  { name: 'finds constraints.txt', path: 'constraints.txt', expected: 'constraints.txt' },
  { name: 'finds pyproject.toml', path: 'pyproject.toml', expected: 'pyproject.toml' },
  { name: 'finds poetry.lock', path: 'poetry.lock', expected: 'poetry.lock' },
  { name: 'finds Pipfile and Pipfile.lock', path: 'Pipfile.lock', expected: 'Pipfile.lock' },
  { name: 'finds setup.py and setup.cfg', path: 'setup.py', expected: 'setup.py' },
  { name: 'finds uv.lock', path: 'uv.lock', expected: 'uv.lock' },
  { name: 'finds Cargo.toml', path: 'crates/core/Cargo.toml', expected: 'Cargo.toml' },
  { name: 'finds Cargo.lock', path: 'Cargo.lock', expected: 'Cargo.lock' },
  { name: 'finds go.mod', path: 'go.mod', expected: 'go.mod' },
  { name: 'finds go.sum', path: 'go.sum', expected: 'go.sum' },
  { name: 'finds Gemfile', path: 'Gemfile', expected: 'Gemfile' },
  { name: 'finds Gemfile.lock', path: 'Gemfile.lock', expected: 'Gemfile.lock' },
  { name: 'finds composer.json', path: 'composer.json', expected: 'composer.json' },
  { name: 'finds composer.lock', path: 'composer.lock', expected: 'composer.lock' },
  { name: 'finds pom.xml', path: 'backend/pom.xml', expected: 'pom.xml' },
  { name: 'finds build.gradle', path: 'build.gradle', expected: 'build.gradle' },
  { name: 'finds build.gradle.kts', path: 'app/build.gradle.kts', expected: 'build.gradle.kts' },
  { name: 'finds gradle.lockfile', path: 'gradle.lockfile', expected: 'gradle.lockfile' },
  { name: 'finds a manifest behind backslashes', path: 'apps\\web\\package.json', expected: 'package.json' },
  { name: 'finds a manifest case-insensitively, as written', path: 'PACKAGE.JSON', expected: 'PACKAGE.JSON' },
  { name: 'ignores a backup copy', path: 'package.json.bak', expected: undefined },
  { name: 'ignores packages.json', path: 'packages.json', expected: undefined },
  { name: 'ignores a folder named requirements', path: 'requirements', expected: undefined },
  { name: 'ignores a source file named after a manifest', path: 'src/go.mod.ts', expected: undefined },
  { name: 'ignores a manifest name used as a folder', path: 'package.json/readme.md', expected: undefined },
  { name: 'ignores an empty path', path: '', expected: undefined },
];

describe('dependencyManifest', () => {
  it.each(cases)('$name', ({ path, expected }) => {
    expect(dependencyManifest(path)).toBe(expected);
  });

  // the reading by parts, as split at separators with empty parts dropped: the scan from the end must agree with it
  const byParts = (filePath: string): string | undefined => {
    const parts = filePath.split(/[\\/]/).filter((part) => part !== '');
    const name = parts.at(-1);
    if (name === undefined) return undefined;
    const lower = name.toLowerCase();
    if (DEPENDENCY_MANIFESTS.has(lower) || /^(?:requirements[-_.].+|.+[-_]requirements)\.(?:txt|in)$/.test(lower))
      return name;
    const folder = parts.at(-2);
    return folder?.toLowerCase() === 'requirements' && (lower.endsWith('.txt') || lower.endsWith('.in'))
      ? `${folder}/${name}`
      : undefined;
  };

  it('names the file of the last parts of a path, whatever the separators', () => {
    const part = fc.constantFrom(
      '',
      'requirements',
      'Requirements',
      'base.txt',
      'dev.IN',
      'package.json',
      'requirements-dev.txt',
      'x',
      'a b',
    );
    const separator = fc.constantFrom('/', '\\', '//', '\\/');
    const written = fc.array(fc.tuple(part, separator), { maxLength: 5 }).map((pairs) => pairs.flat().join(''));
    fc.assert(
      fc.property(
        fc.oneof(
          written,
          written.map((text) => text.replace(/[\\/]+$/, '')),
        ),
        (filePath) => {
          expect(dependencyManifest(filePath)).toBe(byParts(filePath));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
