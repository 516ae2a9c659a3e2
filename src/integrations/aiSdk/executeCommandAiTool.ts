import type { Tool } from 'ai';
import { z } from 'zod';
import {
  COMMAND_PARAMETER_DESCRIPTION,
  commandReport,
  executeCommandDescription,
  type CommandReport,
} from '../../containment/commandReport';
import { runAllowedCommand, type GovernedCommandOptions } from '../../containment/governedCommand';
import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/createGovernor';
import { DECIDED_RUN, type DecidedRun } from './decidedRun';

/** The input of the governed `execute_command`. */
export interface ExecuteCommandInput {
  readonly command: string;
}

/** Options of `executeCommandAiTool`: the governor's plan and place, and the run's limits. */
export type ExecuteCommandToolOptions = Omit<GovernedCommandOptions, 'toolName' | 'cwd'>;

const isCommand = (value: unknown): value is ExecuteCommandInput =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'command') === 'string';

const inputSchema = z.object({ command: z.string().describe(COMMAND_PARAMETER_DESCRIPTION) });

/**
 * `execute_command` as an AI SDK tool that runs each command contained: put it under
 * `governTools` by that name, which decides every call before `execute` runs and hands that
 * decision over (a person's Continue makes the paths it allowed once writable); it then runs the allowed
 * command in the sandbox the governor's state shapes now (`plan` contain),
 * with bash as it is (`analysisOnly`: the decision rested on analysis alone), or not at all
 * (`refuse`). Give it the plan the governor was created with (`shellContainment`).
 *
 * @example
 * const plan = await containmentPlanFor(policy.containment);
 * const governor = createGovernor({ workspaceRoot, shellContainment: plan });
 * const governed = governTools(governor, { execute_command: executeCommandAiTool(governor, { plan, place: governorPlaceFor({ workspaceRoot }) }) });
 */
export function executeCommandAiTool(
  governor: Governor,
  options: ExecuteCommandToolOptions,
): Tool<ExecuteCommandInput, CommandReport> {
  const run = async (
    command: string,
    abortSignal: AbortSignal | undefined,
    decision: Decision | undefined,
  ): Promise<CommandReport> =>
    commandReport(
      await runAllowedCommand(governor, command, {
        ...options,
        ...(abortSignal !== undefined && options.signal === undefined && { signal: abortSignal }),
        ...(decision !== undefined && { decision }),
      }),
    );
  const decidedRun: DecidedRun = (input, { abortSignal }, decision) =>
    isCommand(input)
      ? run(input.command, abortSignal, decision)
      : { error: 'not_run', reason: 'execute_command needs { command: string }' };
  const executeCommand: Tool<ExecuteCommandInput, CommandReport> = {
    description: executeCommandDescription(options.plan),
    inputSchema,
    // called by the host without the gate: the runner asks the governor what it must know
    execute: ({ command }, { abortSignal }) => run(command, abortSignal, undefined),
  };
  return Object.assign(executeCommand, { [DECIDED_RUN]: decidedRun });
}
