import { spawnSync } from 'node:child_process';

// Tests that run a technique for real, with the programs this machine has.

/** Whether bash finds the program on this machine; a real run is skipped where it does not. */
export const installed = (program: string): boolean => spawnSync('bash', ['-c', `command -v ${program}`]).status === 0;

/**
 * The environment git runs with in tests: no system or user config (a developer's hooks path,
 * aliases or signing would change what runs), and a fixed identity so commits succeed.
 */
export const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
} as const;
