import type { ProgramFamily } from '../../registry/programFamily';
import { GIT_COMMANDS } from './gitSpecs';
import { gitReader } from './gitReader';
import { gitPathsReader } from './gitPaths';
import { gitSubmoduleReader } from './gitSubmodule';
import { GIT_HOOK_RUN_FILES, GIT_RUN_FILES } from './gitRunFiles';
import { GIT_FROM_TOP_FILES } from './gitFromTopFiles';
import { GIT_ENVIRONMENT } from './gitEnvironment';

/** The git family: git and hub. */
export const GIT_FAMILY: ProgramFamily = {
  specs: [() => GIT_COMMANDS],
  readers: { git: gitReader, gitPaths: gitPathsReader, gitSubmodule: gitSubmoduleReader },
  runFiles: { git: GIT_RUN_FILES, hook: GIT_HOOK_RUN_FILES, gitFromTop: GIT_FROM_TOP_FILES },
  environment: GIT_ENVIRONMENT,
};
