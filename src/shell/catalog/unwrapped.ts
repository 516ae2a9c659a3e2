import { noEffects, type CommandEffects, type ScriptRunEffect } from './commandEffects';
import type { PathRole } from './shellAnalysis';
import type { ShellWord } from '../words/shellWord';
import type { CommandReading } from './commandReading';
import type { Reader } from './reader';

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
  /** the user it runs the command as, when named (`su bob`) */
  user: string | undefined;
  /** false when the command does not get the wrapper's stdin (xargs consumes it, screen gives it a terminal) */
  passesStdin: boolean;
  /** set when the wrapper's line cannot be read statically: fail closed */
  problem: string | undefined;
  /** files the command it runs reads as code, set by the wrapper (`env BASH_ENV=x.sh bash -c :`) */
  readonly scriptRuns: ScriptRunEffect[];
}

export function emptyUnwrapped(): Unwrapped {
  return {
    commands: [],
    scripts: [],
    paths: [],
    user: undefined,
    passesStdin: true,
    problem: undefined,
    scriptRuns: [],
  };
}

/** A wrapper's reading as effects: its problem, paths, scripts and the commands it runs. */
export function unwrappedEffects(name: string, unwrapped: Unwrapped): CommandEffects {
  const effects = noEffects();
  if (unwrapped.problem !== undefined) effects.problems.push({ reason: unwrapped.problem });
  if (unwrapped.user !== undefined) effects.users.push(unwrapped.user);
  for (const use of unwrapped.paths) effects.paths.push(use);
  for (const run of unwrapped.scriptRuns) effects.scriptRuns.push(run);
  for (const word of unwrapped.scripts) effects.scripts.push({ word, what: `${name} script` });
  const stdin = unwrapped.passesStdin ? 'pass' : 'none';
  for (const words of unwrapped.commands) effects.commands.push({ words, stdin });
  return effects;
}

/** A reader of its own words that says what the command runs (tmux, find, xargs, env and kin). */
export function wrapperReader(
  unwrap: (words: readonly ShellWord[], reading: CommandReading) => Unwrapped | undefined,
): Reader {
  return {
    readsArguments: true,
    read(reading) {
      const unwrapped = unwrap(reading.words, reading);
      return unwrapped === undefined ? noEffects() : unwrappedEffects(reading.name, unwrapped);
    },
  };
}
