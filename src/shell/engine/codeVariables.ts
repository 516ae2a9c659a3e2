/** Environment variables whose value is a command line some tool runs through a shell. */
const CODE_VARIABLES: ReadonlySet<string> = new Set([
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'GIT_PAGER',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'GIT_ASKPASS',
  'GIT_PROXY_COMMAND',
  'SSH_ASKPASS',
  'PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'LESSOPEN',
  'LESSCLOSE',
  'PROMPT_COMMAND',
  'RSYNC_RSH',
  'CVS_RSH',
]);

/** Prompt strings: bash runs `$(...)` in them when it prints a prompt or an xtrace line (PS4). */
const PROMPT_VARIABLES: ReadonlySet<string> = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);

/** Whether assigning this variable hands its value to a shell as a command line. */
export function isCodeVariable(name: string): boolean {
  return CODE_VARIABLES.has(name);
}

export function isPromptVariable(name: string): boolean {
  return PROMPT_VARIABLES.has(name);
}
