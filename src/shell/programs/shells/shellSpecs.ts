import type { CommandSpecs } from '../../catalog/commandSpec';

// Shells run `-c SCRIPT`, a script file, or what they read from stdin; their reader follows bash's options.
const SHELL = { reader: 'shell' } as const;

/** Shells whose `-c` script, script file or stdin is shell code. */
export const SHELL_COMMANDS: CommandSpecs = {
  bash: { ...SHELL, aliases: ['rbash'] },
  sh: SHELL,
  zsh: SHELL,
  dash: SHELL,
  ksh: { ...SHELL, aliases: ['ksh93', 'mksh', 'pdksh', 'oksh'] },
  ash: SHELL,
  yash: SHELL,
  posh: SHELL,
  fish: SHELL,
  csh: { ...SHELL, aliases: ['tcsh'] },
};
