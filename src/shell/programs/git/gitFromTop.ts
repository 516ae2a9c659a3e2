import { quoteArgv } from '../../../text/quoteArgv';
import type { CommandEffects } from '../../catalog/commandEffects';
import type { CommandReading } from '../../catalog/commandReading';
import type { PathRole } from '../../catalog/shellAnalysis';
import { staticWord, type ShellWord } from '../../words/shellWord';
import { inGitFolder } from './gitFolder';
import { gitOwnOptions, subcommandOptions } from './gitOptions';

// What git uses from the top of its repository, wherever in it it runs: the whole work tree a
// checkout or a merge rewrites, a pathspec with `:/` magic, the path of an object name
// (`HEAD:secrets/key`). The line alone does not say where that top is: each such use is also
// restated as the git line that makes it, noted as a run of kind `gitFromTop` in the folder git
// runs in, which git's reader of it (gitFromTopFiles.ts) reads again from the top the
// repository on disk names.

const DOT = staticWord('.');

// `git -c core.worktree=DIR` moves the work tree to a folder the repository does not say
const WORK_TREE_KEY = /^core\.worktree=/i;

/** The git line, by role, that uses the files of a pathspec as the line did. */
const PATHSPEC_LINES: Readonly<Record<PathRole, readonly string[]>> = {
  read: ['log', '--'],
  write: ['checkout', '--'],
  overwrite: ['checkout', '--'],
  delete: ['rm', '--'],
};

const shown = (word: ShellWord | undefined): string => word?.value ?? word?.source ?? '';

/** Notes `git LINE` to be read again from the repository's top; git told on its line to move its work tree fails closed. */
function readFromTop(effects: CommandEffects, reading: CommandReading, line: readonly string[]): void {
  const moved = gitOwnOptions(reading).find(
    (option) => (option.name === '-c' || option.name === '--config') && WORK_TREE_KEY.test(shown(option.value)),
  );
  if (moved !== undefined) {
    effects.problems.push({
      reason: `git ${shown(moved.value)} moves the work tree git uses to a folder the repository does not say: fail closed`,
      trigger: shown(moved.value),
    });
    return;
  }
  effects.scriptRuns.push({
    word: inGitFolder(DOT, reading),
    how: 'gitFromTop',
    script: quoteArgv(['git', ...line]),
    details: { mustRead: 'always' },
  });
}

/**
 * The line's own subcommand read again from the top: with the options it was given that take no
 * value (which choose its form: `--hard`, `-f`, `--abort`), and `form`, the words that name the
 * rest of it (the ref it switches to). Read at the top, it makes the same write the line made
 * where git ran (a checkout's work tree, `git stash`'s).
 */
export function subcommandFromTop(
  effects: CommandEffects,
  reading: CommandReading,
  form: readonly string[] = [],
): void {
  const flags = subcommandOptions(reading)
    .filter((option) => option.value === undefined)
    .map((option) => option.name);
  readFromTop(effects, reading, [...reading.subcommands.map(shown), ...flags, ...form]);
}

/** A pathspec whose files are below the repository's top (`:/x`, `:!x`), used in `role`, read again from there. */
export function pathspecFromTop(
  effects: CommandEffects,
  reading: CommandReading,
  pathspec: string,
  role: PathRole,
): void {
  readFromTop(effects, reading, [...PATHSPEC_LINES[role], pathspec]);
}

/** An object name whose path is below the repository's top (`HEAD:secrets/key`): the file `git show` prints from there. */
export function objectNameFromTop(effects: CommandEffects, reading: CommandReading, name: string): void {
  readFromTop(effects, reading, ['show', name]);
}
