// The hooks each git subcommand may run from the repository (githooks(5)), as data: git's
// knowledge, read by its own reader (gitHooks.ts), so the spec language names no hook.

const REF = 'reference-transaction';
const INDEX = 'post-index-change';
const AUTO_GC = 'pre-auto-gc';
const COMMIT_HOOKS = ['pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit'];
const MERGE_HOOKS = ['pre-merge-commit', 'prepare-commit-msg', 'commit-msg', 'post-merge'];
const REBASE_HOOKS = ['pre-rebase', 'post-checkout', 'post-commit', 'post-rewrite', 'prepare-commit-msg', 'commit-msg'];

/**
 * The hooks each subcommand may run, checked for real with git 2.39: a hook that writes a
 * marker, each subcommand run once (test/shell/programs/gitHooks.test.ts). Any change to a ref
 * runs `reference-transaction`, any write of the index `post-index-change` (`git status`
 * refreshes it), and the commands that may start an automatic gc `pre-auto-gc`. A subcommand's
 * hooks hold for its own subcommands (`git stash pop`).
 */
const SUBCOMMAND_HOOKS: Readonly<Record<string, readonly string[]>> = {
  status: [INDEX],
  add: [INDEX],
  rm: [INDEX],
  mv: [INDEX],
  apply: [INDEX],
  reset: [INDEX, REF],
  restore: ['post-checkout', INDEX],
  checkout: ['post-checkout', INDEX, REF],
  switch: ['post-checkout', INDEX, REF],
  commit: [...COMMIT_HOOKS, INDEX, REF, 'post-rewrite', AUTO_GC],
  merge: [...MERGE_HOOKS, INDEX, REF, AUTO_GC],
  pull: [...MERGE_HOOKS, ...REBASE_HOOKS, INDEX, REF, AUTO_GC],
  rebase: [...REBASE_HOOKS, INDEX, REF, AUTO_GC],
  'cherry-pick': ['prepare-commit-msg', 'commit-msg', 'post-commit', INDEX, REF],
  revert: ['prepare-commit-msg', 'commit-msg', 'post-commit', INDEX, REF],
  am: ['applypatch-msg', 'pre-applypatch', 'post-applypatch', INDEX, REF, 'post-rewrite', AUTO_GC],
  stash: [INDEX, REF],
  branch: [REF],
  tag: [REF],
  'update-ref': [REF],
  'symbolic-ref': [REF],
  notes: [REF],
  remote: [REF],
  fetch: [REF, AUTO_GC],
  push: ['pre-push', REF],
  gc: [REF, AUTO_GC],
  maintenance: [REF, AUTO_GC],
  bisect: ['post-checkout', INDEX, REF],
  worktree: ['post-checkout', INDEX, REF],
  submodule: ['post-checkout', INDEX, REF],
  'filter-branch': ['post-checkout', INDEX, REF],
  'sparse-checkout': [INDEX],
};

// each list once, without repeats, made on first use
const DISTINCT = new Map<string, readonly string[]>();

/**
 * The hooks a command may run, by its program and subcommand names as the catalog read them
 * (`['git', 'stash', 'pop']`): its first subcommand's, for git and for hub, which runs git's.
 */
export function subcommandHooks(path: readonly string[]): readonly string[] {
  const subcommand = path[1];
  if (subcommand === undefined || !Object.hasOwn(SUBCOMMAND_HOOKS, subcommand)) return [];
  let hooks = DISTINCT.get(subcommand);
  if (hooks === undefined) DISTINCT.set(subcommand, (hooks = [...new Set(SUBCOMMAND_HOOKS[subcommand])]));
  return hooks;
}
