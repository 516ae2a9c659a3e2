import type { ProgramFamily } from '../../registry/programFamily';
import { SHELL_BUILTIN_COMMANDS } from './shellBuiltinSpecs';
import { SHELL_COMMANDS } from './shellSpecs';
import { shellReader } from './shellReader';
import { SHELLS_ENVIRONMENT } from './shellsEnvironment';

/** The shells family: bash, sh, zsh and the other shells, and the builtins whose words are data. */
export const SHELLS_FAMILY: ProgramFamily = {
  specs: [() => SHELL_BUILTIN_COMMANDS, () => SHELL_COMMANDS],
  readers: { shell: shellReader },
  environment: SHELLS_ENVIRONMENT,
};
