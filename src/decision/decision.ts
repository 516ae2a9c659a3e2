import type { ConfirmationPrompt } from '../approval/confirmationPrompt';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import { NO_RISK, type Categorization, type Evidence } from '../categories/evidence';
import type { ToolClassification } from '../tools/classifier';
import type { ToolClass } from '../tools/toolClass';
import type { ToolRequest } from '../tools/toolRequest';
import { reason, type DecisionFacts, type Reason } from './reason';
import { describeReason } from './reasonMessages';
import { REASON_CODES, type DecisionCode, type Verdict } from './reasons';
import type { GrantSuggestion } from '../grants/grantSuggestion';

/** What a held call needs: the approval id to answer with, the categories and the prompt. */
export interface ApprovalRequest {
  readonly id: string;
  /** the categories not yet approved in this session */
  readonly categories: readonly RiskCategory[];
  readonly prompt: ConfirmationPrompt;
  /** the narrowest grant that would cover this call and calls like it: what `grant` or `POST /approve-session` takes */
  readonly grant?: GrantSuggestion;
  /**
   * the paths outside the active intent's scope the call would change (`outside_scope`): allowed
   * once, it runs with exactly these writable; workspace paths relative to its root
   */
  readonly outsideScope?: readonly string[];
}

/** The answer to "may this tool call run now?". */
export interface Decision {
  readonly allowed: boolean;
  readonly verdict: Verdict;
  /** the code of the deciding reason */
  readonly code: DecisionCode;
  /** the deciding reason's message when the call is not allowed (seed 001's `reason`) */
  readonly reason?: string;
  readonly reasons: readonly Reason[];
  readonly tool: string;
  readonly toolClass: ToolClass;
  /** the lifecycle state the decision was made in */
  readonly state: LifecycleState;
  /** the intent the call runs under: the active one, or the one a selection activates */
  readonly intentId?: string;
  /** the call's risk categories (seed 002), empty for a question by name */
  readonly categories: readonly RiskCategory[];
  /** which argument and which word, command or path part raised each category */
  readonly evidence: readonly Evidence[];
  /** present when the verdict is 'ask' */
  readonly approval?: ApprovalRequest;
  /**
   * For a shell command: true when it runs in the containment sandbox the active intent shapes
   * (what the analysis could not see is held by the kernel), false when it is decided by
   * analysis alone; absent for other tools.
   */
  readonly contained?: boolean;
  /**
   * For a call a human allowed once although it changes paths outside the active intent's scope
   * (`approved_once` of an `outside_scope` hold): those paths, which a contained run makes
   * writable for this call alone (the profile's `allowedOnce`)
   */
  readonly allowedOnce?: readonly string[];
}

export interface DecisionInput {
  readonly code: DecisionCode;
  /** the call as the statechart saw it; its class is the decision's */
  readonly request: ToolRequest;
  readonly facts: DecisionFacts;
  /** what is wrong with a malformed call, or which policy rule denies the command */
  readonly problem?: string;
  /** reasons that follow the deciding one */
  readonly notes?: readonly Reason[];
  readonly risk?: Categorization;
  readonly approval?: ApprovalRequest;
  /** whether a shell command runs contained; undefined for other tools */
  readonly contained?: boolean | undefined;
  /** the paths outside the scope a human allowed this call once to change */
  readonly allowedOnce?: readonly string[] | undefined;
}

/** The note a decision on a tool no table classifies carries, after every other reason. */
export function classificationNotes(tool: string, classification: ToolClassification): Reason[] {
  if (classification.classified) return [];
  return [
    reason('unclassified_tool', 'classification', {
      message: `'${tool}' is not classified; it is treated as DESTRUCTIVE (fail closed).`,
    }),
  ];
}

/** Builds the decision the statechart chose, with its messages and notes. */
export function buildDecision(input: DecisionInput): Decision {
  const { code, request, facts, risk = NO_RISK } = input;
  const { verdict, rule } = REASON_CODES[code];
  const deciding = reason(code, rule, describeReason({ code, request, facts, problem: input.problem }));
  const notes = input.notes;
  const reasons = notes === undefined || notes.length === 0 ? [deciding] : [deciding, ...notes];
  // the fields in their order, optional ones only when present: one shape per combination, and no spread to copy
  const decision: { -readonly [K in keyof Decision]: Decision[K] } = {
    allowed: verdict === 'allow',
    verdict,
    code,
  } as Decision;
  if (verdict !== 'allow') decision.reason = deciding.message;
  decision.reasons = Object.freeze(reasons);
  decision.tool = request.tool;
  decision.toolClass = request.toolClass;
  decision.state = facts.state;
  // a selection runs under the intent it activates; every other call under the active one
  const intentId =
    code === 'intent_selected' && request.intentId !== undefined ? request.intentId : facts.activeIntent?.id;
  if (intentId !== undefined) decision.intentId = intentId;
  decision.categories = risk.categories;
  decision.evidence = risk.evidence;
  if (input.approval) decision.approval = input.approval;
  if (input.contained !== undefined) decision.contained = input.contained;
  if (input.allowedOnce !== undefined) decision.allowedOnce = input.allowedOnce;
  return Object.freeze(decision);
}

/** The same decision with one more note after its reasons, frozen again. */
export function withNote(decision: Decision, note: Reason): Decision {
  return Object.freeze({ ...decision, reasons: Object.freeze([...decision.reasons, note]) });
}
