import { fromProgramFolder } from '../../catalog/argumentEffects';
import { noEffects, type CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { Reader } from '../../catalog/reader';
import { staticWord, type ShellWord } from '../../words/shellWord';

const DOT = staticWord('.');
const STASH_REF = staticWord('.git/refs/stash');

function given(reading: CommandReading, names: readonly string[]): boolean {
  return reading.options.some((option) => names.includes(option.name));
}

function overwrite(effects: CommandEffects, reading: CommandReading, words: readonly ShellWord[]): void {
  for (const word of words) effects.paths.push({ word: fromProgramFolder(word, reading), role: 'overwrite' });
}

/** The ref file a branch name stands for: losing it loses the commits only it reaches. */
function branchRef(word: ShellWord): ShellWord {
  return word.value === undefined ? word : { ...staticWord(`.git/refs/heads/${word.value}`), source: word.source };
}

// a lone operand that looks like a file (`a.md`, `./x`, `.env`) rather than a branch
const FILE_LIKE = /(?:^|\/)\.|\.[A-Za-z0-9]+$/;

/**
 * `git checkout [TREE-ISH] [--] PATHS` overwrites the paths: those after `--`, every operand after
 * the first, or a lone operand that looks like a file; `-f` overwrites the whole tree. A lone
 * operand that looks like a branch switches branches, which git refuses over local changes.
 */
function checkoutPaths(effects: CommandEffects, reading: CommandReading): void {
  const dashDash = reading.words.findIndex((word, index) => index >= reading.next && word.value === '--');
  if (dashDash !== -1) {
    const paths = reading.words.slice(dashDash + 1);
    overwrite(effects, reading, paths.length > 0 ? paths : [DOT]);
    return;
  }
  if (given(reading, ['-f', '--force'])) {
    overwrite(effects, reading, [DOT]);
    return;
  }
  // -b/-B/--orphan name a new branch and start from the operand: no path is restored
  if (given(reading, ['-b', '-B', '--orphan'])) return;
  const [first, ...rest] = reading.operands;
  if (rest.length > 0) overwrite(effects, reading, rest);
  else if (first?.value !== undefined && FILE_LIKE.test(first.value))
    effects.paths.push({
      word: fromProgramFolder(first, reading),
      role: 'overwrite',
      assumed: "'git checkout' restores a file of that name when it is not a branch",
    });
}

/** `git branch -D` (or -d --force) deletes branches; -M / -C (or -m/-c --force) overwrite the target. */
function branchPaths(effects: CommandEffects, reading: CommandReading): void {
  const force = given(reading, ['-f', '--force']);
  const names = reading.operands.map(branchRef);
  if (given(reading, ['-D']) || (force && given(reading, ['-d', '--delete'])))
    for (const word of names) effects.paths.push({ word: fromProgramFolder(word, reading), role: 'delete' });
  const last = names[names.length - 1];
  const moves = given(reading, ['-M', '-C']) || (force && given(reading, ['-m', '--move', '-c', '--copy']));
  if (moves && last !== undefined) effects.paths.push({ word: fromProgramFolder(last, reading), role: 'overwrite' });
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

/**
 * git subcommands whose paths data cannot say: checkout's operands, a forced switch, a forced
 * branch delete or move, reset --hard, apply and am (the files the patch names), format-patch's
 * files, clone's folder, and the stash's pop, apply, branch (the work tree) and drop, clear (the
 * stashed work, for good).
 */
export const gitPathsReader: Reader = {
  readsArguments: false,
  read(reading) {
    const effects = noEffects();
    const [subcommand, action] = reading.subcommands.map((word) => word.value);
    switch (subcommand) {
      case 'checkout':
        checkoutPaths(effects, reading);
        break;
      case 'branch':
        branchPaths(effects, reading);
        break;
      case 'reset':
        if (given(reading, ['--hard', '--merge', '--keep'])) overwrite(effects, reading, [DOT]);
        break;
      case 'switch':
        if (given(reading, ['-f', '--force', '--discard-changes'])) overwrite(effects, reading, [DOT]);
        break;
      case 'apply':
      case 'am':
        // the patch names the files it changes, which the line does not show
        if (
          !given(reading, [
            '--check',
            '--stat',
            '--numstat',
            '--summary',
            '--cached',
            '--abort',
            '--quit',
            '--show-current-patch',
          ])
        ) {
          effects.paths.push({
            word: fromProgramFolder(DOT, reading),
            role: 'overwrite',
            assumed: `'git ${subcommand}' changes the files its patch names`,
          });
        }
        break;
      case 'format-patch':
        if (!given(reading, ['-o', '--output-directory', '--stdout']))
          effects.paths.push({ word: fromProgramFolder(DOT, reading), role: 'write' });
        break;
      case 'clone':
        cloneTarget(effects, reading);
        break;
      case 'stash':
        if (action === 'drop' || action === 'clear')
          effects.paths.push({ word: fromProgramFolder(STASH_REF, reading), role: 'delete' });
        else if (action === 'pop' || action === 'apply' || action === 'branch' || action === 'save')
          overwrite(effects, reading, [DOT]);
        break;
      default:
        break;
    }
    return effects;
  },
};
