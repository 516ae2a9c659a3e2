import { isOrchestrationPresent } from '../intents/orchestration';
import type { Decision } from '../decision/decision';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { approvedCategoriesOf, validateApprovalAnswer, type ApprovalAnswer } from '../safeMode/sessionApprovals';
import { describeValue } from '../text/describeValue';
import { answeredCall, approverOf, type ApprovedBy } from './answeredBy';
import type { DecidedCall } from './callDecider';
import { traceDecision, waitingApprovalIds, type GovernorParts } from './governorParts';
import { decidedCallOf, type HeldToolCall } from './heldCalls';

/** A human's answer to what waits under `id`, and who gave it. */
export interface HeldCallAnswer {
  readonly id: string;
  readonly answer: ApprovalAnswer;
  readonly by?: ApprovedBy | undefined;
}

/** What answering needs of the governor itself. */
export interface AnsweringGovernor {
  /** throws when the governor is stopped */
  assertRunning(): void;
  /** decides a call anew as the agent's own call, for an answer that edits the arguments */
  callAgain(tool: string, args: unknown): Decision;
}

const isOverdue = (parts: GovernorParts, kept: HeldToolCall): boolean =>
  parts.config.now() - kept.heldAt > parts.config.heldCallTtlMs;

const MAX_FLOW_WHAT = 512;

/** Marks the session with what a call that ran read: the flow region remembers the first call of each kind. */
export function markFlowReads(parts: GovernorParts, call: DecidedCall, number: number): void {
  for (const read of call.flowReads ?? [])
    parts.lifecycle.send({
      type: 'flow.read',
      kind: read.kind,
      // bounded: a mark is kept in snapshots and shown in prompts
      source: { call: Math.max(1, number), tool: call.decision.tool, what: read.what.slice(0, MAX_FLOW_WHAT) },
    });
}

/** Refuses a held call no human answered in time, traced as such, and ends its hold. */
function expire(parts: GovernorParts, call: DecidedCall): Decision {
  const { decision } = traceDecision(
    parts,
    parts.decider.restate(call, { code: 'approval_expired', snapshot: parts.lifecycle.getSnapshot() }),
    call.args,
  );
  parts.lifecycle.send({ type: 'approval.denied', id: call.decision.approval?.id ?? '' });
  return decision;
}

/** Held calls past their time leave the queue before the next call is decided, so they never fill it. */
export function expireOverdueCalls(parts: GovernorParts): void {
  const queue = parts.lifecycle.getSnapshot().context.heldCalls;
  if (queue.length === 0) return;
  for (const kept of parts.held.list()) {
    const record = queue.find((call) => call.id === kept.id);
    if (record && isOverdue(parts, kept)) expire(parts, decidedCallOf(kept, record.categories));
  }
}

// decided again with no hold to join, a held call the grants now cover is not held
const coveredNow = (parts: GovernorParts, kept: HeldToolCall): boolean =>
  parts.decider.decideCall({
    name: kept.decision.tool,
    args: kept.args,
    snapshot: parts.lifecycle.getSnapshot(),
    approvalId: kept.id,
  }).decision.code !== 'needs_approval';

/**
 * Lets go of every held call the session's approvals and grants now cover, for the agent to
 * call again: each is decided again as it was held. A held control-file change has no
 * categories, and a call a policy rule holds waits for an answer to itself.
 */
export function releaseHeldCallsNowApproved(parts: GovernorParts): void {
  const approved = approvedCategoriesOf(parts.approvals);
  for (const record of parts.lifecycle.getSnapshot().context.heldCalls) {
    const kept = parts.held.find(record.id);
    if (kept?.askedBy !== undefined) continue;
    const covered =
      record.categories.every((category) => approved.includes(category)) ||
      (kept !== undefined && coveredNow(parts, kept));
    if (covered) parts.lifecycle.send({ type: 'approval.granted', id: record.id, scope: 'session' });
  }
}

function heldCallFor(parts: GovernorParts, id: string): { readonly kept: HeldToolCall; readonly call: DecidedCall } {
  const record = parts.lifecycle.getSnapshot().context.heldCalls.find((call) => call.id === id);
  const kept = record && parts.held.find(id);
  if (!record || !kept) {
    const waiting = waitingApprovalIds(parts).map((each) => `'${each}'`);
    throw new InvalidArgumentError(
      `resolveApproval: nothing is waiting for approval ` +
        `'${describeValue(id)}'${waiting.length > 0 ? `; waiting: ${waiting.join(', ')}` : '; none is waiting'}.`,
    );
  }
  return { kept, call: decidedCallOf(kept, record.categories) };
}

/** Answers what waits under an id; decisions traced meanwhile carry the answer and who gave it. */
export function answerHeldCall(parts: GovernorParts, answer: HeldCallAnswer, governor: AnsweringGovernor): Decision {
  const before = parts.answering;
  parts.answering = answeredCall(
    answer.id,
    answer.answer,
    approverOf('resolveApproval', answer.by),
    parts.controlFiles.heldDecision()?.approval?.id === answer.id,
  );
  try {
    return answerHeld(parts, answer, governor);
  } finally {
    parts.answering = before;
  }
}

function answerHeld(parts: GovernorParts, { id, answer }: HeldCallAnswer, governor: AnsweringGovernor): Decision {
  const { lifecycle, decider } = parts;
  governor.assertRunning();
  const valid = validateApprovalAnswer(answer);
  // a held control-file change is answered by accepting or rejecting it
  const answered = parts.controlFiles.answer(id, valid, isOrchestrationPresent(parts.config.orchestrationDir));
  if (answered) return answered;
  const { kept, call } = heldCallFor(parts, id);
  if (isOverdue(parts, kept)) return expire(parts, call);
  // every answer but 'details' sends the chart an approval event, which ends the hold
  if (valid.kind === 'details') return call.decision;
  if (valid.kind === 'edit') {
    lifecycle.send({ type: 'approval.denied', id });
    return governor.callAgain(call.decision.tool, valid.args);
  }
  const snapshot = lifecycle.getSnapshot();
  if (valid.kind === 'cancel') {
    const { decision: cancelled } = traceDecision(
      parts,
      decider.restate(call, { code: 'approval_cancelled', snapshot }),
      call.args,
    );
    lifecycle.send({ type: 'approval.denied', id });
    return cancelled;
  }
  // approval never cancels the rules: the call is decided again, with its categories approved once
  const outside = call.decision.approval?.outsideScope;
  const again = decider.decideCall({
    name: call.decision.tool,
    args: call.args,
    snapshot,
    approvalId: id,
    alsoApproved: call.decision.approval?.categories ?? [],
    ...(outside !== undefined && { alsoAllowedOutside: outside }),
  });
  const { decision, traced } = traceDecision(
    parts,
    again.decision.allowed ? decider.restate(call, { code: 'approved_once', snapshot }) : again.decision,
    call.args,
  );
  if (!traced.ok || !decision.allowed) {
    lifecycle.send({ type: 'approval.denied', id });
    return traced.ok
      ? decision
      : decider.restate(call, { code: 'trace_unavailable', snapshot, problem: traced.problem });
  }
  lifecycle.send({ type: 'approval.granted', id, scope: 'once' });
  markFlowReads(parts, again, parts.calls);
  if (decision.toolClass === 'DESTRUCTIVE')
    parts.controlFiles.recordDestructiveCall({ tool: decision.tool, args: call.args });
  return decision;
}
