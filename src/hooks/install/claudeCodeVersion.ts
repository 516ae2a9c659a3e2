import { execFileSync } from 'node:child_process';

/** The first Claude Code release whose hooks take `onFailure: "block"`: a hook that crashes or times out then blocks. */
export const CLAUDE_ON_FAILURE_SINCE = '2.1.295';

/** A version's three numbers, or undefined when the text holds none. */
export function parseVersion(text: string): readonly [number, number, number] | undefined {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match === null ? undefined : [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether `version` is `since` or later; a version that cannot be read is not. */
export function isAtLeast(version: string | undefined, since: string): boolean {
  const have = version === undefined ? undefined : parseVersion(version);
  const want = parseVersion(since);
  if (have === undefined || want === undefined) return false;
  for (let i = 0; i < 3; i += 1) if (have[i] !== want[i]) return (have[i] ?? 0) > (want[i] ?? 0);
  return true;
}

/** The version `claude --version` prints, or undefined when Claude Code cannot be run. */
export function installedClaudeVersion(env: NodeJS.ProcessEnv): string | undefined {
  try {
    const out = execFileSync('claude', ['--version'], {
      env,
      encoding: 'utf8',
      timeout: 15_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const version = parseVersion(out);
    return version === undefined ? undefined : version.join('.');
  } catch {
    return undefined;
  }
}
