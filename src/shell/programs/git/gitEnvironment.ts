import {
  environmentProblem,
  NO_ENVIRONMENT_CODE,
  type EnvironmentCode,
  type FamilyEnvironment,
} from '../../catalog/environmentCode';
import type { ShellWord } from '../../words/shellWord';

// git reads its configuration, hooks and programs from where these say
const GIT_LOCATIONS = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CONFIG',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_COUNT',
  'GIT_CONFIG_PARAMETERS',
  'GIT_EXEC_PATH',
  'GIT_TEMPLATE_DIR',
] as const;
// a configuration file that holds nothing
const EMPTY_CONFIG: ReadonlySet<string> = new Set(['/dev/null', '']);

function gitLocation(word: ShellWord, name: string): EnvironmentCode {
  if (
    (name === 'GIT_CONFIG_GLOBAL' || name === 'GIT_CONFIG_SYSTEM') &&
    word.value !== undefined &&
    EMPTY_CONFIG.has(word.value)
  )
    return NO_ENVIRONMENT_CODE;
  return environmentProblem(
    `${name} makes git read its configuration, hooks or programs from elsewhere (a pager, an alias, a hook it runs)`,
  );
}

/** What git reads from the environment: where its configuration is, and the programs it runs as command lines. */
export const GIT_ENVIRONMENT: FamilyEnvironment = {
  code: Object.fromEntries(GIT_LOCATIONS.map((name) => [name, gitLocation])),
  // GIT_CONFIG_KEY_<n> and GIT_CONFIG_VALUE_<n> give configuration entries (core.pager, alias.*)
  codePatterns: [
    {
      pattern: /^GIT_CONFIG_(?:KEY|VALUE)_\d+$/,
      examples: ['GIT_CONFIG_KEY_0', 'GIT_CONFIG_VALUE_12'],
      read: gitLocation,
    },
  ],
  commandLines: [
    'GIT_SSH_COMMAND',
    'GIT_SSH',
    'GIT_PAGER',
    'GIT_EDITOR',
    'GIT_SEQUENCE_EDITOR',
    'GIT_EXTERNAL_DIFF',
    'GIT_ASKPASS',
    'GIT_PROXY_COMMAND',
  ],
};
