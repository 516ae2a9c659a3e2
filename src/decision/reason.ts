import type { Intent } from '../intents/intent';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import type { ReasonCode, ReasonRule } from './reasons';

/** One machine-readable reason; the first reason of a decision is the one that decided it. */
export interface Reason {
  readonly code: ReasonCode;
  readonly rule: ReasonRule;
  readonly message: string;
  /** the path the reason is about, as the call wrote it */
  readonly path?: string;
  /** the active intent's owned_scope, for scope reasons */
  readonly scope?: readonly string[];
  /** the ids select_active_intent accepts, for intent reasons */
  readonly intentIds?: readonly string[];
  /** the risk category a safe-mode reason is about */
  readonly category?: RiskCategory;
  /** the grant that approved the call's categories, for `approved_by_grant` */
  readonly grant?: string;
}

/** A reason without its code and rule: the message and what it is about. */
export type ReasonDetails = Omit<Reason, 'code' | 'rule'>;

/** What the messages of a decision may mention. */
export interface DecisionFacts {
  readonly state: LifecycleState;
  readonly intents: readonly Intent[];
  readonly activeIntent: Intent | undefined;
  /** the orchestration directory as configured, for the fail-safe message */
  readonly orchestrationDir: string;
  /** the change to the control files that holds the lifecycle, if one does */
  readonly heldControlFileChange?: { readonly id: string; readonly files: readonly string[] };
}

/** A frozen reason. */
export function reason(code: ReasonCode, rule: ReasonRule, details: ReasonDetails): Reason {
  return Object.freeze({ code, rule, ...details });
}
