/** Every file a package manager reads dependencies from or pins them in, lowercase. */
export const DEPENDENCY_MANIFESTS: ReadonlySet<string> = new Set([
  'package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'bun.lockb', 'bun.lock',
  'requirements.txt', 'requirements.in', 'constraints.txt', 'pyproject.toml', 'poetry.lock', 'pdm.lock', 'pipfile', 'pipfile.lock',
  'setup.py', 'setup.cfg', 'uv.lock', 'environment.yml',
  'cargo.toml', 'cargo.lock', 'go.mod', 'go.sum', 'gemfile', 'gemfile.lock', 'composer.json', 'composer.lock',
  'pom.xml', 'build.gradle', 'build.gradle.kts', 'gradle.lockfile',
]);

// requirements-dev.txt, requirements_test.txt, requirements.prod.txt, dev-requirements.txt
const REQUIREMENTS_VARIANT = /^(?:requirements[-_.].+|.+[-_]requirements)\.(?:txt|in)$/;

/**
 * The dependency manifest or lockfile a path names (its base name, or 'requirements/<name>.txt'),
 * or undefined; names are compared case-insensitively.
 * @example dependencyManifest('services/api/requirements-dev.txt') // 'requirements-dev.txt'
 */
export function dependencyManifest(filePath: string): string | undefined {
  const parts = filePath.split(/[\\/]/).filter((part) => part !== '');
  const name = parts.at(-1);
  if (name === undefined) return undefined;
  const lower = name.toLowerCase();
  if (DEPENDENCY_MANIFESTS.has(lower) || REQUIREMENTS_VARIANT.test(lower)) return name;
  const folder = parts.at(-2);
  if (folder?.toLowerCase() === 'requirements' && (lower.endsWith('.txt') || lower.endsWith('.in'))) return `${folder}/${name}`;
  return undefined;
}
