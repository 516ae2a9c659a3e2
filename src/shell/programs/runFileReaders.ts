import type { RunFileReaders } from '../runFiles/runFileReader';
import { OPTION_GLOB_FILES } from '../runFiles/optionGlobFiles';
import { SQL_RUN_FILES } from './databases/sqlRunFiles';
import { GIT_HOOK_RUN_FILES, GIT_RUN_FILES } from './git/gitRunFiles';
import { GIT_WORK_TREE_FILES } from './git/gitWorkTreeTop';
import { MAKE_RUN_FILES } from './make/makeRunFiles';
import { ENV_FILES } from './node/envFiles';
import { PYTHON_RUN_FILES } from './python/pythonRunFiles';
import { SQLITE_RUN_FILES } from './sqlite/sqliteRunFiles';
import { PACKAGE_SCRIPT_FILES } from './taskRunners/packageScriptFiles';
import { TASK_RUNNER_FILES } from './taskRunners/taskRunnerFiles';

/**
 * Each family's reader of the files its programs run, by the kind of run its reader reports
 * (src/shell/shellAnalysis.ts `ShellScriptRun.how`): the one place that lists them, so the
 * mechanism reading a line's runs names no program.
 */
export const RUN_FILE_READERS: RunFileReaders = {
  make: MAKE_RUN_FILES,
  just: TASK_RUNNER_FILES,
  task: TASK_RUNNER_FILES,
  package: PACKAGE_SCRIPT_FILES,
  sqlite: SQLITE_RUN_FILES,
  sql: SQL_RUN_FILES,
  git: GIT_RUN_FILES,
  hook: GIT_HOOK_RUN_FILES,
  gitWorkTree: GIT_WORK_TREE_FILES,
  python: PYTHON_RUN_FILES,
  envFile: ENV_FILES,
  // no family's: the names a glob matches, read as the words of any command
  glob: OPTION_GLOB_FILES,
};
