import type { AnalysisContext, FindingOrigin } from './analysisContext';
import type { ScriptPlacement } from '../catalog/commandEffects';
import type { ShellWord } from '../words/shellWord';
import type { StdinSource } from '../words/stdinSource';

/** One simple command about to be classified, after wrappers are seen through. */
export interface CommandCall {
  /** the evaluated basename of its first word */
  readonly name: string;
  readonly words: readonly ShellWord[];
  /** its evaluated words joined by spaces: the `command` of its findings */
  readonly command: string;
  /** where its stdin comes from, worked out only when a shell or interpreter needs it */
  readonly stdin: () => StdinSource;
  /** run by the shell itself (directly, or through `builtin`/`command`), so a `cd` moves it */
  readonly inShell?: boolean;
}

export function originOf(call: CommandCall, trigger: string = call.name): FindingOrigin {
  return { trigger, command: call.command };
}

/**
 * Analyses a word holding a shell script (`bash -c WORD`, `eval`, `trap WORD`); a script built at
 * run time cannot be known, so it fails closed.
 */
export function runScriptWord(
  script: { readonly word: ShellWord; readonly what: string; readonly placement?: ScriptPlacement },
  call: CommandCall,
  context: AnalysisContext,
): void {
  const { word, what } = script;
  if (word.value === undefined) {
    context.failClosed(`${what} built at run time: fail closed`, originOf(call, word.source));
    return;
  }
  context.runScript(word.value, originOf(call), script.placement);
}
