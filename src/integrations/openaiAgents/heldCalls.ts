import type { RunContext } from '@openai/agents';
import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/createGovernor';

/** The part of a run's RunContext that knows what a human approved or rejected. */
export type ApprovalRecords = Pick<RunContext, 'isToolApproved'>;

/** A call safe mode held when the SDK asked whether it needs approval. */
export interface HeldCall {
  readonly tool: string;
  /** the 'ask' decision, with the approval id and the confirmation prompt */
  readonly decision: Decision;
  /** the run the call belongs to; call ids are only unique within one */
  readonly runContext: object;
  /**
   * the run had approved the call before the governor held it (`alwaysApprove` of the tool), so
   * the SDK runs it without asking: that approval answers a safe-mode hold, never a held
   * control-file change, which no human saw
   */
  readonly approvedBeforeAsked: boolean;
}

/** What the adapter remembers for one governor: the tools it governs and the calls waiting for a human. */
export interface HeldCalls {
  /** each governed tool name with the mode its tool set was governed in */
  readonly governedTools: Map<string, string | undefined>;
  /** held calls by the SDK's call id */
  readonly byCallId: Map<string, HeldCall>;
}

// one record per governor, shared by every tool set governed with it and by its run options
const records = new WeakMap<Governor, HeldCalls>();

/** The held calls of a governor, created on first use. */
export function heldCallsOf(governor: Governor): HeldCalls {
  let held = records.get(governor);
  if (!held) {
    held = { governedTools: new Map(), byCallId: new Map() };
    records.set(governor, held);
  }
  return held;
}

/** The held call with this id in this run, if any. */
export function heldCall(governor: Governor, runContext: object, callId: string): HeldCall | undefined {
  const call = heldCallsOf(governor).byCallId.get(callId);
  return call?.runContext === runContext ? call : undefined;
}

/** Whether the governor still waits for a human on this 'ask' decision. */
export function isWaiting(governor: Governor, decision: Decision): boolean {
  const id = decision.approval?.id;
  return id !== undefined && governor.waitingFor(id) !== undefined;
}

/** Answers the governor's hold of this decision with `answer` while it still waits. */
export function answerIfWaiting(
  governor: Governor,
  decision: Decision,
  answer: 'continue' | 'cancel',
): Decision | undefined {
  const id = decision.approval?.id;
  return id !== undefined && isWaiting(governor, decision) ? governor.resolveApproval(id, answer) : undefined;
}

/**
 * Cancels the held calls a human rejected in this run (RunState.reject), so the governor stops
 * waiting for them and the trace records the cancellation. The SDK has no rejection hook for
 * function tools, so this runs whenever the run next reaches a governed tool or the error formatter.
 */
export function settleRejectedCalls(governor: Governor, runContext: ApprovalRecords): void {
  const { byCallId } = heldCallsOf(governor);
  for (const [callId, call] of byCallId) {
    if (call.runContext !== runContext) continue;
    if (runContext.isToolApproved({ toolName: call.tool, callId }) !== false) continue;
    byCallId.delete(callId);
    answerIfWaiting(governor, call.decision, 'cancel');
  }
}
