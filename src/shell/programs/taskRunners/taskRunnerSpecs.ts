import type { CommandSpecs } from '../../catalog/commandSpec';

/** just and task. */
export const TASK_RUNNER_COMMANDS: CommandSpecs = {
  // their recipes are read from the justfile or Taskfile, like make's (taskRunnerFiles.ts)
  just: {
    reader: 'just',
    runsProjectCode: true,
    // another justfile or folder, another shell, other variables
    runChangingOptions: [
      '-f',
      '--justfile',
      '-d',
      '--shell',
      '--shell-arg',
      '--dotenv-path',
      '--dotenv-filename',
      '-c',
      '--command',
      '--set',
    ],
  },
  task: { reader: 'task', aliases: ['go-task'], runsProjectCode: true, runChangingOptions: ['-d', '-t', '--taskfile'] },
};
