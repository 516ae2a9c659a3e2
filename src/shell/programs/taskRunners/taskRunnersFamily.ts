import type { ProgramFamily } from '../../registry/programFamily';
import { TASK_RUNNER_COMMANDS } from './taskRunnerSpecs';
import { packageScriptReader } from './packageScripts';
import { justReader, taskReader } from './taskRunnerReaders';
import { PACKAGE_SCRIPT_FILES } from './packageScriptFiles';
import { TASK_RUNNER_FILES } from './taskRunnerFiles';

/** The taskRunners family: just, task and the package.json scripts package managers run. */
export const TASK_RUNNERS_FAMILY: ProgramFamily = {
  specs: [() => TASK_RUNNER_COMMANDS],
  readers: { packageScript: packageScriptReader, just: justReader, task: taskReader },
  runFiles: { just: TASK_RUNNER_FILES, task: TASK_RUNNER_FILES, package: PACKAGE_SCRIPT_FILES },
};
