import type { Decision } from '../../decision/decision';
import { isHeldCallCode } from '../../decision/reasons';
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

/**
 * Answers 'continue' for what a human approved; the governor checks the rules again. A held
 * control-file change is accepted, and the call that carried it does not run (the answer says
 * to call it again).
 */
function continueApproved(governor: Governor, call: Invocation, held: Decision): Decision {
  const answered = answerIfWaiting(governor, held, 'continue');
  if (answered) return answered;
  // the hold is gone (a new prompt, its time ran out), so decide this one again; a new hold for the same
  // question (its categories, or the same flow rule) is what the human approved, a held control-file change
  // or another question is not (they never saw it)
  const again = governor.handleToolCall(call.tool, call.args);
  return isHeldCallCode(held.code) && again.code === held.code
    ? (answerIfWaiting(governor, again, 'continue') ?? again)
    : again;
}

/**
 * Decides an invocation through the gateway. A call held when the SDK asked about approval is
 * answered 'continue' (the SDK runs it only after a human approved it); every other call goes
 * through `handleToolCall` now. The SDK does not ask about a call the run already approved
 * (`alwaysApprove` of the tool): such a call comes here unheld, and its approval answers a hold
 * of its own categories, never a held control-file change, which no human was shown.
 */
export function gatewayDecision(governor: Governor, call: Invocation): Decision {
  const held = call.callId === undefined ? undefined : heldCall(governor, call.runContext, call.callId);
  if (held && call.callId !== undefined) {
    heldCallsOf(governor).byCallId.delete(call.callId);
    return continueApproved(governor, call, held.decision);
  }
  const decision = governor.handleToolCall(call.tool, call.args);
  // a flow hold is not answered by an approval given before it: no person has read its reason
  if (decision.code !== 'needs_approval') return decision;
  // asked only now: approved for every call of the tool (alwaysApprove), or the state changed since the SDK asked
  return approvedByHuman(call) ? continueApproved(governor, call, decision) : decision;
}
