import type { ToolCallRepairFunction, ToolSet } from 'ai';
import { StateViolationError } from '../../errors/StateViolationError';
import type { Governor } from '../../governor/createGovernor';

export interface HiddenToolRepairContext<SET extends ToolSet> {
  readonly governor: Governor;
  /** the names of the governed tool set */
  readonly governed: ReadonlySet<string>;
  /** the host's repair function, for everything else */
  readonly hostRepair: ToolCallRepairFunction<SET> | undefined;
}

// the SDK treats an empty input as no arguments; unparsable text goes to the governor as it is (invalid_arguments)
function parseToolInput(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * An `experimental_repairToolCall` for calls to governed tools the step did not offer (a
 * model writing before `select_active_intent`). The SDK rejects such a call before any tool
 * runs; the governor decides it, and a refusal is thrown as a StateViolationError, whose
 * message (the governor's reason) the SDK hands to the model as the call's error result.
 * Only refusals are decided: a call the governor would allow but the step hid (a mode, the
 * host's own prepareStep) must not change the lifecycle, so the SDK's own error stands.
 */
export function hiddenToolRepair<SET extends ToolSet>(
  context: HiddenToolRepairContext<SET>,
): ToolCallRepairFunction<SET> {
  const { governor, governed, hostRepair } = context;
  return async (options) => {
    const { toolCall, tools } = options;
    const name = toolCall.toolName;
    if (governed.has(name) && !Object.hasOwn(tools, name)) {
      const input = parseToolInput(toolCall.input);
      if (governor.isToolAllowed(name, input).verdict === 'deny') {
        const decision = governor.handleToolCall(name, input);
        if (!decision.allowed) throw new StateViolationError(decision);
      }
    }
    return hostRepair ? hostRepair(options) : null;
  };
}
