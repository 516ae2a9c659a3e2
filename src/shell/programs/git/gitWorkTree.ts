import type { CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import { ANY_FILE_BELOW, controlFilesFinding, filesBelow } from '../../catalog/filesBelowFolder';
import type { ShellWord } from '../../words/shellWord';
import { inGitFolder } from './gitFolder';
import { pathspecEffect, pathspecFileEffects, separatorAt } from './gitArguments';
import { subcommandFromTop } from './gitFromTop';
import { givenToSubcommand, subcommandOptions } from './gitOptions';

// Subcommands that rewrite the work tree by a ref: a checkout of a branch, a merge, a rebase.
// They change files the line does not name, so the work tree counts as a possible write, which
// the scope check and the sandbox then judge. git rewrites the whole work tree, from the
// repository's top, wherever in it it runs: the write is noted in the folder git runs in, and
// read again from the top (gitFromTop.ts), which only the repository on disk can tell.

// The files such a write changes are named by no word: they stand as any file below the folder
// (filesBelowFolder.ts), which a scope that holds the work tree covers and a narrower one does not.

// what brings the files, where it is not the subcommand itself
const WRITTEN_BY: Readonly<Record<string, string>> = {
  'git pull': "the commits 'git pull' fetches",
  'git merge': "the commits 'git merge' brings",
  'git rebase': "the commits 'git rebase' replays",
  'git cherry-pick': "the commits 'git cherry-pick' applies",
};

/** What a subcommand writes into the work tree, for the sentence that says why it is a possible write. */
const APPLIED: Readonly<Record<string, string>> = {
  merge: 'the files of the commits it merges',
  'cherry-pick': 'the changes of the commits it applies',
  revert: 'the changes that undo the commits it reverts',
  rebase: 'the files of the commits it replays',
  pull: 'the files of the commits it fetches and merges',
  'filter-branch': 'the files of the history it rewrites',
};

// the options with which a subcommand that applies commits leaves the work tree alone
const LEAVES_WORK_TREE: Readonly<Record<string, readonly string[]>> = {
  merge: ['--continue', '--quit'],
  'cherry-pick': ['--quit'],
  revert: ['--quit'],
  rebase: ['--quit', '--edit-todo', '--show-current-patch'],
};

// the option with which it puts the work tree back as it was before it began
const PUTS_BACK = ['--abort'];

const SPARSE_REWRITES: ReadonlySet<string> = new Set(['init', 'set', 'add', 'reapply', 'disable']);
const BISECT_CHECKOUTS: ReadonlySet<string> = new Set([
  'start',
  'bad',
  'good',
  'new',
  'old',
  'skip',
  'reset',
  'replay',
  'run',
]);

const shown = (word: ShellWord | undefined): string => word?.value ?? word?.source ?? '';

/**
 * The work tree as a possible overwrite: `why` completes "it counts as a possible write because
 * ...". The files it brings may be intentgate's control files, which a human must allow
 * (FS_CONFIG_SECRETS); a guess, since the sandbox keeps them read-only for a contained command.
 */
function rewritesWorkTree(
  effects: CommandEffects,
  reading: CommandReading,
  why: string,
  form: readonly string[] = [],
): void {
  effects.paths.push({ word: inGitFolder(ANY_FILE_BELOW, reading), role: 'overwrite', assumed: why });
  const line = `git ${reading.subcommands.map(shown).join(' ')}`;
  const writer = WRITTEN_BY[line] ?? `'${line}'`;
  effects.findings.push(controlFilesFinding(line, reading.command, `${writer} may write any file of the work tree`));
  subcommandFromTop(effects, reading, form);
}

/** The overwrite of the work tree's files a command surely changes, which it does not name (`git checkout -f`, `git reset --hard`). */
export function overwritesWorkTree(
  effects: CommandEffects,
  reading: CommandReading,
  form: readonly string[] = [],
): void {
  const flags = subcommandOptions(reading).filter((option) => option.value === undefined);
  const line = ['git', ...reading.subcommands.map(shown), ...flags.map((option) => option.name)].join(' ');
  rewritesWorkTree(effects, reading, `'${line}' overwrites files of the work tree, which the line does not name`, form);
}

/** `form`: the words before the ref that make the line switch to it (`-b NEW` of `git checkout -b NEW REF`). */
function switchesTo(
  effects: CommandEffects,
  reading: CommandReading,
  ref: ShellWord,
  form: readonly string[] = [],
): void {
  const subcommand = shown(reading.subcommands[0]);
  rewritesWorkTree(
    effects,
    reading,
    `'git ${subcommand}' changes the work tree to the files of '${shown(ref)}', which the line does not name`,
    [...form, shown(ref)],
  );
}

/** An option given to the subcommand with its value, as words (`-b NEW`), or none. */
function valuedOption(reading: CommandReading, names: readonly string[]): string[] {
  const option = subcommandOptions(reading).find((given) => names.includes(given.name));
  return option === undefined ? [] : [option.name, shown(option.value)];
}

// a lone operand that looks like a file (`a.md`, `./x`, `.env`) rather than a branch or a tag (`v1.2`)
const FILE_LIKE = /(?:^|\/)\.|\.[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*$/;

/**
 * `git checkout [TREE-ISH] [--] PATHS` overwrites the paths: those after `--`, every operand
 * after the first, or a lone operand that looks like a file; `-f` overwrites the whole tree. A
 * lone operand that looks like a branch, or the start of a new branch (`-b x origin/x`),
 * changes the work tree to that commit's files; a new branch from HEAD changes none.
 */
export function checkoutPaths(effects: CommandEffects, reading: CommandReading): void {
  const dashDash = separatorAt(reading);
  if (dashDash !== undefined) {
    const paths = reading.words.slice(dashDash + 1);
    if (paths.length === 0) overwritesWorkTree(effects, reading, ['--']);
    for (const path of paths) pathspecEffect(effects, reading, path, 'overwrite');
    return;
  }
  if (givenToSubcommand(reading, ['--pathspec-from-file'])) {
    pathspecFileEffects(effects, reading, 'overwrite');
    return;
  }
  if (givenToSubcommand(reading, ['-f', '--force'])) {
    overwritesWorkTree(effects, reading);
    return;
  }
  const [first, ...rest] = reading.operands;
  if (givenToSubcommand(reading, ['-p', '--patch'])) {
    rewritesWorkTree(effects, reading, "'git checkout --patch' discards the changes chosen at its prompt");
    return;
  }
  // -b/-B/--orphan name a new branch: it starts from the operand, or from HEAD without one
  if (givenToSubcommand(reading, ['-b', '-B', '--orphan'])) {
    if (first !== undefined) switchesTo(effects, reading, first, valuedOption(reading, ['-b', '-B', '--orphan']));
    return;
  }
  if (rest.length > 0) {
    for (const path of rest) pathspecEffect(effects, reading, path, 'overwrite');
    return;
  }
  if (first === undefined) return;
  // '.' is no ref's name: the folder's files, restored from the index
  if (filesBelow(first) !== undefined) pathspecEffect(effects, reading, first, 'overwrite');
  else if (first.value !== undefined && FILE_LIKE.test(first.value))
    effects.paths.push({
      word: inGitFolder(first, reading),
      role: 'overwrite',
      assumed: "'git checkout' restores a file of that name when it is not a branch",
    });
  else switchesTo(effects, reading, first);
}

/**
 * `git switch BRANCH` changes the work tree to the branch's files; `--orphan` removes the
 * tracked ones; `-f` overwrites local changes too. A new branch from HEAD (`-c x`) changes none.
 */
function switchPaths(effects: CommandEffects, reading: CommandReading): void {
  if (givenToSubcommand(reading, ['-f', '--force', '--discard-changes'])) overwritesWorkTree(effects, reading);
  else if (givenToSubcommand(reading, ['--orphan']))
    rewritesWorkTree(
      effects,
      reading,
      "'git switch --orphan' removes the tracked files from the work tree",
      valuedOption(reading, ['--orphan']),
    );
  else if (reading.operands[0] !== undefined) switchesTo(effects, reading, reading.operands[0]);
}

/** A subcommand that applies commits to the work tree, unless an option says it only ends or shows its work. */
function appliesCommits(effects: CommandEffects, reading: CommandReading, subcommand: string): void {
  if (givenToSubcommand(reading, LEAVES_WORK_TREE[subcommand] ?? [])) return;
  const what = givenToSubcommand(reading, PUTS_BACK)
    ? 'puts back the files it had changed'
    : `writes into the work tree ${APPLIED[subcommand] ?? 'the files of other commits'}`;
  rewritesWorkTree(effects, reading, `'git ${subcommand}' ${what}, which the line does not name`);
}

/**
 * The files a subcommand that rewrites the work tree by a ref changes, beyond those it names:
 * checkout, switch, merge, cherry-pick, revert, rebase, pull, filter-branch, sparse-checkout,
 * bisect and submodule update; false for any other subcommand, whose paths are not read here.
 */
export function workTreeRewrites(effects: CommandEffects, reading: CommandReading): boolean {
  const subcommand = reading.subcommands[0]?.value ?? '';
  const action = reading.subcommands[1]?.value ?? '';
  switch (subcommand) {
    case 'checkout':
      checkoutPaths(effects, reading);
      return true;
    case 'switch':
      switchPaths(effects, reading);
      return true;
    case 'sparse-checkout':
      if (SPARSE_REWRITES.has(action))
        rewritesWorkTree(
          effects,
          reading,
          `'git sparse-checkout ${action}' adds and removes files of the work tree by its patterns`,
        );
      return true;
    case 'bisect':
      if (BISECT_CHECKOUTS.has(action))
        rewritesWorkTree(effects, reading, `'git bisect ${action}' checks out the commits it tests`);
      return true;
    case 'submodule':
      if (action !== 'update') return false;
      if (reading.operands.length === 0)
        rewritesWorkTree(effects, reading, "'git submodule update' checks out each submodule's commit");
      for (const path of reading.operands) pathspecEffect(effects, reading, path, 'overwrite');
      return true;
    default:
      if (APPLIED[subcommand] === undefined) return false;
      appliesCommits(effects, reading, subcommand);
      return true;
  }
}
