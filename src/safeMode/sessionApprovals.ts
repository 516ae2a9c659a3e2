import type { Actor } from 'xstate';
import type { ApprovalsMachine } from '../../machines/approvals';
import { describeValue } from '../text/describeValue';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { isRiskCategory, RISK_CATEGORIES, type RiskCategory } from '../categories/riskCategories';

/** A human's answer to a held call: seed 002 E's buttons, Edit carrying the edited arguments. */
export type ApprovalAnswer = 'continue' | 'cancel' | 'details' | { readonly edit: Readonly<Record<string, unknown>> };

export type ValidAnswer =
  | { readonly kind: 'continue' | 'cancel' | 'details' }
  | { readonly kind: 'edit'; readonly args: Readonly<Record<string, unknown>> };

/** Checks an answer; anything else is a usage error naming the accepted answers. */
export function validateApprovalAnswer(answer: unknown): ValidAnswer {
  if (answer === 'continue' || answer === 'cancel' || answer === 'details') return { kind: answer };
  if (typeof answer === 'object' && answer !== null && 'edit' in answer) {
    const args: unknown = answer.edit;
    if (typeof args === 'object' && args !== null && !Array.isArray(args))
      return { kind: 'edit', args: args as Record<string, unknown> };
  }
  throw new InvalidArgumentError(
    "resolveApproval: the answer must be 'continue', 'cancel', 'details' or { edit: { ...arguments } }",
  );
}

/**
 * Checks the categories of a session approval (seed 002 F): an empty or missing list grants
 * nothing and is an error, and so is a name that is not one of the nine.
 */
export function validateCategories(categories: unknown): RiskCategory[] {
  const valid = `valid categories are ${RISK_CATEGORIES.join(', ')}`;
  if (!Array.isArray(categories) || categories.length === 0) {
    throw new InvalidArgumentError(
      `approveSession: categories[] is missing or empty, so nothing is approved; ${valid}`,
    );
  }
  const unknown = categories.filter((category) => !isRiskCategory(category));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `approveSession: unknown categor${unknown.length === 1 ? 'y' : 'ies'} ${unknown.map((c) => `'${describeValue(c)}'`).join(', ')}; ${valid}`,
    );
  }
  return categories as RiskCategory[];
}

/** The categories the approval actor holds for the current session. */
export function approvedCategoriesOf(approvals: Pick<Actor<ApprovalsMachine>, 'getSnapshot'>): readonly RiskCategory[] {
  return approvals.getSnapshot().context.approved;
}
