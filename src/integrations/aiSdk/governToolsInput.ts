import type { PrepareStepFunction, ToolCallRepairFunction, ToolSet } from 'ai';
import { z } from 'zod';
import { describeValue } from '../../text/describeValue';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError';
import { formatIssues } from '../../intents/intent';
import { toolNameProblem } from '../../tools/toolRequest';

/** Options of `governTools`; every field is optional. `SET` is the governed tool set. */
export interface GovernToolsOptions<SET extends ToolSet = ToolSet> {
  /** add `select_active_intent` when the tools lack one (default true) */
  readonly selectActiveIntent?: boolean;
  /** a mode from the governor's `modes` option: it narrows the tools offered */
  readonly mode?: string;
  /** your system prompt: each step then sends it followed by the governor's handshake prompt for the current state */
  readonly system?: string;
  /** your own `prepareStep`, run first: its `activeTools` can only narrow the governor's */
  readonly prepareStep?: PrepareStepFunction<SET>;
  /** your own `experimental_repairToolCall`, for every call this integration does not answer */
  readonly repairToolCall?: ToolCallRepairFunction<SET>;
}

const isFunction = (value: unknown): boolean => typeof value === 'function';

const optionsSchema = z.strictObject({
  selectActiveIntent: z.boolean().optional(),
  mode: z.string().min(1).optional(),
  system: z.string().optional(),
  prepareStep: z.custom<PrepareStepFunction<ToolSet>>(isFunction, 'expected a prepareStep function').optional(),
  repairToolCall: z.custom<ToolCallRepairFunction<ToolSet>>(isFunction, 'expected a repair function').optional(),
});

// what the integration calls on the governor
const GOVERNOR_METHODS = [
  'handleToolCall',
  'isToolAllowed',
  'toolsFor',
  'resolveApproval',
  'userPrompt',
  'handshakePrompt',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function governorIssues(governor: unknown): string[] {
  if (!isRecord(governor))
    return [`governor: expected the object createGovernor returns, got ${describeValue(governor)}`];
  return GOVERNOR_METHODS.filter((method) => !isFunction(Reflect.get(governor, method))).map(
    (method) => `governor.${method}: expected a function; pass the object createGovernor returns`,
  );
}

function toolIssues(name: string, tool: unknown): string[] {
  const problem = toolNameProblem(name);
  if (problem) return [`tools['${describeValue(name)}']: ${problem}`];
  if (!isRecord(tool)) return [`tools.${name}: expected an AI SDK tool object, got ${describeValue(tool)}`];
  const issues: string[] = [];
  for (const field of ['execute', 'toModelOutput'] as const) {
    const value = Reflect.get(tool, field);
    if (value !== undefined && !isFunction(value))
      issues.push(`tools.${name}.${field}: expected a function, got ${describeValue(value)}`);
  }
  const approval = Reflect.get(tool, 'needsApproval');
  if (approval !== undefined && typeof approval !== 'boolean' && !isFunction(approval)) {
    issues.push(`tools.${name}.needsApproval: expected a boolean or a function, got ${describeValue(approval)}`);
  }
  return issues;
}

function toolsIssues(tools: unknown): string[] {
  if (!isRecord(tools) || Array.isArray(tools)) {
    return [`tools: expected a record of AI SDK tools ({ name: tool({...}) }), got ${describeValue(tools)}`];
  }
  return Object.entries(tools).flatMap(([name, tool]) => toolIssues(name, tool));
}

/** Checks every input of `governTools` at once and throws one InvalidArgumentError listing each problem. */
export function validateGovernToolsInput(governor: unknown, tools: unknown, options: unknown): void {
  const parsed = optionsSchema.safeParse(options ?? {});
  const issues = [
    ...governorIssues(governor),
    ...toolsIssues(tools),
    ...(parsed.success ? [] : formatIssues(parsed.error, 'options')),
  ];
  if (issues.length > 0) throw new InvalidArgumentError(`governTools: invalid input:\n- ${issues.join('\n- ')}`);
}
