import { describeValue } from '../../text/describeValue';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError';
import type { Governor } from '../../governor/createGovernor';
import { SELECT_ACTIVE_INTENT } from '../../tools/handshakeTools';
import { assertGovernor } from './assertGovernor';
import { parseGovernOptions, type GovernAgentToolsOptions } from './governOptions';
import { toolProblem, type GovernableTool } from './governableTool';
import { governTool } from './governTool';
import { heldCallsOf } from './heldCalls';
import { selectActiveIntentFunctionTool } from './selectActiveIntentFunctionTool';

function assertTools(tools: unknown): void {
  if (!Array.isArray(tools))
    throw new InvalidArgumentError(
      `governAgentTools: tools must be an array of function tools, got ${describeValue(tools)}.`,
    );
  const seen = new Set<string>();
  tools.forEach((candidate: unknown, index) => {
    const problem = toolProblem(candidate);
    if (problem) throw new InvalidArgumentError(`governAgentTools: tools[${index}] ${problem}.`);
    const name = String(Reflect.get(candidate as object, 'name'));
    if (seen.has(name))
      throw new InvalidArgumentError(
        `governAgentTools: tools[${index}] repeats the name '${name}'; tool names must be unique.`,
      );
    seen.add(name);
  });
}

/**
 * Puts Agents SDK function tools under a governor: returns new tools (the given ones are never
 * changed) that the model sees only when the lifecycle state allows them, that wait for a
 * human when safe mode asks, and whose every call goes through `governor.handleToolCall`.
 * Adds `select_active_intent` when the tools lack it.
 *
 * @example
 * const governor = createGovernor({ workspaceRoot: '/repo' });
 * const agent = new Agent({ name: 'coder', instructions: () => governor.handshakePrompt(), tools: governAgentTools(governor, [readFile, writeFile]) });
 * governor.userPrompt(text);
 * const result = await run(agent, text, governedRunOptions(governor));
 */
export function governAgentTools<Context = unknown>(
  governor: Governor,
  tools: readonly GovernableTool<Context>[],
  options?: GovernAgentToolsOptions,
): GovernableTool<Context>[] {
  assertGovernor(governor, 'governAgentTools');
  assertTools(tools);
  const { mode, selectActiveIntent = true } = parseGovernOptions(options);
  // an unknown mode throws InvalidArgumentError here, not in the middle of a run
  governor.toolsFor(governor.state, [], mode === undefined ? undefined : { mode });
  const hasSelection = tools.some((tool) => tool.name === SELECT_ACTIVE_INTENT);
  const catalog: readonly GovernableTool<Context>[] =
    selectActiveIntent && !hasSelection ? [...tools, selectActiveIntentFunctionTool<Context>(governor)] : tools;
  const { governedTools } = heldCallsOf(governor);
  for (const tool of catalog) governedTools.set(tool.name, mode);
  return catalog.map((tool) => governTool(tool, governor, { mode }));
}
