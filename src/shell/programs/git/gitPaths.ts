import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import { writesFilesBelow } from '../../catalog/filesBelowFolder';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { inGitFolder } from './gitFolder';
import { gitArgumentEffects } from './gitArguments';
import { subcommandFromTop } from './gitFromTop';
import { givenToSubcommand } from './gitOptions';
import { overwritesWorkTree, workTreeRewrites } from './gitWorkTree';

const DOT = staticWord('.');
const STASH_REF = staticWord('.git/refs/stash');

/** The ref file a branch name stands for: losing it loses the commits only it reaches. */
function branchRef(word: ShellWord): ShellWord {
  return word.value === undefined ? word : { ...staticWord(`.git/refs/heads/${word.value}`), source: word.source };
}

/**
 * `git branch -D` (or -d --force) deletes branches; -M / -C (or -m/-c --force) overwrite the
 * target; `git branch -f NAME [START]` moves NAME to START, losing the commits only it reached.
 */
function branchPaths(effects: CommandEffects, reading: CommandReading): void {
  const force = givenToSubcommand(reading, ['-f', '--force']);
  const names = reading.operands.map(branchRef);
  const deletes = givenToSubcommand(reading, ['-D']) || (force && givenToSubcommand(reading, ['-d', '--delete']));
  if (deletes) for (const word of names) effects.paths.push({ word: inGitFolder(word, reading), role: 'delete' });
  const last = names[names.length - 1];
  const renames = givenToSubcommand(reading, ['-m', '--move', '-c', '--copy']);
  const moves = givenToSubcommand(reading, ['-M', '-C']) || (force && renames);
  if (moves && last !== undefined) effects.paths.push({ word: inGitFolder(last, reading), role: 'overwrite' });
  const resets = force && !deletes && !moves && !renames;
  if (resets && names[0] !== undefined) effects.paths.push({ word: inGitFolder(names[0], reading), role: 'overwrite' });
}

/** `git clone URL` with no folder makes one named after the repository, here. */
function cloneTarget(effects: CommandEffects, reading: CommandReading): void {
  if (reading.operands.length !== 1) return;
  const url = reading.operands[0]?.value;
  const name =
    url === undefined
      ? undefined
      : url
          .replace(/\/+$/, '')
          .replace(/\.git$/, '')
          .split(/[/:]/)
          .pop();
  effects.paths.push({
    word:
      name === undefined || name === ''
        ? { value: undefined, literal: undefined, source: reading.operands[0]?.source ?? '' }
        : staticWord(name),
    role: 'write',
  });
}

// the options with which apply and am change no file: they check, show or end the work
const PATCH_SHOWS = [
  '--check',
  '--stat',
  '--numstat',
  '--summary',
  '--cached',
  '--abort',
  '--quit',
  '--show-current-patch',
];

/**
 * The stash's pop, apply, branch and save change the work tree; drop and clear lose the stashed
 * work for good. A push with no pathspec (`git stash`) puts back the whole work tree, from the
 * repository's top.
 */
function stashPaths(effects: CommandEffects, reading: CommandReading, action: string | undefined): void {
  if (action === 'drop' || action === 'clear')
    effects.paths.push({ word: inGitFolder(STASH_REF, reading), role: 'delete' });
  else if (action === 'pop' || action === 'apply' || action === 'branch' || action === 'save')
    overwritesWorkTree(effects, reading);
  else if (
    (action === undefined || action === 'push') &&
    reading.operands.length === 0 &&
    !givenToSubcommand(reading, ['--pathspec-from-file'])
  )
    overwritesWorkTree(effects, reading);
}

/** The paths of the subcommands whose writes data cannot say, beyond their operands' roles. */
function subcommandPaths(effects: CommandEffects, reading: CommandReading): void {
  if (workTreeRewrites(effects, reading)) return;
  const subcommand = reading.subcommands[0]?.value;
  const action = reading.subcommands[1]?.value;
  switch (subcommand) {
    case 'branch':
      branchPaths(effects, reading);
      break;
    case 'reset':
      if (givenToSubcommand(reading, ['--hard', '--merge', '--keep'])) overwritesWorkTree(effects, reading);
      break;
    case 'apply':
    case 'am':
      // the patch names the files it changes, which the line does not show
      if (givenToSubcommand(reading, PATCH_SHOWS)) break;
      effects.paths.push({
        word: inGitFolder(DOT, reading),
        role: 'overwrite',
        assumed: `'git ${subcommand}' changes the files its patch names`,
      });
      // am applies them from the repository's top; apply run below it leaves the files outside its folder alone
      if (subcommand === 'am') subcommandFromTop(effects, reading);
      break;
    case 'format-patch':
      if (!givenToSubcommand(reading, ['-o', '--output-directory', '--stdout']))
        effects.paths.push({ word: inGitFolder(DOT, reading), role: 'write' });
      break;
    case 'clone':
      cloneTarget(effects, reading);
      break;
    case 'stash':
      stashPaths(effects, reading, action);
      break;
    default:
      break;
  }
}

/**
 * git's arguments and the paths its subcommands use, as git reads them: pathspecs and object
 * names (see gitArguments.ts), the work tree a checkout, merge or rebase rewrites (see
 * gitWorkTree.ts), a forced branch delete or move, reset --hard, apply and am (the files the
 * patch names), format-patch's files, clone's folder, and the stash's pop, apply, branch (the
 * work tree) and drop, clear (the stashed work, for good).
 */
export const gitPathsReader: Reader = {
  readsArguments: true,
  read(reading) {
    const effects = noEffects();
    gitArgumentEffects(effects, reading);
    subcommandPaths(effects, reading);
    // `git restore .`, `git checkout -- .`, the files a patch names: any file below git's folder
    const trigger = `git ${reading.subcommands.map((word) => word.value ?? word.source).join(' ')}`;
    writesFilesBelow(effects, ['overwrite'], { trigger, command: reading.command });
    return effects;
  },
};
