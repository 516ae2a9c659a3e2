/**
 * Files that run code or steer an agent when something else reads them: CI workflows, git
 * hooks, agent settings and instructions, editor tasks, package manifests (their scripts run on
 * install) and build files. After untrusted content, a write to one is held (issue 36).
 */

/** Folders whose files all run or steer: a path with one of these as its leading components. */
const STEERING_FOLDERS: readonly (readonly string[])[] = [
  ['.github', 'workflows'],
  ['.github', 'actions'],
  ['.circleci'],
  ['.buildkite'],
  ['.git', 'hooks'],
  ['.husky'],
  ['.githooks'],
  ['.claude'],
  ['.codex'],
  ['.gemini'],
  ['.cursor'],
];

/** File names that run or steer wherever they are. */
const STEERING_NAMES: ReadonlySet<string> = new Set([
  '.gitlab-ci.yml',
  'Jenkinsfile',
  'azure-pipelines.yml',
  '.pre-commit-config.yaml',
  '.mcp.json',
  'CLAUDE.md',
  'AGENTS.md',
  'GEMINI.md',
  'package.json',
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  'composer.json',
  'build.rs',
  'Makefile',
  'makefile',
  'GNUmakefile',
  'justfile',
  'Justfile',
  'Taskfile.yml',
  'Taskfile.yaml',
]);

/** Paths that steer as a whole, relative to the workspace. */
const STEERING_PATHS: ReadonlySet<string> = new Set(['.vscode/tasks.json', '.vscode/settings.json']);

/** Whether a workspace path is a file that runs code or steers an agent. */
export function isCodeSteeringFile(relative: string): boolean {
  const parts = relative.split('/').filter((part) => part !== '' && part !== '.');
  const name = parts.at(-1) ?? '';
  if (STEERING_NAMES.has(name) || name.endsWith('.mk')) return true;
  if (STEERING_PATHS.has(parts.join('/'))) return true;
  // a nested folder counts too: a monorepo's packages/app/.claude is read by an agent started there
  return STEERING_FOLDERS.some((folder) =>
    parts.some((_, start) => folder.every((component, index) => parts[start + index] === component)),
  );
}
