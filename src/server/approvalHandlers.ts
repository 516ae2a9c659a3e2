import { answerAgentHeldCall } from '../hooks/agentHeldCallAnswer';
import { clearFlowMarks } from './flowView';
import { isHeldCallCode } from '../decision/reasons';
import { isRiskCategory, RISK_CATEGORIES, type RiskCategory } from '../categories/riskCategories';
import { approvalAnswerBodySchema, approveSessionBodySchema, parseBody } from './bodySchemas';
import { sessionIdParam, type Handler } from './handler';
import type { Grant } from '../grants/grant';
import { grantRefused } from './grantHandlers';
import { grantView } from './grantView';
import { HttpError } from './httpError';

/** Seed 002 F: a missing or empty list approves nothing, and every name must be one of the nine. */
function checkCategories(categories: readonly string[] | undefined): RiskCategory[] {
  const details = { valid_categories: RISK_CATEGORIES };
  if (categories === undefined || categories.length === 0) {
    throw new HttpError({
      status: 400,
      code: 'nothing_approved',
      message: `categories[] is missing or empty, so nothing approved; valid categories are ${RISK_CATEGORIES.join(', ')}`,
      details,
    });
  }
  const unknown = categories.filter((category) => !isRiskCategory(category));
  if (unknown.length > 0) {
    throw new HttpError({
      status: 400,
      code: 'unknown_category',
      message:
        `unknown categor${unknown.length === 1 ? 'y' : 'ies'} ` +
        `${unknown.map((name) => `'${name.slice(0, 64)}'`).join(', ')}; valid categories are ${RISK_CATEGORIES.join(', ')}`,
      details,
    });
  }
  return categories.filter(isRiskCategory);
}

/** `POST /approve-session` (seed 002 F): approves categories for one session id only. */
export const approveSessionHandler: Handler = async (context) => {
  const body = parseBody(approveSessionBodySchema, context.body);
  if (body.clear_flow !== undefined && body.categories === undefined) {
    const kinds = body.clear_flow;
    const cleared = await context.sessions.withExisting(body.session_id, 'write', (governor) =>
      clearFlowMarks(governor, kinds, context.approver),
    );
    context.events.publish({ type: 'session.changed', sessionId: body.session_id });
    return { status: 200, body: cleared };
  }
  const categories = checkCategories(body.categories);
  const { commands, paths, hosts, tools, until, ttl_s: ttlSeconds } = body;
  const narrowed = [commands, paths, hosts, tools, until, ttlSeconds].some((part) => part !== undefined);
  const answer = await context.sessions.withExisting(body.session_id, 'write', (governor) => {
    if (!narrowed)
      return {
        session_id: body.session_id,
        approved_categories: governor.approveSession(categories, { approver: context.approver }),
      };
    let grant: Grant;
    try {
      grant = governor.grant(
        {
          categories,
          ...(commands && { commands }),
          ...(paths && { paths }),
          ...(hosts && { hosts }),
          ...(tools && { tools }),
          ...(until && { until }),
          ...(ttlSeconds !== undefined && { ttlMs: Math.round(ttlSeconds * 1000) }),
        },
        { approver: context.approver },
      );
    } catch (error) {
      grantRefused(error);
    }
    return { session_id: body.session_id, approved_categories: governor.approvedCategories, grant: grantView(grant) };
  });
  context.events.publish({ type: 'categories.approved', sessionId: body.session_id });
  return { status: 200, body: answer };
};

/**
 * `POST /sessions/:id/approvals/:approvalId`: answers the held call; the resulting decision. On
 * a session an agent's hook made, Continue and Cancel are the ones `intentgate approve` gives.
 */
export const resolveApprovalHandler: Handler = async (context) => {
  const id = sessionIdParam(context);
  const { answer } = parseBody(approvalAnswerBodySchema, context.body);
  const approvalId = context.params.approvalId ?? '';
  const decision = await context.sessions.withExisting(id, 'write', (governor, agentNotes) => {
    if (governor.waitingFor(approvalId) === undefined) {
      const waiting = governor.waitingApprovalIds;
      throw new HttpError({
        status: 404,
        code: 'unknown_approval',
        message:
          `no call of session '${id}' is waiting for approval '${approvalId.slice(0, 128)}'; ` +
          `${waiting.length > 0 ? `waiting: ${waiting.map((each) => `'${each}'`).join(', ')}` : 'none is waiting'}`,
        details: { waiting },
      });
    }
    // an agent's hook session: the agent runs its calls itself, so its retry must find the answer
    if (agentNotes && (answer === 'continue' || answer === 'cancel'))
      return answerAgentHeldCall(governor, agentNotes, approvalId, answer, { approver: context.approver });
    return governor.resolveApproval(approvalId, answer, { approver: context.approver });
  });
  context.events.publish({ type: 'call.answered', sessionId: id, approvalId });
  // an edited call decided again may be held again, under a new approval id
  if (isHeldCallCode(decision.code) && decision.approval && typeof answer === 'object') {
    context.events.publish({
      type: 'call.held',
      sessionId: id,
      approvalId: decision.approval.id,
      tool: decision.tool,
      args: answer.edit,
    });
  }
  return { status: 200, body: decision };
};
