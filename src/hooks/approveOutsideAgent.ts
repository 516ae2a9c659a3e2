import type { Decision } from '../decision/decision';
import type { Governor } from '../governor/governorApi';
import { describeGrant, type GrantInput } from '../grants/grant';
import type { RiskCategory } from '../categories/riskCategories';
import type { SessionNotes } from '../sessions/governorSessions';
import { answerAgentHeldCall } from './agentHeldCallAnswer';

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
 * approved for the whole session (seed 002 F). A held call is answered as `answerAgentHeldCall`
 * answers it: continued, the agent's retry of that very call runs once; cancelled, the model is
 * told. A held control-file change is accepted, or rejected with `cancel`. Throws
 * InvalidArgumentError when nothing waits under the approval id, or the categories are not valid.
 */
export function approveOutsideAgent(
  governor: Governor,
  notes: SessionNotes,
  approval: OutsideApproval,
): OutsideApprovalResult {
  if (approval.kind === 'categories') {
    const approved = governor.approveSession(approval.categories);
    return {
      message: `Approved ${approval.categories.join(', ')} for agent session ${governor.sessionId}; approved now: ${approved.join(', ')}.`,
      approvedCategories: approved,
    };
  }
  if (approval.kind === 'grant') {
    const grant = governor.grant(approval.grant);
    return {
      message: `Granted ${describeGrant(grant)} in agent session ${governor.sessionId}.`,
      approvedCategories: governor.approvedCategories,
    };
  }
  if (approval.kind === 'revoke') {
    governor.revoke(approval.grantId);
    return {
      message: `Revoked ${approval.grantId} in agent session ${governor.sessionId}.`,
      approvedCategories: governor.approvedCategories,
    };
  }
  const decision = answerAgentHeldCall(governor, notes, approval.approvalId, approval.cancel ? 'cancel' : 'continue');
  const message =
    decision.code === 'approved_once'
      ? `Continued '${decision.tool}' (${approval.approvalId}): the agent's next call of it with the ` +
        `same arguments runs once, every rule checked again. Ask the agent to retry it.`
      : (decision.reason ?? `${decision.code}: ${decision.tool}`);
  return { message, approvedCategories: governor.approvedCategories, decision };
}
