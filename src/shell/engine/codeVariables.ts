import type { EnvironmentReader } from '../catalog/environmentCode';

// The shell's own variables whose value is a command line: bash runs PROMPT_COMMAND before each
// prompt. Those a program runs (GIT_PAGER, RSYNC_RSH, EDITOR) are its family's, read through the
// catalog's code.
const SHELL_COMMAND_LINES: ReadonlySet<string> = new Set(['PROMPT_COMMAND']);

/** Prompt strings: bash runs `$(...)` in them when it prints a prompt or an xtrace line (PS4). */
const PROMPT_VARIABLES: ReadonlySet<string> = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);

/** Whether assigning this variable hands its value to a shell as a command line: the shell's, or a program's of `families`. */
export function isCodeVariable(name: string, families: EnvironmentReader): boolean {
  return SHELL_COMMAND_LINES.has(name) || families.isCommandLine(name);
}

export function isPromptVariable(name: string): boolean {
  return PROMPT_VARIABLES.has(name);
}
