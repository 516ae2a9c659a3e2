import type { PathRole } from './shellAnalysis';
import { staticWord, type ShellWord } from './shellWord';

/** A path a wrapper itself uses (`flock LOCKFILE`, `find . -delete`). */
export interface PathUse {
  readonly word: ShellWord;
  readonly role: PathRole;
}

/** What a wrapper runs, once its own options are read. */
export interface Unwrapped {
  /** commands it runs directly, each analysed as a command in its own right */
  readonly commands: (readonly ShellWord[])[];
  /** shell scripts it runs through `sh -c`; a word with no value is built at run time */
  readonly scripts: ShellWord[];
  readonly paths: PathUse[];
  /** the user an elevating wrapper runs as, when named (`sudo -u bob`) */
  user: string | undefined;
  /** the wrapper raises privileges although it is no sudo (`systemd-run` of the system manager) */
  elevated: boolean;
  /** false when the command does not get the wrapper's stdin (xargs consumes it, screen gives it a terminal) */
  passesStdin: boolean;
  /** set when the wrapper's line cannot be read statically: fail closed */
  problem: string | undefined;
}

export function emptyUnwrapped(): Unwrapped {
  return { commands: [], scripts: [], paths: [], user: undefined, elevated: false, passesStdin: true, problem: undefined };
}

/** Words joined by spaces, as `watch` and `ssh` hand them to a shell; unknown if any word is. */
export function joinWords(words: readonly ShellWord[]): ShellWord {
  const source = words.map((word) => word.source).join(' ');
  if (words.some((word) => word.value === undefined)) return { value: undefined, literal: undefined, source };
  return { ...staticWord(words.map((word) => word.value ?? '').join(' ')), source };
}

/** A word whose value the shell learns only at run time (`{}` of find -exec, xargs input). */
export function runtimeWord(source: string, synthetic = false): ShellWord {
  return synthetic ? { value: undefined, literal: undefined, source, synthetic } : { value: undefined, literal: undefined, source };
}
