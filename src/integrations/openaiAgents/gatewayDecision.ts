import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/createGovernor';
import { answerIfWaiting, heldCall, heldCallsOf, type ApprovalRecords } from './heldCalls';

/** One invocation of a governed tool, as the SDK makes it. */
export interface Invocation {
  readonly tool: string;
  /** the parsed arguments, or the raw text when it is not JSON (the governor refuses it) */
  readonly args: unknown;
  readonly runContext: ApprovalRecords & object;
  /** the SDK's call id; absent when the tool is invoked outside a run */
  readonly callId: string | undefined;
}

const approvedByHuman = (call: Invocation): boolean =>
  call.callId !== undefined && call.runContext.isToolApproved({ toolName: call.tool, callId: call.callId }) === true;

/** Answers 'continue' for a call a human approved; the governor checks the rules again. */
function continueApproved(governor: Governor, call: Invocation, held: Decision): Decision {
  const answered = answerIfWaiting(governor, held, 'continue');
  if (answered) return answered;
  // the governor holds one call at a time: another one (or a new prompt) replaced it, so hold this one again
  const again = governor.handleToolCall(call.tool, call.args);
  return again.verdict === 'ask' ? (answerIfWaiting(governor, again, 'continue') ?? again) : again;
}

/**
 * Decides an invocation through the gateway. A call held when the SDK asked about approval is
 * answered 'continue' (the SDK runs it only after a human approved it); every other call goes
 * through `handleToolCall` now.
 */
export function gatewayDecision(governor: Governor, call: Invocation): Decision {
  const held = call.callId === undefined ? undefined : heldCall(governor, call.runContext, call.callId);
  if (held && call.callId !== undefined) {
    heldCallsOf(governor).byCallId.delete(call.callId);
    return continueApproved(governor, call, held.decision);
  }
  const decision = governor.handleToolCall(call.tool, call.args);
  if (decision.verdict !== 'ask') return decision;
  // asked only now: approved for every call of the tool (alwaysApprove), or the state changed since the SDK asked
  return approvedByHuman(call) ? continueApproved(governor, call, decision) : decision;
}
