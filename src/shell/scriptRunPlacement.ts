import type { ScriptRunDetails, ShellScriptRun } from './shellAnalysis';
import type { ShellWord } from './shellWord';
import { fromStart, type WorkingDirectory } from './workingDirectory';

/** A run's details as the command's words give them: its `file` is a word, placed like the run's own. */
export interface ScriptRunWords extends Omit<ScriptRunDetails, 'file'> {
  readonly file?: ShellWord;
}

/** A script run as a command gives it, before it is placed in the folder the command runs in. */
export interface ScriptRunWord {
  readonly word: ShellWord;
  readonly how: ShellScriptRun['how'];
  readonly script: string | undefined;
  readonly details: ScriptRunWords | undefined;
}

/** A run as the caller reads it: its words placed in the folder the command runs in. */
export function placeScriptRun(directory: WorkingDirectory, run: ScriptRunWord): ShellScriptRun {
  const { word, how, script, details } = run;
  const path = word.value === undefined ? undefined : fromStart(directory, word.value);
  const placed: ShellScriptRun = script === undefined ? { path, source: word.source, how, directory } : { path, source: word.source, how, directory, script };
  if (details === undefined) return placed;
  const { file, ...rest } = details;
  if (file === undefined) return { ...placed, ...rest };
  const filePath = file.value === undefined ? undefined : fromStart(directory, file.value);
  // a file that cannot be placed cannot be read: the run keeps no path, so it is not read either
  return filePath === undefined ? { ...placed, ...rest, path: undefined } : { ...placed, ...rest, file: filePath };
}
