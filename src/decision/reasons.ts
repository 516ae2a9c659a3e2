/** What a decision lets happen: run it, hold it for a human's approval, or refuse it. */
export const VERDICTS = ['allow', 'ask', 'deny'] as const;

export type Verdict = (typeof VERDICTS)[number];

/** The rule families a reason comes from, for hosts that group or log them. */
export const REASON_RULES = [
  'lifecycle',
  'fail-safe',
  'scope',
  'intentignore',
  'protected-path',
  'input',
  'classification',
  'safe-mode',
  'policy',
  'trace',
  'control-files',
  'containment',
  'flow',
] as const;

/** The rule family a reason comes from. */
export type ReasonRule = (typeof REASON_RULES)[number];

/**
 * Every reason code, the verdict it decides and its rule. The statechart chooses which code
 * applies in which state; this table only says what each code means.
 */
export const REASON_CODES = {
  safe_tool: { verdict: 'allow', rule: 'lifecycle' },
  intent_selected: { verdict: 'allow', rule: 'lifecycle' },
  task_completed: { verdict: 'allow', rule: 'lifecycle' },
  destructive_in_scope: { verdict: 'allow', rule: 'scope' },
  state_violation: { verdict: 'deny', rule: 'lifecycle' },
  unknown_intent: { verdict: 'deny', rule: 'lifecycle' },
  completion_needs_intent: { verdict: 'deny', rule: 'lifecycle' },
  orchestration_missing: { verdict: 'deny', rule: 'fail-safe' },
  path_ignored: { verdict: 'deny', rule: 'intentignore' },
  protected_path: { verdict: 'deny', rule: 'protected-path' },
  scope_violation: { verdict: 'deny', rule: 'scope' },
  invalid_tool_name: { verdict: 'deny', rule: 'input' },
  invalid_arguments: { verdict: 'deny', rule: 'input' },
  no_rule: { verdict: 'deny', rule: 'lifecycle' },
  needs_approval: { verdict: 'ask', rule: 'safe-mode' },
  approved_once: { verdict: 'allow', rule: 'safe-mode' },
  approval_cancelled: { verdict: 'deny', rule: 'safe-mode' },
  // a held call no human answered within the governor's heldCallTtlMs: refused, the agent asks anew
  approval_expired: { verdict: 'deny', rule: 'safe-mode' },
  // a call safe mode would hold, refused instead: the session holds as many calls as it may, or its arguments are too large to keep
  held_calls_full: { verdict: 'deny', rule: 'safe-mode' },
  held_call_too_large: { verdict: 'deny', rule: 'safe-mode' },
  trace_unavailable: { verdict: 'deny', rule: 'trace' },
  // an agent hook keeps its governor between calls in a session store; one it cannot read or write refuses every call
  session_store_unavailable: { verdict: 'deny', rule: 'fail-safe' },
  // a kept session record that fails its MAC (edited, forged, copied): every call of that session is refused
  session_store_tampered: { verdict: 'deny', rule: 'fail-safe' },
  // a held call reported as run by a route no credential vouches for: the report answers nothing, the hold waits
  report_unvouched: { verdict: 'ask', rule: 'safe-mode' },
  // the identical retry of a call a human cancelled outside the agent, within the held-call TTL
  cancelled_by_human: { verdict: 'deny', rule: 'safe-mode' },
  command_denied: { verdict: 'deny', rule: 'policy' },
  // the service analyses shell commands on worker threads, each within a time budget: one past it is refused, fail closed
  analysis_over_budget: { verdict: 'deny', rule: 'fail-safe' },
  // a command whose analysis could not be done (its worker failed, too many waited) is refused, never guessed at
  analysis_unavailable: { verdict: 'deny', rule: 'fail-safe' },
  // a change to a control file the agent may have made holds the lifecycle until a human answers;
  // an answer does not run the call that carried the question (it is called again)
  control_file_changed: { verdict: 'ask', rule: 'control-files' },
  control_file_accepted: { verdict: 'deny', rule: 'control-files' },
  control_file_rejected: { verdict: 'deny', rule: 'control-files' },
  // the policy requires containment (containment: required) and this host cannot run a command contained
  containment_required: { verdict: 'deny', rule: 'containment' },
  // after the session read a secret, a call that sends data out is held whatever approved it (issue 36)
  flow_secret_to_egress: { verdict: 'ask', rule: 'flow' },
  // after the session read untrusted content, a write of code that runs or steers agents is held whatever approved it
  flow_untrusted_to_code: { verdict: 'ask', rule: 'flow' },
} as const satisfies Record<string, { verdict: Verdict; rule: ReasonRule }>;

/** A code that decides a verdict. */
export type DecisionCode = keyof typeof REASON_CODES;

/** The codes that only add information to a decision another code made. */
export const NOTE_CODES = [
  'unclassified_tool',
  'risk_category',
  'approved_for_session',
  // a grant covered some of the call's categories: which one, by id
  'approved_by_grant',
  'safe_mode_off',
  'unmapped_tool',
  'command_rule',
  // the trace file was truncated, rewritten or replaced outside the governor since its last append
  'trace_changed',
  // what changed in the control files a held change is about, one point after another
  'control_file_change',
  // a shell command runs in the sandbox: what it enforces, and what the analysis left to it
  'contained',
  // a shell command decided by analysis alone, and why containment does not run
  'not_contained',
] as const;

/** A code that only adds information to a decision another code made. */
export type NoteCode = (typeof NOTE_CODES)[number];

export type ReasonCode = DecisionCode | NoteCode;

export const DECISION_CODES = Object.keys(REASON_CODES) as DecisionCode[];

export function isDecisionCode(value: unknown): value is DecisionCode {
  return typeof value === 'string' && Object.hasOwn(REASON_CODES, value);
}

/** The codes of a call held for a human: safe mode's, and the flow rules' holds of a call every approval covers. */
export const HELD_CALL_CODES = ['needs_approval', 'flow_secret_to_egress', 'flow_untrusted_to_code'] as const;

export type HeldCallCode = (typeof HELD_CALL_CODES)[number];

export function isHeldCallCode(code: unknown): code is HeldCallCode {
  return typeof code === 'string' && (HELD_CALL_CODES as readonly string[]).includes(code);
}

/** The codes of the flow rules' holds. */
export const FLOW_HOLD_CODES = ['flow_secret_to_egress', 'flow_untrusted_to_code'] as const;

export type FlowHoldCode = (typeof FLOW_HOLD_CODES)[number];

export function isFlowHoldCode(code: unknown): code is FlowHoldCode {
  return typeof code === 'string' && (FLOW_HOLD_CODES as readonly string[]).includes(code);
}

/** Seed 001's message for a DESTRUCTIVE tool before the handshake, verbatim. */
export const STATE_VIOLATION_MESSAGE =
  "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.";
