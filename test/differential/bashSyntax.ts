import { spawnSync } from 'node:child_process';

/**
 * Whether bash itself accepts a script's syntax: `bash -n` reads the script and never runs it.
 * Undefined when bash cannot be started, so callers keep their strict reading.
 */
export function bashAcceptsSyntax(script: string): boolean | undefined {
  const result = spawnSync('bash', ['-n', '-c', script], { stdio: 'ignore', timeout: 5000 });
  if (result.error !== undefined || result.status === null) return undefined;
  return result.status === 0;
}
