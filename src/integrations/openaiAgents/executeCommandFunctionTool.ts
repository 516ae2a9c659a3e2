import { tool } from '@openai/agents';
import {
  COMMAND_PARAMETER_DESCRIPTION,
  commandReport,
  executeCommandDescription,
} from '../../containment/commandReport';
import { EXECUTE_COMMAND, runAllowedCommand, type GovernedCommandOptions } from '../../containment/governedCommand';
import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/createGovernor';
import { DECIDED_INVOKE, type DecidedInvoke } from './decidedInvoke';
import type { GovernableTool } from './governableTool';

/** Options of `executeCommandFunctionTool`: the governor's plan and place, and the run's limits. */
export type ExecuteCommandFunctionToolOptions = Omit<GovernedCommandOptions, 'toolName' | 'cwd'>;

// the SDK's strict JSON-schema shape, spelled out because the SDK does not export its name
interface CommandParameters {
  type: 'object';
  properties: { command: { type: 'string'; description: string } };
  required: 'command'[];
  additionalProperties: false;
}

// the SDK hands the arguments over as JSON text
function parseArguments(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return undefined;
  }
}

const isCommand = (value: unknown): value is { readonly command: string } =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'command') === 'string';

/**
 * `execute_command` as an Agents SDK function tool that runs each command contained: put it
 * under `governAgentTools`, whose gateway decides every call before it runs; it then runs the
 * allowed command in the sandbox the governor's state shapes now (`plan` contain), with bash
 * as it is (`analysisOnly`: the decision rested on analysis alone), or not at all (`refuse`).
 * Give it the plan the governor was created with (`shellContainment`). The model reads the
 * exit code, stdout and stderr as JSON text.
 *
 * @example
 * const plan = await containmentPlanFor(policy.containment);
 * const governor = createGovernor({ workspaceRoot, shellContainment: plan });
 * const tools = governAgentTools(governor, [executeCommandFunctionTool(governor, { plan, place: governorPlaceFor({ workspaceRoot }) })]);
 */
export function executeCommandFunctionTool<Context = unknown>(
  governor: Governor,
  options: ExecuteCommandFunctionToolOptions,
): GovernableTool<Context> {
  const run = async (input: unknown, decision: Decision | undefined): Promise<string> => {
    // strict parameters make this a string; a host calling invoke itself may not
    if (!isCommand(input))
      return JSON.stringify({ error: 'not_run', reason: 'execute_command needs { "command": string }' });
    return JSON.stringify(
      commandReport(
        await runAllowedCommand(governor, input.command, { ...options, ...(decision !== undefined && { decision }) }),
      ),
    );
  };
  const decidedInvoke: DecidedInvoke = (input, decision) => run(parseArguments(input), decision);
  const executeCommand = tool<CommandParameters, Context>({
    name: EXECUTE_COMMAND,
    description: executeCommandDescription(options.plan),
    parameters: {
      type: 'object',
      properties: { command: { type: 'string', description: COMMAND_PARAMETER_DESCRIPTION } },
      required: ['command'],
      additionalProperties: false,
    },
    strict: true,
    // invoked without the gateway: the runner asks the governor what it must know
    execute: (input) => run(input, undefined),
  });
  return Object.assign(executeCommand, { [DECIDED_INVOKE]: decidedInvoke });
}
