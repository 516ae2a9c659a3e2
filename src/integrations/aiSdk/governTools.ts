import type { ModelMessage, PrepareStepFunction, PrepareStepResult, Tool, ToolCallRepairFunction, ToolSet } from 'ai';
import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/createGovernor';
import { SELECT_ACTIVE_INTENT } from '../../tools/handshakeTools';
import { deniedToolCallIds } from './approvalMessages';
import { CallLedger } from './callLedger';
import { gateTool, type AiSdkTool } from './gateTool';
import { validateGovernToolsInput, type GovernToolsOptions } from './governToolsInput';
import { cancelHeldCall } from './heldCalls';
import { hiddenToolRepair } from './hiddenToolRepair';
import { selectActiveIntentAiTool, type SelectActiveIntentInput } from './selectActiveIntentAiTool';

/** The host's tools plus `select_active_intent` when they lack one. */
export type WithSelectActiveIntent<TOOLS extends ToolSet> = typeof SELECT_ACTIVE_INTENT extends keyof TOOLS
  ? TOOLS
  : TOOLS & { [SELECT_ACTIVE_INTENT]: Tool<SelectActiveIntentInput, string> };

/** What `governTools` returns: pass `tools`, `prepareStep` and `repairToolCall` to `generateText` or `streamText`. */
export interface GovernedTools<SET extends ToolSet> {
  /** a new record of wrapped copies; the host's record and tools are never changed */
  readonly tools: SET;
  /** pass as `prepareStep`: each step offers only the tools the governor allows in the current state */
  readonly prepareStep: PrepareStepFunction<SET>;
  /** pass as `experimental_repairToolCall`: a call to a tool the step did not offer gets the governor's reason */
  readonly repairToolCall: ToolCallRepairFunction<SET>;
  readonly governor: Governor;
  /** the tool names the governor offers now */
  activeTools(): Array<Extract<keyof SET, string>>;
  /** Reports the user's message (once per user message, before generateText); drops calls still waiting for a human. */
  userPrompt(text?: string): void;
  /** The governor's decision on a call waiting to run or waiting for a human; an 'ask' carries the confirmation prompt to show. */
  decisionFor(toolCallId: string): Decision | undefined;
}

type StepOptions<SET extends ToolSet> = Parameters<PrepareStepFunction<SET>>[0];
type ToolChoice<SET extends ToolSet> = NonNullable<NonNullable<PrepareStepResult<SET>>['toolChoice']>;

/**
 * Puts an AI SDK tool set under a governor. Each step offers only the tools the governor
 * allows now (`prepareStep` → `activeTools`); each call is decided by
 * `governor.handleToolCall`: a refusal comes back to the model as the tool result
 * (`{ error: 'denied', code, reason }`), a call safe mode holds becomes the SDK's
 * tool-approval request, an allowed call runs the original `execute`.
 *
 * @example
 * const governed = governTools(governor, { read_file, write_to_file }, { system: 'You are a coding agent.' });
 * governed.userPrompt(userText);
 * const result = await generateText({ model, messages, tools: governed.tools, prepareStep: governed.prepareStep,
 *   experimental_repairToolCall: governed.repairToolCall, stopWhen: stepCountIs(10) });
 */
export function governTools<TOOLS extends ToolSet>(
  governor: Governor,
  tools: TOOLS,
  options: GovernToolsOptions<TOOLS> & { readonly selectActiveIntent: false },
): GovernedTools<TOOLS>;
export function governTools<TOOLS extends ToolSet>(
  governor: Governor,
  tools: TOOLS,
  options?: GovernToolsOptions<WithSelectActiveIntent<TOOLS>>,
): GovernedTools<WithSelectActiveIntent<TOOLS>>;
export function governTools<TOOLS extends ToolSet>(
  governor: Governor,
  tools: TOOLS,
  options: GovernToolsOptions<WithSelectActiveIntent<TOOLS>> = {},
): GovernedTools<WithSelectActiveIntent<TOOLS>> {
  validateGovernToolsInput(governor, tools, options);
  type SET = WithSelectActiveIntent<TOOLS>;
  const ledger = new CallLedger();
  const context = { governor, ledger };
  const record: Record<string, AiSdkTool> = {};
  for (const [name, tool] of Object.entries(tools)) record[name] = gateTool(name, tool, context);
  if ((options.selectActiveIntent ?? true) && !Object.hasOwn(record, SELECT_ACTIVE_INTENT)) {
    record[SELECT_ACTIVE_INTENT] = gateTool(SELECT_ACTIVE_INTENT, selectActiveIntentAiTool(governor), context);
  }
  // the host's keys, each a wrapped copy, plus select_active_intent as the type says
  const governedTools = Object.freeze(record) as unknown as SET;
  const names = Object.keys(record);
  const isToolName = (name: string): name is Extract<keyof SET, string> => Object.hasOwn(record, name);
  const toolsForOptions = options.mode === undefined ? {} : { mode: options.mode };

  const activeTools = (): Array<Extract<keyof SET, string>> =>
    governor
      .toolsFor(
        governor.state,
        names.map((name) => ({ name })),
        toolsForOptions,
      )
      .map((definition) => definition.name)
      .filter(isToolName);
  // an unknown mode is misuse: throw now, not at the first step
  activeTools();

  const cancelRefusedApprovals = (messages: readonly ModelMessage[]): void => {
    for (const toolCallId of deniedToolCallIds(messages)) {
      const entry = ledger.take(toolCallId);
      if (entry) cancelHeldCall(governor, entry);
    }
  };

  const offeredChoice = (choice: unknown, offered: readonly string[]): ToolChoice<SET> | undefined => {
    if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
    const name: unknown = typeof choice === 'object' && choice !== null ? Reflect.get(choice, 'toolName') : undefined;
    // a forced tool the governor does not offer would force a call that cannot run
    return typeof name === 'string' && isToolName(name) && offered.includes(name)
      ? { type: 'tool', toolName: name }
      : undefined;
  };

  const prepareStep = async (step: StepOptions<SET>): Promise<PrepareStepResult<SET>> => {
    cancelRefusedApprovals(step.messages);
    const host = await options.prepareStep?.(step);
    const { activeTools: hostActive, toolChoice: hostChoice, ...hostRest } = host ?? {};
    const offered = activeTools().filter((name) => hostActive === undefined || hostActive.includes(name));
    const toolChoice = offeredChoice(hostChoice, offered);
    return {
      ...hostRest,
      activeTools: offered,
      ...(toolChoice !== undefined && { toolChoice }),
      ...(options.system !== undefined && { system: `${options.system}\n\n${governor.handshakePrompt()}` }),
    };
  };

  const repairToolCall: ToolCallRepairFunction<SET> = hiddenToolRepair({
    governor,
    governed: new Set(names),
    hostRepair: options.repairToolCall,
  });

  return {
    tools: governedTools,
    prepareStep,
    repairToolCall,
    governor,
    activeTools,
    userPrompt(text) {
      ledger.clear();
      governor.userPrompt(text);
    },
    decisionFor: (toolCallId) => ledger.peek(toolCallId)?.decision,
  };
}
