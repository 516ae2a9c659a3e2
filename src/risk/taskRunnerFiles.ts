import type { ShellScriptRun } from '../shell/shellAnalysis';
import type { RunSite, ScriptFile } from './codeFiles';

export function taskRunnerFile(run: ShellScriptRun & { readonly path: string }, site: RunSite): ScriptFile | undefined {
  void run;
  void site;
  return undefined;
}
