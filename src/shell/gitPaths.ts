import { recordPath, type PathSink } from './dependencyFiles';
import { hasOption, readArguments, valuedSet } from './options';
import { staticWord, type ShellWord } from './shellWord';
import { readSubcommand } from './toolOptions';

const GIT_VALUED = valuedSet(['-s', '--source', '-m', '--message', '-b', '-B', '--conflict', '-e', '--exclude']);
// -f, -fd, -dfx: any short cluster holding f
const GIT_CLEAN_FORCE = /^-[a-zA-Z]*f/;
const DOT = staticWord('.');

function orDot(operands: readonly ShellWord[]): readonly ShellWord[] {
  return operands.length > 0 ? operands : [DOT];
}

function recordEach(sink: PathSink, words: readonly ShellWord[], role: 'delete' | 'overwrite'): void {
  for (const word of words) recordPath(sink, word, role);
}

/**
 * git subcommands that change the working tree: rm and mv, checkout -- paths, restore,
 * reset --hard, clean -f ('.' when no path is named). Returns false for other subcommands.
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
    default:
      return false;
  }
}
