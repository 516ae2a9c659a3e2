import { staticWord, type ShellWord } from './shellWord';

/** Words joined by spaces, as `watch` and `ssh` hand them to a shell; unknown if any word is. */
export function joinWords(words: readonly ShellWord[]): ShellWord {
  const source = words.map((word) => word.source).join(' ');
  if (words.some((word) => word.value === undefined)) return { value: undefined, literal: undefined, source };
  return { ...staticWord(words.map((word) => word.value ?? '').join(' ')), source };
}

/** A word whose value the shell learns only at run time (`{}` of find -exec, xargs input). */
export function runtimeWord(source: string, synthetic = false): ShellWord {
  return synthetic
    ? { value: undefined, literal: undefined, source, synthetic }
    : { value: undefined, literal: undefined, source };
}
