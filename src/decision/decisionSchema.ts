import { z } from 'zod';
import { CONFIRMATION_ACTIONS, type ConfirmationPrompt } from '../approval/confirmationPrompt';
import { LIFECYCLE_STATES } from '../lifecycle/lifecycleState';
import { LOCALES, RISK_CATEGORIES } from '../categories/riskCategories';
import type { Evidence } from '../categories/evidence';
import { TOOL_CLASSES } from '../tools/toolClass';
import type { ApprovalRequest, Decision } from './decision';
import type { Reason } from './reason';
import {
  isDecisionCode,
  NOTE_CODES,
  REASON_CODES,
  REASON_RULES,
  VERDICTS,
  type DecisionCode,
  type ReasonCode,
} from './reasons';
import { GRANT_LIFETIMES, grantInputSchema } from '../grants/grant';

// built on first use: a start that restores no held decision never pays for these schemas
function buildDecisionSchema() {
  // a decision's texts are one-line messages and prompts; anything this long was not written by a governor
  const text = z.string().max(64 * 1024);
  const riskCategory = z.enum(RISK_CATEGORIES);
  const decisionCode = z.custom<DecisionCode>(isDecisionCode, 'expected a decision code');
  const isNoteCode = (value: unknown): boolean => (NOTE_CODES as readonly unknown[]).includes(value);
  const reasonCode = z.custom<ReasonCode>(
    (value) => isDecisionCode(value) || isNoteCode(value),
    'expected a reason code',
  );

  const reasonSchema = z.strictObject({
    code: reasonCode,
    rule: z.enum(REASON_RULES),
    message: text,
    path: text.optional(),
    scope: z.array(text).optional(),
    intentIds: z.array(text).optional(),
    category: riskCategory.optional(),
    grant: text.optional(),
  }) satisfies z.ZodType<Reason>;

  const evidenceSchema = z.strictObject({
    category: riskCategory,
    argument: text,
    trigger: text,
    note: text,
    details: z.tuple([text, text, text]),
    unseen: z.literal(true).optional(),
  }) satisfies z.ZodType<Evidence>;

  const promptSchema = z.strictObject({
    locale: z.enum(LOCALES),
    action: text,
    why: text,
    risk: text,
    changes: z.array(text).max(16),
    actions: z
      .array(z.strictObject({ id: z.enum(CONFIRMATION_ACTIONS), label: text }))
      .max(CONFIRMATION_ACTIONS.length),
    categories: z.array(riskCategory),
    details: z.array(
      z.strictObject({
        category: riskCategory,
        risk: text,
        details: z.array(z.strictObject({ label: text, value: text })).max(8),
      }),
    ),
    grant: text.optional(),
  }) satisfies z.ZodType<ConfirmationPrompt>;

  const suggestionSchema = grantInputSchema()
    .omit({ ttlMs: true })
    .extend({ until: z.enum(GRANT_LIFETIMES) });

  const approvalSchema = z.strictObject({
    id: text,
    categories: z.array(riskCategory),
    prompt: promptSchema,
    grant: suggestionSchema.optional(),
    outsideScope: z.array(text).max(256).optional(),
  }) satisfies z.ZodType<ApprovalRequest>;

  return z
    .strictObject({
      allowed: z.boolean(),
      verdict: z.enum(VERDICTS),
      code: decisionCode,
      reason: text.optional(),
      reasons: z.array(reasonSchema).min(1).max(64),
      tool: text,
      toolClass: z.enum(TOOL_CLASSES),
      state: z.enum(LIFECYCLE_STATES),
      intentId: text.optional(),
      categories: z.array(riskCategory),
      evidence: z.array(evidenceSchema).max(256),
      approval: approvalSchema.optional(),
      contained: z.boolean().optional(),
      allowedOnce: z.array(text).max(256).optional(),
    })
    .refine(
      (decision) =>
        REASON_CODES[decision.code].verdict === decision.verdict &&
        decision.allowed === (decision.verdict === 'allow') &&
        decision.reasons[0]?.code === decision.code,
      {
        message: "a decision's verdict, 'allowed' and first reason must agree with its code",
      },
    );
}

/**
 * A decision as JSON (a governor's snapshot keeps the decision a human is asked about). Its
 * verdict must be the one its code decides, and `allowed` must say the same.
 */
export const decisionSchema = z.lazy(buildDecisionSchema) satisfies z.ZodType<Decision>;

/** Deep-freezes a decision read from JSON, as every decision a governor returns is frozen. */
export function freezeDecision(decision: Decision): Decision {
  const freezeAll = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeAll(inner);
  };
  freezeAll(decision);
  return decision;
}
