import type { CommandSpecs } from '../../catalog/commandSpec';

/** just and task. */
export const TASK_RUNNER_COMMANDS: CommandSpecs = {
  // their recipes are read from the justfile or Taskfile, like make's (taskRunnerFiles.ts)
  just: { reader: 'just', runsProjectCode: true },
  task: { reader: 'task', aliases: ['go-task'], runsProjectCode: true },
};
