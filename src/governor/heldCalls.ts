import type { HeldCall } from '../../machines/lifecycle';
import type { Decision } from '../decision/decision';
import { nameOnlyRequest } from '../tools/toolRequest';
import type { DecidedCall } from './callDecider';

/**
 * A call safe mode holds for a human, as the governor keeps it: its `needs_approval` decision
 * (with the five-part prompt) and the arguments it is decided again with when the human
 * answers. Bounded: the decision's texts are, and the arguments are at most
 * MAX_HELD_ARGUMENTS_BYTES (holdLimits.ts) as JSON; nothing else of the call (its paths, its command's
 * analysis) is kept.
 */
export interface HeldToolCall {
  /** the approval id that answers it */
  readonly id: string;
  readonly decision: Decision;
  readonly args: Readonly<Record<string, unknown>>;
  /** when it was held, by the governor's clock */
  readonly heldAt: number;
  /** the policy rule that asked a human about it: no session approval answers it, only an answer to this call */
  readonly askedBy?: string;
}

/** What the governor keeps of a call it just held. */
export function heldToolCall(decided: DecidedCall, heldAt: number): HeldToolCall {
  const askedBy = decided.event?.call.risk.askedBy;
  return { id: decided.decision.approval?.id ?? '', decision: decided.decision, args: decided.args, heldAt, ...(askedBy !== undefined && { askedBy }) };
}

/**
 * A held call as the decider restates it when a human answers: what answering it reads of its
 * request (the tool, its class, its categories, the rule that asked) and its risk as the
 * decision shows it.
 */
export function decidedCallOf(held: HeldToolCall, unapproved: HeldCall['categories']): DecidedCall {
  const { decision } = held;
  const call = {
    ...nameOnlyRequest(decision.tool, decision.toolClass),
    hasArgs: true,
    risk: { categories: decision.categories, unapproved, approvalId: held.id, ...(held.askedBy !== undefined && { askedBy: held.askedBy }) },
  };
  return { decision, event: { type: 'tool.requested', call }, args: held.args, risk: { categories: decision.categories, evidence: decision.evidence } };
}
