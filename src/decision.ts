import type { ToolClass, ToolClassification } from './classification';
import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from './handshakeTools';
import type { Intent } from './intent';
import { intentIds } from './intentRegistry';
import type { LifecycleState } from './lifecycleState';
import {
  REASON_CODES,
  STATE_VIOLATION_MESSAGE,
  type DecisionCode,
  type ReasonCode,
  type ReasonRule,
  type Verdict,
} from './reasons';
import { findPathOutsideScope } from './scope';
import type { ToolPath, ToolRequest } from './toolRequest';

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
}

/** What the messages of a decision may mention. */
export interface DecisionFacts {
  readonly state: LifecycleState;
  readonly intents: readonly Intent[];
  readonly activeIntent: Intent | undefined;
  /** the orchestration directory as configured, for the fail-safe message */
  readonly orchestrationDir: string;
}

type ReasonDetails = Omit<Reason, 'code' | 'rule'>;

const firstPath = (paths: readonly ToolPath[], test: (path: ToolPath) => boolean): ToolPath | undefined =>
  paths.find(test);

function describeIntentChoice(request: ToolRequest, facts: DecisionFacts): ReasonDetails {
  const ids = intentIds(facts.intents);
  const valid = ids.length > 0 ? `Valid intent ids: ${ids.join(', ')}.` : 'No intents are defined: add them to active_intents.yaml in the orchestration directory or pass the intents option.';
  const asked = request.intentId === undefined ? `${SELECT_ACTIVE_INTENT} needs an 'intent_id' argument.` : `Unknown intent '${request.intentId}'.`;
  return { message: `${asked} ${valid}`, intentIds: ids };
}

function describeScopeViolation(request: ToolRequest, facts: DecisionFacts): ReasonDetails {
  const intent = facts.activeIntent;
  const scope = intent?.owned_scope ?? [];
  const offending = findPathOutsideScope(scope, request.paths);
  const path = offending?.input ?? '';
  if (offending && offending.relative === undefined) {
    return { message: `Scope Violation: '${path}' resolves outside the workspace root; no intent scope covers it.`, path, scope };
  }
  const globs = scope.length > 0 ? scope.join(', ') : 'no paths';
  return {
    message: `Scope Violation: '${path}' is outside the scope of intent '${intent?.id ?? '(none)'}' (${globs}).`,
    path,
    scope,
  };
}

function describe(code: DecisionCode, request: ToolRequest, facts: DecisionFacts, problem?: string): ReasonDetails {
  const { tool } = request;
  switch (code) {
    case 'safe_tool':
      return { message: `'${tool}' is SAFE: it runs in every state.` };
    case 'intent_selected':
      return { message: `Intent '${request.intentId}' is active: DESTRUCTIVE tools may change files inside its scope.` };
    case 'task_completed':
      return { message: `${ATTEMPT_COMPLETION}: the task is complete and the lifecycle returns to REQUEST.` };
    case 'destructive_in_scope':
      return request.paths.length > 0
        ? { message: `'${tool}' may run: every path it names is inside the scope of intent '${facts.activeIntent?.id}'.` }
        : { message: `'${tool}' may run in ACTION under intent '${facts.activeIntent?.id ?? '(none)'}'.` };
    case 'state_violation':
      return { message: STATE_VIOLATION_MESSAGE };
    case 'no_user_request':
      return { message: `No user request is in progress (state REQUEST): the host must report the user's prompt before ${SELECT_ACTIVE_INTENT} can activate an intent.` };
    case 'unknown_intent':
      return describeIntentChoice(request, facts);
    case 'completion_needs_intent':
      return { message: `DESTRUCTIVE tools already ran in this task, so ${ATTEMPT_COMPLETION} cannot finish it from REASONING: call '${SELECT_ACTIVE_INTENT}' again and complete from ACTION.` };
    case 'orchestration_missing':
      return { message: `Fail-safe: the orchestration directory '${facts.orchestrationDir}' is missing, so every tool except '${SELECT_ACTIVE_INTENT}' is blocked until it exists.` };
    case 'path_ignored': {
      const path = firstPath(request.paths, (p) => p.ignored)?.input ?? '';
      return { message: `Path '${path}' is excluded by .intentignore for every tool.`, path };
    }
    case 'protected_path': {
      const path = firstPath(request.paths, (p) => p.protected)?.input ?? '';
      return { message: `Path '${path}' is an intentgate control file; no tool call may change it.`, path };
    }
    case 'scope_violation':
      return describeScopeViolation(request, facts);
    case 'no_rule':
      return { message: `No lifecycle rule covers '${tool}' in state ${facts.state}; it is refused (fail closed).` };
    case 'invalid_tool_name':
    case 'invalid_arguments':
      return { message: `Malformed tool call: ${problem ?? 'unreadable input'}.` };
  }
}

function reason(code: ReasonCode, rule: ReasonRule, details: ReasonDetails): Reason {
  return Object.freeze({ code, rule, ...details });
}

// a call that is not even well-formed is treated as DESTRUCTIVE, with no classification note
const MALFORMED: ToolClassification = { toolClass: 'DESTRUCTIVE', classified: true };

/**
 * Builds the decision the statechart chose, with its messages and notes. `problem` says what
 * is wrong with a malformed call, whose tool cannot be classified.
 */
export function buildDecision(
  code: DecisionCode,
  request: ToolRequest,
  classification: ToolClassification | undefined,
  facts: DecisionFacts,
  problem?: string,
): Decision {
  const { verdict, rule } = REASON_CODES[code];
  const { toolClass, classified } = classification ?? MALFORMED;
  const deciding = reason(code, rule, describe(code, request, facts, problem));
  const reasons = classified
    ? [deciding]
    : [deciding, reason('unclassified_tool', 'classification', { message: `'${request.tool}' is not classified; it is treated as DESTRUCTIVE (fail closed).` })];
  return Object.freeze({
    allowed: verdict === 'allow',
    verdict,
    code,
    ...(verdict !== 'allow' && { reason: deciding.message }),
    reasons: Object.freeze(reasons),
    tool: request.tool,
    toolClass,
    state: facts.state,
    // a selection runs under the intent it activates; every other call under the active one
    ...(code === 'intent_selected' && request.intentId !== undefined
      ? { intentId: request.intentId }
      : facts.activeIntent && { intentId: facts.activeIntent.id }),
  });
}
