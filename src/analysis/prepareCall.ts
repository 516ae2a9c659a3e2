import type { CallOptions, ShellAnalyser } from './preparedShellRisk';
import type { ShellWork } from './shellWork';

/** What a call is prepared with: the governor's own statement of the analysis it needs. */
export interface WorkSource {
  shellWork(name: unknown, args?: unknown): ShellWork | undefined;
}

const NO_OPTIONS: CallOptions = Object.freeze({});

/**
 * The options a governor decides a call with: its shell analysis run ahead by `analyse` (a
 * worker pool), or none when the call runs no shell command or nothing analyses ahead. The
 * event loop waits for the answer without doing the work.
 *
 * @example
 * const options = await prepareCall(governor, 'execute_command', { command }, pool.analyse);
 * governor.handleToolCall('execute_command', { command }, options);
 */
export async function prepareCall(
  source: WorkSource,
  name: unknown,
  args: unknown,
  analyse: ShellAnalyser | undefined,
): Promise<CallOptions> {
  const work = analyse === undefined ? undefined : source.shellWork(name, args);
  return work === undefined || analyse === undefined ? NO_OPTIONS : { prepared: await analyse(work) };
}
