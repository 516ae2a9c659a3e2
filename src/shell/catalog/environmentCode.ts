import type { ScriptRunEffect } from './commandEffects';
import type { ShellWord } from '../words/shellWord';

/**
 * What setting an environment variable does to the code programs load: a command line that sets
 * one chooses code the analysis does not see in the commands it names (`PATH=./bin:$PATH ls` may
 * run ./bin/ls, `LD_PRELOAD=x.so id` runs x.so). Setting one either lists the files to read
 * (start-up files, PATH's folders) or fails closed.
 */
export interface EnvironmentCode {
  /** why the effect cannot be known: the call fails closed */
  readonly problem: string | undefined;
  /** the files or folders the decision reads or checks */
  readonly runs: readonly ScriptRunEffect[];
}

/** A setting that chooses no code (an empty value, plain options). */
export const NO_ENVIRONMENT_CODE: EnvironmentCode = Object.freeze({ problem: undefined, runs: [] });

/** A setting whose effect cannot be known: the call fails closed, for `reason`. */
export function environmentProblem(reason: string): EnvironmentCode {
  return { problem: `${reason}: fail closed`, runs: [] };
}

/**
 * The entries of a PATH-like value (PATH, a module search path), as far as they can be read:
 * `$NAME` is the inherited list ('inherited'), an entry built at run time is undefined.
 */
export function pathEntries(word: ShellWord, name: string): (string | undefined)[] {
  const text = word.value ?? word.source.replace(/["']/g, '');
  return text.split(':').map((entry) => {
    if (word.value === undefined && (entry === `$${name}` || entry === `\${${name}}`)) return 'inherited';
    const home = word.value === undefined ? entry.replace(/^\$(?:HOME|\{HOME\})(?=\/|$)/, '~') : entry;
    return word.value === undefined && /[$`]/.test(home) ? undefined : home;
  });
}

/** What setting one variable to `word` does to the code programs load; `name` is the variable's. */
export type EnvironmentCodeReader = (word: ShellWord, name: string) => EnvironmentCode;

/** Variables a family reads under names that follow a pattern (GIT_CONFIG_KEY_0, npm_config_shell). */
export interface EnvironmentPattern {
  readonly pattern: RegExp;
  /** names the pattern matches, so a test and a clash check can try them */
  readonly examples: readonly string[];
  readonly read: EnvironmentCodeReader;
}

/**
 * What one family's programs read from the environment: the variables that choose the code
 * they load, and the variables whose value is a command line they run through a shell.
 */
export interface FamilyEnvironment {
  /** variables that choose code, by name, each with what a setting of it yields */
  readonly code?: Readonly<Record<string, EnvironmentCodeReader>>;
  readonly codePatterns?: readonly EnvironmentPattern[];
  /** variables whose value a program runs as a command line (GIT_PAGER, RSYNC_RSH) */
  readonly commandLines?: readonly string[];
}

/** What every family's programs read from the environment, composed into one reader. */
export interface EnvironmentReader {
  /** what setting `name` to `word` does to the code programs load; undefined when no family's program reads it so */
  readonly code: (name: string, word: ShellWord) => EnvironmentCode | undefined;
  /** whether a program runs the value of `name` as a command line */
  readonly isCommandLine: (name: string) => boolean;
}

/** The environment of a catalog with no families: no program reads a variable. */
export const NO_ENVIRONMENT: EnvironmentReader = Object.freeze<EnvironmentReader>({
  code: () => undefined,
  isCommandLine: () => false,
});
