import { describe, expect, it } from 'vitest';
import { isCodeSteeringFile } from '../../src/flow/codeSteeringFiles';

const steering = [
  '.github/workflows/release.yml',
  '.github/actions/setup/action.yml',
  '.gitlab-ci.yml',
  '.circleci/config.yml',
  '.git/hooks/pre-commit',
  '.husky/pre-push',
  '.claude/settings.json',
  '.codex/config.toml',
  '.gemini/settings.json',
  '.cursor/rules/x.mdc',
  '.mcp.json',
  'CLAUDE.md',
  'AGENTS.md',
  'GEMINI.md',
  '.vscode/tasks.json',
  'package.json',
  'packages/app/package.json',
  'packages/app/.claude/settings.json',
  'pyproject.toml',
  'setup.py',
  'Makefile',
  'build/rules.mk',
  'justfile',
  'Taskfile.yml',
];

const plain = [
  'src/a.ts',
  'README.md',
  'docs/workflows.md',
  'github/workflows/x.yml',
  'package-lock.json',
  '.env',
  'claude.txt',
];

describe('files that run code or steer an agent', () => {
  it.each(steering)('%s is one', (file) => expect(isCodeSteeringFile(file)).toBe(true));
  it.each(plain)('%s is not', (file) => expect(isCodeSteeringFile(file)).toBe(false));
});
