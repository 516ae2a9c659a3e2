import { environmentProblem, type EnvironmentCode, type FamilyEnvironment } from '../../catalog/environmentCode';
import { staticWord, type ShellWord } from '../../words/shellWord';

// zsh reads these from $ZDOTDIR (or $HOME) as it starts
const ZSH_STARTUP_FILES = ['.zshenv', '.zprofile', '.zshrc', '.zlogin'];

function zshStartup(word: ShellWord): EnvironmentCode {
  const value = word.value;
  if (value === undefined || value === '')
    return environmentProblem('ZDOTDIR set to a folder built at run time, whose start-up files zsh reads');
  const folder = value.endsWith('/') ? value : `${value}/`;
  return {
    problem: undefined,
    runs: ZSH_STARTUP_FILES.map((file) => ({
      word: staticWord(`${folder}${file}`),
      how: 'shell',
      details: { mustRead: 'ifPresent' },
    })),
  };
}

/**
 * What the shells read from the environment beyond bash's own variables (PATH, BASH_ENV, ENV,
 * which the engine reads for every program): the folder of zsh's start-up files.
 */
export const SHELLS_ENVIRONMENT: FamilyEnvironment = { code: { ZDOTDIR: zshStartup } };
