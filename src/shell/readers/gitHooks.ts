import type { CommandEffects } from '../catalog/commandEffects';
import type { CommandReading } from '../catalog/commandReading';
import { staticWord, type ShellWord } from '../shellWord';

/** `git -C DIR` and `git -c core.hooksPath=DIR` before the subcommand: where the hooks are. */
function hooksFolder(words: readonly ShellWord[], subcommandIndex: number): string | undefined {
  let repository = '.';
  let hooks: string | undefined;
  for (let index = 1; index < subcommandIndex; index++) {
    const value = words[index]?.value;
    const next = words[index + 1]?.value;
    if (value === '-C') {
      if (next === undefined) return undefined;
      repository = next.startsWith('/') ? next : `${repository}/${next}`;
      index++;
    } else if (value === '-c') {
      if (next === undefined) return undefined;
      const equals = next.indexOf('=');
      if (equals !== -1 && next.slice(0, equals).toLowerCase() === 'core.hookspath') hooks = next.slice(equals + 1);
      index++;
    }
  }
  if (hooks === undefined) return `${repository}/.git/hooks`;
  return hooks.startsWith('/') || hooks.startsWith('~') ? hooks : `${repository}/${hooks}`;
}

/**
 * The hooks a git subcommand runs from the repository (`pre-commit` before a commit, `pre-push`
 * before a push; the spec names them): files an agent can write and then trigger. They are
 * listed as script runs, for the caller to read like any script the command runs by its path.
 */
export function gitHookRuns(effects: CommandEffects, reading: CommandReading): void {
  const hooks = reading.node?.spec.hooks;
  const end = reading.subcommandEnds[0];
  if (hooks === undefined || end === undefined) return;
  const folder = hooksFolder(reading.words, end - 1);
  if (folder === undefined) return;
  for (const hook of hooks) effects.scriptRuns.push({ word: staticWord(`${folder}/${hook}`), how: 'direct' });
}
