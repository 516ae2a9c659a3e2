import type { ScriptRunEffect } from '../catalog/commandEffects';
import {
  environmentProblem as problem,
  NO_ENVIRONMENT_CODE as NONE,
  pathEntries,
  type EnvironmentCode,
  type EnvironmentReader,
} from '../catalog/environmentCode';
import { holdsCodeText, staticWord, type ShellWord } from '../words/shellWord';

export type { EnvironmentCode } from '../catalog/environmentCode';

// The variables the shell and the system read for every program: where commands are found, the
// shells' start-up files, the home and configuration folders, the dynamic loader. What one
// program reads from the environment is its family's (FamilyEnvironment), reached through the
// catalog's code, so this module names no program.

// the dynamic loader and iconv load shared objects from these into every program
const LIBRARY_LOADERS: ReadonlySet<string> = new Set([
  'LD_PRELOAD',
  'LD_AUDIT',
  'LD_LIBRARY_PATH',
  'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH',
  'DYLD_FRAMEWORK_PATH',
  'GCONV_PATH',
]);

// programs that run commands through $SHELL (script -c, tmux, screen, editors' :!)
const KNOWN_SHELLS = /^(?:\/usr)?(?:\/local)?\/bin\/(?:sh|bash|dash|zsh|ksh|fish)$|^(?:sh|bash|dash|zsh|ksh|fish)$/;

/** PATH: a folder it adds may hold the agent's programs under the names the line runs. */
function pathCode(word: ShellWord): EnvironmentCode {
  const runs: ScriptRunEffect[] = [];
  for (const entry of pathEntries(word, 'PATH')) {
    if (entry === 'inherited') continue;
    if (entry === undefined)
      return problem('PATH set to a folder built at run time, from which the commands named may run');
    if (entry === '' || !(entry.startsWith('/') || entry.startsWith('~'))) {
      return problem(
        `PATH entry '${entry === '' ? '(empty: the current folder)' : entry}' is relative, so the commands named may be programs of the workspace`,
      );
    }
    runs.push({ word: staticWord(entry), how: 'programs', details: { mustRead: 'always' } });
  }
  return { problem: undefined, runs };
}

/** A start-up file a shell sources (BASH_ENV, ENV): read like a script, after its value is expanded. */
function startupFile(name: string, word: ShellWord, mustRead: 'always' | 'ifPresent'): EnvironmentCode {
  const value = word.value;
  if (value === undefined || holdsCodeText(value) || value.includes('$'))
    return problem(`${name} names a start-up file built at run time`);
  if (value === '') return NONE;
  return { problem: undefined, runs: [{ word, how: 'shell', details: { mustRead } }] };
}

/** What setting one of the shell's or the system's own variables does, or undefined for another variable. */
function shellEnvironmentCode(name: string, word: ShellWord): EnvironmentCode | undefined {
  if (name === 'PATH') return pathCode(word);
  if (name === 'BASH_ENV') return startupFile(name, word, 'always');
  // sh and bash --posix read $ENV only when interactive; a value naming no file is ignored then
  if (name === 'ENV') return startupFile(name, word, 'ifPresent');
  if (name === 'HOME' || name === 'XDG_CONFIG_HOME')
    return problem(
      `${name} moves the configuration programs read (git's pager and aliases, npm's script shell, shells' start-up files)`,
    );
  if (name === 'SHELL')
    return word.value !== undefined && KNOWN_SHELLS.test(word.value)
      ? NONE
      : problem('SHELL names the program that runs commands for script, tmux, screen and editors');
  if (LIBRARY_LOADERS.has(name))
    return word.value === '' ? NONE : problem(`${name} loads shared libraries into every program`);
  return undefined;
}

/**
 * What setting `name` to `word` does to the code programs run: the shell's and the system's own
 * variables here, then what the families' programs read (`families`, the catalog's); undefined
 * for a variable that chooses none. The value is as the assignment evaluates it (undefined
 * parts: built at run time).
 */
export function environmentCode(
  name: string,
  word: ShellWord,
  families: EnvironmentReader,
): EnvironmentCode | undefined {
  return shellEnvironmentCode(name, word) ?? families.code(name, word);
}

/** Whether setting `name` may choose the code programs run (for a Makefile's exported variables). */
export function isCodeEnvironment(name: string, families: EnvironmentReader): boolean {
  return environmentCode(name, { value: undefined, literal: undefined, source: '' }, families) !== undefined;
}
