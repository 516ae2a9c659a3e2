import type { AnalysisContext } from './analysisContext';
import type { CommandCall } from './commandCall';
import { staticWord } from './shellWord';

/**
 * The hooks a git subcommand runs from the repository (`.git/hooks/pre-commit` before a commit,
 * `pre-push` before a push): files an agent can write and then trigger. They are listed as script
 * runs, for the caller to read like any script the command runs by its path.
 */
const HOOKS_BY_SUBCOMMAND: ReadonlyMap<string, readonly string[]> = new Map([
  ['commit', ['pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit', 'post-index-change']],
  ['push', ['pre-push', 'reference-transaction']],
  ['merge', ['pre-merge-commit', 'prepare-commit-msg', 'commit-msg', 'post-merge']],
  ['pull', ['pre-merge-commit', 'prepare-commit-msg', 'commit-msg', 'post-merge', 'post-rewrite']],
  ['rebase', ['pre-rebase', 'post-rewrite', 'post-checkout']],
  ['checkout', ['post-checkout']],
  ['switch', ['post-checkout']],
  ['clone', ['post-checkout']],
  ['am', ['applypatch-msg', 'pre-applypatch', 'post-applypatch']],
  ['cherry-pick', ['prepare-commit-msg', 'commit-msg', 'post-commit']],
  ['revert', ['prepare-commit-msg', 'commit-msg', 'post-commit']],
  ['gc', ['pre-auto-gc']],
]);

/** `git -C DIR` and `git -c core.hooksPath=DIR` before the subcommand: where the hooks are. */
function hooksFolder(call: CommandCall, subcommandIndex: number): string | undefined {
  let repository = '.';
  let hooks: string | undefined;
  for (let index = 1; index < subcommandIndex; index++) {
    const value = call.words[index]?.value;
    const next = call.words[index + 1]?.value;
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

/** Lists the hook files `git SUBCOMMAND` runs; `subcommandIndex` is the subcommand word's index. */
export function noteGitHooks(call: CommandCall, subcommand: string, subcommandIndex: number, context: AnalysisContext): void {
  const hooks = HOOKS_BY_SUBCOMMAND.get(subcommand);
  if (hooks === undefined) return;
  const folder = hooksFolder(call, subcommandIndex);
  if (folder === undefined) return;
  for (const hook of hooks) context.noteScriptRun(staticWord(`${folder}/${hook}`), 'direct');
}
