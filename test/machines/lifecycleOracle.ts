// The oracle of the model-based tests, written from the seeds and not from src/:
// seed 000's classification, governance matrix and transitions; seed 003's additions
// (informational completion from REASONING, the Invariant 8 fail-safe, .intentignore for
// every tool); seed 002's safe mode (a call with unapproved categories waits for a human,
// approval never cancels the other rules); seed 004's recovery by reset; and the choices
// docs/decisions.md records (select_active_intent in REQUEST starts a request, seed 003 SC-001;
// intentgate's own control files are never writable; held calls wait in a queue, each
// until the human answers it by its id, or a new prompt, a reset or a session change ends
// them all (a call held again under an id already held takes its place at the end); a change to a control file found
// after a DESTRUCTIVE tool ran since the last adoption is held for a human, holds every call
// meanwhile and outlives every move of the lifecycle until the human accepts or rejects it).

export type OracleState = 'REQUEST' | 'REASONING' | 'ACTION';
export type OracleSubstate = 'ready' | 'awaitingApproval';

/** Seed 000's classification mapping, copied from the seed. */
export const SEED_CLASSIFICATION: Readonly<Record<string, 'SAFE' | 'DESTRUCTIVE'>> = {
  read_file: 'SAFE',
  list_files: 'SAFE',
  list_code_definition_names: 'SAFE',
  search_files: 'SAFE',
  codebase_search: 'SAFE',
  ask_followup_question: 'SAFE',
  select_active_intent: 'SAFE',
  switch_mode: 'SAFE',
  update_todo_list: 'SAFE',
  read_command_output: 'SAFE',
  access_mcp_resource: 'SAFE',
  attempt_completion: 'SAFE',
  write_to_file: 'DESTRUCTIVE',
  apply_diff: 'DESTRUCTIVE',
  edit: 'DESTRUCTIVE',
  search_and_replace: 'DESTRUCTIVE',
  search_replace: 'DESTRUCTIVE',
  edit_file: 'DESTRUCTIVE',
  apply_patch: 'DESTRUCTIVE',
  delete_file: 'DESTRUCTIVE',
  execute_command: 'DESTRUCTIVE',
  new_task: 'DESTRUCTIVE',
};

/** A tool's class as seed 000 gives it: any name the table does not list is DESTRUCTIVE. */
export const seedClassOf = (tool: string): 'SAFE' | 'DESTRUCTIVE' =>
  Object.hasOwn(SEED_CLASSIFICATION, tool) ? SEED_CLASSIFICATION[tool]! : 'DESTRUCTIVE';

/** Seed 000's State Governance Matrix. */
const GOVERNANCE_MATRIX = {
  REQUEST: { SAFE: 'ALLOWED', DESTRUCTIVE: 'BLOCKED' },
  REASONING: { SAFE: 'ALLOWED', DESTRUCTIVE: 'BLOCKED' },
  ACTION: { SAFE: 'ALLOWED', DESTRUCTIVE: 'ALLOWED_VIA_SCOPE_CHECK' },
} as const;

/** The intents every model test runs with. */
export const ORACLE_INTENTS = {
  'INT-A': ['src/a/**'],
  'INT-B': ['src/b/**'],
} as const satisfies Record<string, readonly string[]>;

/** The approval id a held probe gets unless it names another. */
export const HELD_ID = 'approval-1';

/** The approval id of the probe held second, to queue two calls. */
export const SECOND_HELD_ID = 'approval-2';

/** The approval id of the control-file change the model tests report. */
export const CONTROL_ID = 'approval-7';

export interface OraclePath {
  readonly relative: string | undefined;
  readonly ignored?: boolean;
  readonly protected?: boolean;
  /** a file a command only reads: neither scope nor the control-file guard applies */
  readonly readOnly?: boolean;
}

/** Safe mode's view of a probe: no categories, categories still to approve, all approved, or a policy rule that asks a human. */
export type OracleRisk = 'none' | 'unapproved' | 'approved' | 'asked';

/** Whether safe mode holds the probe for a human (seed 002 E, and the policy's ask rules). */
const isHeld = (risk: OracleRisk): boolean => risk === 'unapproved' || risk === 'asked';

/** A tool call as the oracle reads it. */
export interface OracleProbe {
  readonly name: string;
  readonly tool: string;
  readonly hasArgs: boolean;
  readonly intentId?: string;
  readonly paths: readonly OraclePath[];
  readonly risk: OracleRisk;
  /** the approval id a hold of it gets; HELD_ID when absent */
  readonly approvalId?: string;
  /** every path it changes outside the scope is one a human may allow once: held, not refused */
  readonly leavesScope?: boolean;
}

/** A vertex of the lifecycle: state, substate and what the context remembers. */
export interface OracleVertex {
  readonly state: OracleState;
  readonly substate: OracleSubstate;
  readonly intentId: string | undefined;
  readonly orchestrationPresent: boolean;
  readonly destructiveRan: boolean;
  /** a DESTRUCTIVE tool ran since the control files were last adopted */
  readonly destructiveSinceAdoption: boolean;
  /** the held calls, oldest first: each one's id, and whether running it is DESTRUCTIVE */
  readonly held: readonly OracleHeldCall[];
  /** a held change to a control file */
  readonly change: { readonly id: string } | undefined;
  /** the ids of the intents loaded now */
  readonly intentIds: readonly string[];
}

export interface OracleHeldCall {
  readonly id: string;
  readonly destructive: boolean;
}

export const INITIAL_VERTEX: OracleVertex = {
  state: 'REQUEST',
  substate: 'ready',
  intentId: undefined,
  orchestrationPresent: true,
  destructiveRan: false,
  destructiveSinceAdoption: false,
  held: [],
  change: undefined,
  intentIds: Object.keys(ORACLE_INTENTS),
};

export interface OracleOutcome {
  readonly verdict: 'allow' | 'ask' | 'deny';
  readonly code: string;
  readonly next: OracleVertex;
}

const allow = (code: string, next: OracleVertex): OracleOutcome => ({ verdict: 'allow', code, next });
const deny = (code: string, at: OracleVertex): OracleOutcome => ({ verdict: 'deny', code, next: at });
/** The held calls without the one answered by `id`, and the substate they leave. */
const withoutHeld = (at: OracleVertex, id: string): OracleVertex => {
  const held = at.held.filter((call) => call.id !== id);
  return { ...at, held, substate: held.length > 0 ? 'awaitingApproval' : 'ready' };
};
const hold = (at: OracleVertex, probe: OracleProbe, destructive: boolean): OracleOutcome => {
  const id = probe.approvalId ?? HELD_ID;
  return {
    verdict: 'ask',
    code: 'needs_approval',
    next: { ...at, substate: 'awaitingApproval', held: [...withoutHeld(at, id).held, { id, destructive }] },
  };
};
/** Whatever ends the held calls keeps a held control-file change: only its own answer ends it. */
const noHeldCalls = (at: OracleVertex): OracleVertex => ({ ...at, substate: 'ready', held: [] });
const freshTask = (at: OracleVertex, state: OracleState): OracleVertex => ({
  ...noHeldCalls(at),
  state,
  intentId: undefined,
  destructiveRan: false,
});

const inScope = (intentId: string | undefined, path: OraclePath): boolean => {
  if (path.relative === undefined || intentId === undefined) return false;
  const prefixes = (ORACLE_INTENTS as Record<string, readonly string[]>)[intentId] ?? [];
  return prefixes.some((glob) => path.relative!.startsWith(glob.replace('**', '')));
};

function selection(at: OracleVertex, probe: OracleProbe): OracleOutcome {
  if (probe.intentId === undefined || !at.intentIds.includes(probe.intentId)) return deny('unknown_intent', at);
  // seed 003 SC-001: in REQUEST a valid selection starts the request, as a prompt followed by the selection would
  if (at.state === 'REQUEST') return allow('intent_selected', { ...freshTask(at, 'ACTION'), intentId: probe.intentId });
  if (at.state === 'REASONING')
    return allow('intent_selected', { ...noHeldCalls(at), state: 'ACTION', intentId: probe.intentId });
  return allow('intent_selected', { ...at, intentId: probe.intentId });
}

function completion(at: OracleVertex): OracleOutcome | undefined {
  if (at.state === 'REQUEST') return undefined; // an ordinary SAFE call: nothing to complete
  if (at.state === 'REASONING' && at.destructiveRan) return deny('completion_needs_intent', at);
  return allow('task_completed', freshTask(at, 'REQUEST'));
}

/** What the seeds say happens when `probe` is requested at `at`. */
export function expectedOutcome(at: OracleVertex, probe: OracleProbe): OracleOutcome {
  if (!at.orchestrationPresent && probe.tool !== 'select_active_intent') return deny('orchestration_missing', at);
  // a held control-file change holds every call, whatever the state; a question by name is answered as usual
  if (at.change !== undefined && probe.hasArgs) return { verdict: 'ask', code: 'control_file_changed', next: at };
  if (probe.hasArgs && probe.tool === 'select_active_intent') return selection(at, probe);
  // attempt_completion has no arguments that matter: asked by name, it gets the call's answer
  const completed = probe.tool === 'attempt_completion' ? completion(at) : undefined;
  if (completed) return completed;
  const toolClass = seedClassOf(probe.tool);
  const cell = GOVERNANCE_MATRIX[at.state][toolClass];
  const ignored = probe.paths.some((path) => path.ignored);
  if (ignored && (cell === 'ALLOWED' || at.state === 'ACTION')) return deny('path_ignored', at);
  if (cell === 'BLOCKED') return deny('state_violation', at);
  if (cell === 'ALLOWED') return isHeld(probe.risk) ? hold(at, probe, false) : allow('safe_tool', at);
  const changed = probe.paths.filter((path) => path.readOnly !== true);
  if (changed.some((path) => path.protected)) return deny('protected_path', at);
  // a change outside the scope a human may allow is held for that answer; any other is refused
  if (!changed.every((path) => inScope(at.intentId, path)))
    return probe.leavesScope === true ? hold(at, probe, true) : deny('scope_violation', at);
  if (isHeld(probe.risk)) return hold(at, probe, true);
  return allow('destructive_in_scope', { ...at, destructiveRan: true, destructiveSinceAdoption: true });
}

/** A lifecycle event that is not a tool call, as the oracle reads it. */
export type OracleLifecycleEvent =
  | { readonly type: 'user.prompted' }
  | { readonly type: 'lifecycle.reset' }
  | { readonly type: 'orchestration.checked'; readonly present: boolean }
  | { readonly type: 'intents.loaded'; readonly intents: readonly { readonly id: string }[] }
  | { readonly type: 'approval.granted'; readonly id: string; readonly scope: 'once' | 'session' }
  | { readonly type: 'approval.denied'; readonly id: string }
  | { readonly type: 'session.changed' }
  | { readonly type: 'controlFiles.changed'; readonly id: string }
  | { readonly type: 'controlFiles.accepted'; readonly id: string }
  | { readonly type: 'controlFiles.rejected'; readonly id: string };

const answered = (at: OracleVertex, id: string): OracleHeldCall | undefined => at.held.find((call) => call.id === id);
const answeredChange = (at: OracleVertex, id: string): boolean => at.change?.id === id;

/** Seed 000's transitions 1, 3 and 4, seed 004's reset, the fail-safe check and the human's answers. */
export function expectedAfterLifecycleEvent(at: OracleVertex, event: OracleLifecycleEvent): OracleVertex {
  switch (event.type) {
    case 'user.prompted':
      if (at.state === 'REQUEST') return freshTask(at, 'REASONING');
      return { ...noHeldCalls(at), state: 'REASONING' };
    case 'lifecycle.reset':
      return freshTask(at, 'REQUEST');
    case 'orchestration.checked':
      return { ...at, orchestrationPresent: event.present };
    case 'intents.loaded': {
      // the active intent stays only while the list still holds it; ACTION without one is REASONING
      const intentIds = event.intents.map((intent) => intent.id);
      if (at.intentId === undefined || intentIds.includes(at.intentId)) return { ...at, intentIds };
      if (at.state === 'ACTION') return { ...noHeldCalls(at), intentIds, state: 'REASONING', intentId: undefined };
      return { ...at, intentIds, intentId: undefined };
    }
    case 'approval.granted': {
      const call = answered(at, event.id);
      if (!call) return at;
      const ran = event.scope === 'once' && call.destructive;
      return {
        ...withoutHeld(at, event.id),
        destructiveRan: at.destructiveRan || ran,
        destructiveSinceAdoption: at.destructiveSinceAdoption || ran,
      };
    }
    case 'approval.denied':
      return answered(at, event.id) ? withoutHeld(at, event.id) : at;
    case 'session.changed':
      return noHeldCalls(at);
    // with no DESTRUCTIVE tool run since the last adoption the change is the human's: the governor adopts it, the chart holds nothing
    case 'controlFiles.changed':
      return at.destructiveSinceAdoption ? { ...noHeldCalls(at), change: { id: event.id } } : at;
    case 'controlFiles.accepted':
      return answeredChange(at, event.id) ? { ...at, change: undefined, destructiveSinceAdoption: false } : at;
    case 'controlFiles.rejected':
      return answeredChange(at, event.id) ? { ...at, change: undefined } : at;
  }
}

// The flow region, written from issue 36's text: the session remembers what it read. A read of a
// secret or of untrusted content that ran marks the session, the first such call of each kind
// being the one named; the marks combine (nothing sensitive, a secret, untrusted content,
// both); only a human's answer clears a mark, one kind at a time, and a new session starts with
// none. Nothing else (a prompt, a reset, a tool call, an approval) changes what was read.

export type OracleFlowKind = 'secret' | 'untrusted';

/** What the session read: for each kind, the number of the call that first read it. */
export interface OracleFlow {
  readonly secret: number | undefined;
  readonly untrusted: number | undefined;
}

export const CLEAN_FLOW: OracleFlow = { secret: undefined, untrusted: undefined };

/** The region's four states, named for what was read. */
export const oracleFlowState = (flow: OracleFlow): string =>
  flow.secret !== undefined && flow.untrusted !== undefined
    ? 'secretAndUntrusted'
    : flow.secret !== undefined
      ? 'secretRead'
      : flow.untrusted !== undefined
        ? 'untrustedRead'
        : 'clean';

export type OracleFlowEvent =
  | { readonly type: 'flow.read'; readonly kind: OracleFlowKind; readonly call: number }
  | { readonly type: 'flow.cleared'; readonly kind: OracleFlowKind }
  | { readonly type: 'session.changed' }
  | { readonly type: 'other' };

/** What the session remembers after an event. */
export function expectedFlowAfter(at: OracleFlow, event: OracleFlowEvent): OracleFlow {
  switch (event.type) {
    case 'flow.read':
      return at[event.kind] !== undefined ? at : { ...at, [event.kind]: event.call };
    case 'flow.cleared':
      return { ...at, [event.kind]: undefined };
    case 'session.changed':
      return CLEAN_FLOW;
    case 'other':
      return at;
  }
}
