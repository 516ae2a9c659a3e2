import { recordPath, type PathSink } from './dependencyFiles';
import { gitConfigPaths } from './gitConfigPaths';
import { hasOption, readArguments, valuedSet, type ParsedArguments } from './options';
import { staticWord, type ShellWord } from './shellWord';
import { readSubcommand } from './toolOptions';

const GIT_VALUED = valuedSet(['-s', '--source', '-m', '--message', '-b', '-B', '--conflict', '-e', '--exclude', '-u', '--set-upstream-to', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format']);
// -f, -fd, -dfx: any short cluster holding f
const GIT_CLEAN_FORCE = /^-[a-zA-Z]*f/;
const DOT = staticWord('.');

function orDot(operands: readonly ShellWord[]): readonly ShellWord[] {
  return operands.length > 0 ? operands : [DOT];
}

function recordEach(sink: PathSink, words: readonly ShellWord[], role: 'delete' | 'overwrite'): void {
  for (const word of words) recordPath(sink, word, role);
}

/** The ref file a branch name stands for: losing it loses the commits only it reaches. */
function branchRef(word: ShellWord): ShellWord {
  return word.value === undefined ? word : { ...staticWord(`.git/refs/heads/${word.value}`), source: word.source };
}

/** `git branch -D` (or -d --force) deletes branches; -M / -C (or -m/-c --force) overwrite the target. */
function branchPaths(sink: PathSink, parsed: ParsedArguments): void {
  const force = hasOption(parsed, ['-f', '--force']);
  const names = parsed.operands.map(branchRef);
  if (hasOption(parsed, ['-D']) || (force && hasOption(parsed, ['-d', '--delete']))) recordEach(sink, names, 'delete');
  const last = names[names.length - 1];
  const moves = hasOption(parsed, ['-M', '-C']) || (force && hasOption(parsed, ['-m', '--move', '-c', '--copy']));
  if (moves && last !== undefined) recordPath(sink, last, 'overwrite');
}

// git stash drop/clear loses stashed work for good (pop keeps it when the apply conflicts)
const STASH_DROPS: ReadonlySet<string> = new Set(['drop', 'clear']);

/**
 * git subcommands that change the working tree or lose local history: rm and mv, checkout --
 * paths, restore, reset --hard, clean -f ('.' when no path is named), stash drop/clear, forced
 * branch deletes and moves, and config writes. Returns false for other subcommands.
 */
export function gitPaths(sink: PathSink, words: readonly ShellWord[]): boolean {
  const sub = readSubcommand('git', words, 1);
  const parsed = readArguments(words, sub.next, GIT_VALUED);
  switch (sub.words[0]?.value) {
    case 'rm':
      recordEach(sink, parsed.operands, 'delete');
      return true;
    case 'mv': {
      const last = parsed.operands[parsed.operands.length - 1];
      recordEach(sink, parsed.operands.slice(0, -1), 'delete');
      if (last !== undefined) recordPath(sink, last, 'overwrite');
      return true;
    }
    case 'restore':
      recordEach(sink, orDot(parsed.operands), 'overwrite');
      return true;
    case 'reset':
      if (hasOption(parsed, ['--hard'])) recordEach(sink, [DOT], 'overwrite');
      return true;
    case 'clean':
      // git clean removes untracked files: a delete (the brief grouped it with the overwrites)
      if (words.slice(sub.next).some((word) => word.value === '--force' || GIT_CLEAN_FORCE.test(word.value ?? ''))) recordEach(sink, orDot(parsed.operands), 'delete');
      return true;
    case 'checkout': {
      const dashDash = words.findIndex((word, index) => index >= sub.next && word.value === '--');
      if (dashDash !== -1) recordEach(sink, orDot(words.slice(dashDash + 1)), 'overwrite');
      else if (hasOption(parsed, ['-f', '--force'])) recordEach(sink, [DOT], 'overwrite');
      else recordEach(sink, parsed.operands.filter((word) => word.value === '.' || word.value?.startsWith('./') === true), 'overwrite');
      return true;
    }
    case 'stash':
      if (STASH_DROPS.has(parsed.operands[0]?.value ?? '')) recordPath(sink, staticWord('.git/refs/stash'), 'delete');
      return true;
    case 'branch':
      branchPaths(sink, parsed);
      return true;
    case 'config':
      gitConfigPaths(sink, words, sub.next);
      return true;
    default:
      return false;
  }
}
