import type { Tool } from 'ai';
import { z } from 'zod';
import { COMMAND_PARAMETER_DESCRIPTION, commandReport, executeCommandDescription, type CommandReport } from '../../containment/commandReport';
import { runAllowedCommand, type GovernedCommandOptions } from '../../containment/governedCommand';
import type { Governor } from '../../governor/createGovernor';

/** The input of the governed `execute_command`. */
export interface ExecuteCommandInput {
  readonly command: string;
}

/** Options of `executeCommandAiTool`: the governor's plan and place, and the run's limits. */
export type ExecuteCommandToolOptions = Omit<GovernedCommandOptions, 'toolName' | 'cwd'>;

const inputSchema = z.object({ command: z.string().describe(COMMAND_PARAMETER_DESCRIPTION) });

/**
 * `execute_command` as an AI SDK tool that runs each command contained: put it under
 * `governTools` by that name, which decides every call before `execute` runs; `execute` then
 * runs the allowed command in the sandbox the governor's state shapes now (`plan` contain),
 * with bash as it is (`analysisOnly`: the decision rested on analysis alone), or not at all
 * (`refuse`). Give it the plan the governor was created with (`shellContainment`).
 *
 * @example
 * const plan = await containmentPlanFor(policy.containment);
 * const governor = createGovernor({ workspaceRoot, shellContainment: plan });
 * const governed = governTools(governor, { execute_command: executeCommandAiTool(governor, { plan, place: governorPlaceFor({ workspaceRoot }) }) });
 */
export function executeCommandAiTool(governor: Governor, options: ExecuteCommandToolOptions): Tool<ExecuteCommandInput, CommandReport> {
  return {
    description: executeCommandDescription(options.plan),
    inputSchema,
    execute: async ({ command }, { abortSignal }) =>
      commandReport(await runAllowedCommand(governor, command, { ...options, ...(abortSignal !== undefined && options.signal === undefined && { signal: abortSignal }) })),
  };
}
