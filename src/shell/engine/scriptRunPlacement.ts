import type { EveryField } from '../../text/everyField';
import type { ScriptRunDetails, ShellScriptRun } from '../catalog/shellAnalysis';
import type { ShellWord } from '../words/shellWord';
import type { ScriptRunWords } from '../catalog/commandEffects';
import { fromStart, type WorkingDirectory } from './workingDirectory';

/** A script run as a command gives it, before it is placed in the folder the command runs in. */
export interface ScriptRunWord {
  readonly word: ShellWord;
  readonly how: ShellScriptRun['how'];
  readonly script: string | undefined;
  readonly details: ScriptRunWords | undefined;
}

/**
 * A run as the caller reads it: its words placed in the folder the command runs in. Every run
 * has the same fields, absent details undefined, so the reader sees one shape.
 */
export function placeScriptRun(directory: WorkingDirectory, run: ScriptRunWord): ShellScriptRun {
  const { word, how, script, details } = run;
  const file = details?.file;
  const filePath = file?.value === undefined ? undefined : fromStart(directory, file.value);
  // a file that cannot be placed cannot be read: the run keeps no path, so it is not read either
  const unplacedFile = file !== undefined && filePath === undefined;
  const path = word.value === undefined || unplacedFile ? undefined : fromStart(directory, word.value);
  return {
    path,
    source: word.source,
    how,
    directory,
    script,
    mustRead: details?.mustRead,
    file: filePath,
    variables: details?.variables,
    scripts: details?.scripts,
    codeFolder: details?.codeFolder,
  } satisfies EveryField<ShellScriptRun>;
}
