/** Every file a package manager reads dependencies from or pins them in, lowercase. */
export const DEPENDENCY_MANIFESTS: ReadonlySet<string> = new Set([
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'bun.lockb',
  'bun.lock',
  'requirements.txt',
  'requirements.in',
  'constraints.txt',
  'pyproject.toml',
  'poetry.lock',
  'pdm.lock',
  'pipfile',
  'pipfile.lock',
  'setup.py',
  'setup.cfg',
  'uv.lock',
  'environment.yml',
  'cargo.toml',
  'cargo.lock',
  'go.mod',
  'go.sum',
  'gemfile',
  'gemfile.lock',
  'composer.json',
  'composer.lock',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  'gradle.lockfile',
]);

// requirements-dev.txt, requirements_test.txt, requirements.prod.txt, dev-requirements.txt
const REQUIREMENTS_VARIANT = /^(?:requirements[-_.].+|.+[-_]requirements)\.(?:txt|in)$/;

/**
 * The dependency manifest or lockfile a path names (its base name, or 'requirements/<name>.txt'),
 * or undefined; names are compared case-insensitively.
 * @example dependencyManifest('services/api/requirements-dev.txt') // 'requirements-dev.txt'
 */
export function dependencyManifest(filePath: string): string | undefined {
  const nameEnd = partEnd(filePath, filePath.length);
  if (nameEnd === 0) return undefined;
  const nameStart = partStart(filePath, nameEnd);
  const name = filePath.slice(nameStart, nameEnd);
  const lower = name.toLowerCase();
  if (DEPENDENCY_MANIFESTS.has(lower)) return name;
  // every other name ends in .txt or .in: the variants' pattern is tried on those alone
  if (!lower.endsWith('.txt') && !lower.endsWith('.in')) return undefined;
  if (REQUIREMENTS_VARIANT.test(lower)) return name;
  const folderEnd = partEnd(filePath, nameStart);
  const folder = filePath.slice(partStart(filePath, folderEnd), folderEnd);
  return folderEnd > 0 && folder.toLowerCase() === 'requirements' ? `${folder}/${name}` : undefined;
}

// the parts of a path are what lies between '/' and '\' separators, empty ones skipped, read from the end with no split
const isSeparator = (code: number): boolean => code === 47 || code === 92;

/** Where the last part ending at or before `end` ends: past the separators before `end`; 0 when there is none. */
function partEnd(text: string, end: number): number {
  let at = end;
  while (at > 0 && isSeparator(text.charCodeAt(at - 1))) at -= 1;
  return at;
}

/** Where the part ending at `end` starts. */
function partStart(text: string, end: number): number {
  let at = end;
  while (at > 0 && !isSeparator(text.charCodeAt(at - 1))) at -= 1;
  return at;
}
