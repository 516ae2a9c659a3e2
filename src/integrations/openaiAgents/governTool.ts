import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/createGovernor';
import { decidedInvokeOf } from './decidedInvoke';
import { gatewayDecision } from './gatewayDecision';
import type { GovernableTool } from './governableTool';
import { heldCall, heldCallsOf, isWaiting, settleRejectedCalls } from './heldCalls';

export interface GovernSettings {
  /** a mode from the governor's `modes`, narrowing the tools the model sees */
  readonly mode: string | undefined;
}

// the SDK hands the arguments over as JSON text; text that is not JSON goes to the governor as is, which refuses it
function parseArguments(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/** The text the model reads instead of the tool's output when the call may not run. */
export function refusalText(decision: Decision): string {
  const reason = decision.reason ?? `'${decision.tool}' may not run (${decision.code}).`;
  return decision.verdict === 'ask'
    ? `${reason} No human approved this call, so it did not run; call the tool again to ask for approval.`
    : reason;
}

/**
 * A new function tool that behaves like `tool` under the governor: enabled only when the
 * lifecycle state allows it, held for approval when safe mode asks, and run only when the
 * gateway allows the call. `tool` itself is never changed.
 */
export function governTool<Context>(
  tool: GovernableTool<Context>,
  governor: Governor,
  settings: GovernSettings,
): GovernableTool<Context> {
  const name = tool.name;
  const modeOption = settings.mode === undefined ? undefined : { mode: settings.mode };

  const isEnabled: GovernableTool<Context>['isEnabled'] = async (runContext, agent) => {
    settleRejectedCalls(governor, runContext);
    if (governor.toolsFor(governor.state, [{ name }], modeOption).length === 0) return false;
    return tool.isEnabled(runContext, agent);
  };

  const needsApproval: GovernableTool<Context>['needsApproval'] = async (runContext, input, callId) => {
    settleRejectedCalls(governor, runContext);
    const held = callId === undefined ? undefined : heldCall(governor, runContext, callId);
    if (held && callId !== undefined) {
      // asked again on resume while the human has not decided yet
      if (isWaiting(governor, held.decision)) return true;
      // released meanwhile (a session approval, a new prompt) or replaced by another held call: decide afresh
      heldCallsOf(governor).byCallId.delete(callId);
    }
    const probe = governor.isToolAllowed(name, input);
    // a refused call needs no human: the invocation returns the reason
    if (probe.verdict === 'deny') return false;
    if (probe.verdict === 'allow') return tool.needsApproval(runContext, input, callId);
    // safe mode (or a held control-file change) asks: hold the call now, so the human's answer can go to the governor
    const decision = governor.handleToolCall(name, input);
    if (decision.verdict !== 'ask') return false;
    if (callId !== undefined) {
      const approvedBeforeAsked = runContext.isToolApproved({ toolName: name, callId }) === true;
      heldCallsOf(governor).byCallId.set(callId, { tool: name, decision, runContext, approvedBeforeAsked });
    }
    return true;
  };

  const invoke: GovernableTool<Context>['invoke'] = async (runContext, input, details) => {
    settleRejectedCalls(governor, runContext);
    const decision = gatewayDecision(governor, {
      tool: name,
      args: parseArguments(input),
      runContext,
      callId: details?.toolCall?.callId,
    });
    if (!decision.allowed) return refusalText(decision);
    // a tool that runs what the decision allows (a contained command) is given the decision itself
    const decided = decidedInvokeOf(tool);
    return decided ? decided(input, decision) : tool.invoke(runContext, input, details);
  };

  return { ...tool, isEnabled, needsApproval, invoke };
}
