import type { ToolErrorFormatter, ToolExecutionConfig } from '@openai/agents';
import type { Governor } from '../../governor/createGovernor';
import { assertGovernor } from './assertGovernor';
import { heldCallsOf, settleRejectedCalls } from './heldCalls';

/** Run options that let the governor answer calls the SDK cannot dispatch itself. */
export interface GovernedRunOptions {
  /** a call to a tool the state hides gets a tool output, not a ModelBehaviorError */
  readonly toolNotFoundBehavior: 'return_error_to_model';
  readonly toolErrorFormatter: ToolErrorFormatter;
  /** one call at a time, in the model's order, so each is decided in the state the previous one left */
  readonly toolExecution: ToolExecutionConfig & { readonly maxFunctionToolConcurrency: 1 };
}

export interface GovernedRunOptionsInput {
  /** the host's own formatter, asked for every message the governor does not write */
  readonly toolErrorFormatter?: ToolErrorFormatter;
}

/** What the model reads when it called a governed tool the SDK did not offer it in that turn. */
function hiddenToolOutput(governor: Governor, toolName: string): string | undefined {
  const governed = heldCallsOf(governor).governedTools;
  if (!governed.has(toolName)) return undefined;
  const mode = governed.get(toolName);
  if (governor.toolsFor(governor.state, [{ name: toolName }], mode === undefined ? undefined : { mode }).length > 0) {
    // hidden when the model called it, offered now: a sibling call in the same turn changed the state
    return `Tool '${toolName}' was not available when this call was made; the lifecycle state changed during the turn. Call it again.`;
  }
  // the formatter gets no arguments, so the reason is the state's rule for the name, decided with no effects
  const decision = governor.isToolAllowed(toolName);
  return decision.allowed ? undefined : decision.reason;
}

/**
 * Options for `run()` or `new Runner()`: a model that calls a governed tool the current state
 * hides (a DESTRUCTIVE tool before `select_active_intent`) reads the governor's reason as the
 * tool's output instead of the SDK raising; a rejected approval is cancelled in the governor;
 * and the calls of one turn run one at a time, in order, as the lifecycle decides them.
 *
 * @example
 * const result = await run(agent, text, governedRunOptions(governor));
 */
export function governedRunOptions(governor: Governor, options?: GovernedRunOptionsInput): GovernedRunOptions {
  assertGovernor(governor, 'governedRunOptions');
  const host = options?.toolErrorFormatter;
  return {
    toolNotFoundBehavior: 'return_error_to_model',
    toolExecution: { maxFunctionToolConcurrency: 1 },
    toolErrorFormatter: async (args) => {
      if (args.kind === 'approval_rejected') settleRejectedCalls(governor, args.runContext);
      if (args.kind === 'tool_not_found') {
        const output = hiddenToolOutput(governor, args.toolName);
        if (output !== undefined) return output;
      }
      return host?.(args);
    },
  };
}
