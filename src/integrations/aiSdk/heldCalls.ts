import type { Decision } from '../../decision/decision';
import { isHeldCallCode } from '../../decision/reasons';
import type { Governor } from '../../governor/createGovernor';
import type { LedgerEntry } from './callLedger';

const isHeld = (governor: Governor, decision: Decision): boolean =>
  decision.approval !== undefined && governor.waitingFor(decision.approval.id) !== undefined;

/**
 * The decision for a call the SDK is about to run. An 'allow' or 'deny' stands as made. The SDK
 * runs an 'ask' call only after a human approved it in a `tool-approval-response`, so what the
 * governor holds under that approval is answered 'continue': a held call is checked against
 * every other rule again and runs; a held control-file change is accepted, and the call that
 * carried the question does not run (the answer's decision says to call it again). When the
 * hold is gone (a new prompt, a session approval or its time ran out), the call is decided
 * again, and a new hold for the same question (its categories, or the same flow rule) is
 * answered the same way, since the human approved this very call; a held control-file change
 * or another question is not, since the human never saw it.
 */
export function decisionToRun(governor: Governor, entry: LedgerEntry, input: unknown): Decision {
  const { decision } = entry;
  if (decision.verdict !== 'ask' || decision.approval === undefined) return decision;
  if (isHeld(governor, decision)) return governor.resolveApproval(decision.approval.id, 'continue');
  const again = governor.handleToolCall(entry.tool, input);
  // the same question: a hold of its categories, or of the same flow rule, which the human read when approving
  const sameQuestion = isHeldCallCode(decision.code) && again.code === decision.code;
  return sameQuestion && again.approval ? governor.resolveApproval(again.approval.id, 'continue') : again;
}

/**
 * The decision for a call that reached `execute` without being decided first (a host calling
 * `execute` itself). No human can be asked from here, so a call safe mode would hold is refused
 * and its hold dropped; the refusal keeps the 'needs_approval' reason.
 */
export function decisionWithoutApproval(governor: Governor, tool: string, input: unknown): Decision {
  const decision = governor.handleToolCall(tool, input);
  if (decision.verdict === 'ask' && decision.approval) governor.resolveApproval(decision.approval.id, 'cancel');
  return decision;
}

/** A human refused the call in a `tool-approval-response`: the governor's hold, if it is still this call's, is cancelled. */
export function cancelHeldCall(governor: Governor, entry: LedgerEntry): void {
  const { decision } = entry;
  if (decision.approval && isHeld(governor, decision)) governor.resolveApproval(decision.approval.id, 'cancel');
}
