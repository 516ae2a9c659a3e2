import type { Decision } from '../decision/decision';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import type { Governor } from '../governor/governorApi';
import { describeGrant, type GrantInput } from '../grants/grant';
import type { RiskCategory } from '../risk/categories';
import type { SessionNotes } from '../sessions/governorSessions';
import { addPass, heldCallById } from './heldCallPasses';

/** A human's answer given outside the agent: categories for the session, or one held call or change. */
export type OutsideApproval =
  | { readonly kind: 'categories'; readonly categories: readonly RiskCategory[] }
  | { readonly kind: 'grant'; readonly grant: GrantInput }
  | { readonly kind: 'revoke'; readonly grantId: string }
  | { readonly kind: 'held'; readonly approvalId: string; readonly cancel: boolean };

/** What the answer did, in a sentence, with the decision it made when it made one. */
export interface OutsideApprovalResult {
  readonly message: string;
  readonly approvedCategories: readonly RiskCategory[];
  readonly decision?: Decision;
}

/**
 * Applies a human's answer given in a terminal to an agent session's governor. Categories are
 * approved for the whole session (seed 002 F). A held call continued is not run here (the agent
 * runs it): its very arguments get a pass, so the agent's retry of that call runs once, every rule
 * checked again. A held control-file change is accepted, or rejected with `cancel`. Throws
 * InvalidArgumentError when nothing waits under the approval id, or the categories are not valid.
 */
export function approveOutsideAgent(governor: Governor, notes: SessionNotes, approval: OutsideApproval): OutsideApprovalResult {
  if (approval.kind === 'categories') {
    const approved = governor.approveSession(approval.categories);
    return { message: `Approved ${approval.categories.join(', ')} for agent session ${governor.sessionId}; approved now: ${approved.join(', ')}.`, approvedCategories: approved };
  }
  if (approval.kind === 'grant') {
    const grant = governor.grant(approval.grant);
    return { message: `Granted ${describeGrant(grant)} in agent session ${governor.sessionId}.`, approvedCategories: governor.approvedCategories };
  }
  if (approval.kind === 'revoke') {
    governor.revoke(approval.grantId);
    return { message: `Revoked ${approval.grantId} in agent session ${governor.sessionId}.`, approvedCategories: governor.approvedCategories };
  }
  const pending = governor.waitingFor(approval.approvalId);
  if (pending === undefined) {
    const waiting = governor.waitingApprovalIds;
    throw new InvalidArgumentError(
      `nothing in agent session ${governor.sessionId} waits for approval '${approval.approvalId}'; ${waiting.length > 0 ? `waiting: ${waiting.map((id) => `'${id}'`).join(', ')}` : 'none is waiting'}`,
    );
  }
  if (approval.cancel || pending.code === 'control_file_changed') {
    const decision = governor.resolveApproval(approval.approvalId, approval.cancel ? 'cancel' : 'continue');
    return { message: decision.reason ?? `${decision.code}: ${decision.tool}`, approvedCategories: governor.approvedCategories, decision };
  }
  // asking for the details answers nothing, but refuses a call held too long
  const current = governor.resolveApproval(approval.approvalId, 'details');
  if (current.code === 'approval_expired') return { message: current.reason ?? 'The held call expired.', approvedCategories: governor.approvedCategories, decision: current };
  const held = heldCallById(governor, approval.approvalId);
  if (held === undefined) throw new InvalidArgumentError(`approval '${approval.approvalId}' holds no call whose arguments were kept; approve its categories instead`);
  addPass(notes, held);
  return {
    message: `Continued '${held.tool}' (${approval.approvalId}): the agent's next call of it with the same arguments runs once, every rule checked again. Ask the agent to retry it.`,
    approvedCategories: governor.approvedCategories,
  };
}
