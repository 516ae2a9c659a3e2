import type { HeldCall } from '../../machines/lifecycle';
import type { Decision } from '../decision/decision';
import type { Evidence } from '../categories/evidence';
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

/** How many evidence items a held call keeps per category: enough to show why, not every operand of a long command. */
export const HELD_EVIDENCE_PER_CATEGORY = 4;

/** The longest text an evidence item of a held call keeps (its trigger, note and details). */
export const HELD_EVIDENCE_TEXT = 240;

const clipped = (text: string): string =>
  text.length > HELD_EVIDENCE_TEXT ? `${text.slice(0, HELD_EVIDENCE_TEXT - 1)}…` : text;

function clippedEvidence(item: Evidence): Evidence {
  const { category, argument, trigger, note, details } = item;
  const kept: Evidence = {
    category,
    argument: clipped(argument),
    trigger: clipped(trigger),
    note: clipped(note),
    details: [clipped(details[0]), clipped(details[1]), clipped(details[2])],
  };
  return Object.freeze(item.unseen === true ? { ...kept, unseen: true } : kept);
}

const isLong = (item: Evidence): boolean =>
  item.argument.length > HELD_EVIDENCE_TEXT ||
  item.trigger.length > HELD_EVIDENCE_TEXT ||
  item.note.length > HELD_EVIDENCE_TEXT ||
  item.details.some((text) => text.length > HELD_EVIDENCE_TEXT);

/**
 * The decision a held call is kept with: its evidence capped at HELD_EVIDENCE_PER_CATEGORY items
 * per category, each text clipped, so a long command's hold costs a few KB rather than ten times
 * the command (the session store, the session view and a snapshot keep it until the answer). A
 * decision within the caps is kept as it is; the categories never change.
 */
export function compactHeldDecision(decision: Decision): Decision {
  const counts = new Map<string, number>();
  let over = false;
  for (const item of decision.evidence) {
    const seen = (counts.get(item.category) ?? 0) + 1;
    counts.set(item.category, seen);
    if (seen > HELD_EVIDENCE_PER_CATEGORY || isLong(item)) over = true;
  }
  if (!over) return decision;
  counts.clear();
  const evidence: Evidence[] = [];
  for (const item of decision.evidence) {
    const seen = (counts.get(item.category) ?? 0) + 1;
    counts.set(item.category, seen);
    if (seen <= HELD_EVIDENCE_PER_CATEGORY) evidence.push(clippedEvidence(item));
  }
  return Object.freeze({ ...decision, evidence: Object.freeze(evidence) });
}

/** What the governor keeps of a call it just held: its decision compacted, its arguments as they were. */
export function heldToolCall(decided: DecidedCall, heldAt: number): HeldToolCall {
  const askedBy = decided.event?.call.risk.askedBy;
  return {
    id: decided.decision.approval?.id ?? '',
    decision: compactHeldDecision(decided.decision),
    args: decided.args,
    heldAt,
    ...(askedBy !== undefined && { askedBy }),
  };
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
    risk: {
      categories: decision.categories,
      unapproved,
      approvalId: held.id,
      ...(held.askedBy !== undefined && { askedBy: held.askedBy }),
    },
  };
  return {
    decision,
    event: { type: 'tool.requested', call },
    args: held.args,
    risk: { categories: decision.categories, evidence: decision.evidence },
  };
}
