// The oracle of the model-based tests, written from the seeds and not from src/:
// seed 000's classification and governance matrix, seed 003's additions (informational
// completion from REASONING, the Invariant 8 fail-safe, .intentignore for every tool),
// and the choices docs/decisions.md records (select_active_intent needs a request in
// progress; intentgate's own control files are never writable).

export type OracleState = 'REQUEST' | 'REASONING' | 'ACTION';

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

export interface OraclePath {
  readonly relative: string | undefined;
  readonly ignored?: boolean;
  readonly protected?: boolean;
}

/** A tool call as the oracle reads it. */
export interface OracleProbe {
  readonly name: string;
  readonly tool: string;
  readonly hasArgs: boolean;
  readonly intentId?: string;
  readonly paths: readonly OraclePath[];
}

/** The vertex a probe is sent in. */
export interface OracleVertex {
  readonly state: OracleState;
  readonly intentId: string | undefined;
  readonly orchestrationPresent: boolean;
  readonly destructiveRan: boolean;
}

export interface OracleOutcome {
  readonly verdict: 'allow' | 'deny';
  readonly code: string;
  readonly next: OracleVertex;
}

const allow = (code: string, next: OracleVertex): OracleOutcome => ({ verdict: 'allow', code, next });
const deny = (code: string, at: OracleVertex): OracleOutcome => ({ verdict: 'deny', code, next: at });

const inScope = (intentId: string | undefined, path: OraclePath): boolean => {
  if (path.relative === undefined || intentId === undefined) return false;
  const prefixes = (ORACLE_INTENTS as Record<string, readonly string[]>)[intentId] ?? [];
  return prefixes.some((glob) => path.relative!.startsWith(glob.replace('**', '')));
};

function selection(at: OracleVertex, probe: OracleProbe): OracleOutcome {
  if (at.state === 'REQUEST') return deny('no_user_request', at);
  if (probe.intentId === undefined || !Object.hasOwn(ORACLE_INTENTS, probe.intentId)) return deny('unknown_intent', at);
  return allow('intent_selected', { ...at, state: 'ACTION', intentId: probe.intentId });
}

function completion(at: OracleVertex): OracleOutcome {
  const finished: OracleVertex = { ...at, state: 'REQUEST', intentId: undefined, destructiveRan: false };
  if (at.state === 'REQUEST') return allow('safe_tool', at);
  if (at.state === 'REASONING' && at.destructiveRan) return deny('completion_needs_intent', at);
  return allow('task_completed', finished);
}

/** What seed 000 (and 003) say happens when `probe` is requested at `at`. */
export function expectedOutcome(at: OracleVertex, probe: OracleProbe): OracleOutcome {
  if (!at.orchestrationPresent && probe.tool !== 'select_active_intent') return deny('orchestration_missing', at);
  if (probe.hasArgs && probe.tool === 'select_active_intent') return selection(at, probe);
  if (probe.hasArgs && probe.tool === 'attempt_completion') return completion(at);
  const toolClass = SEED_CLASSIFICATION[probe.tool] ?? 'DESTRUCTIVE';
  const cell = GOVERNANCE_MATRIX[at.state][toolClass];
  const ignored = probe.paths.some((path) => path.ignored);
  if (ignored && (cell === 'ALLOWED' || at.state === 'ACTION')) return deny('path_ignored', at);
  if (cell === 'ALLOWED') return allow('safe_tool', at);
  if (cell === 'BLOCKED') return deny('state_violation', at);
  if (probe.paths.some((path) => path.protected)) return deny('protected_path', at);
  if (!probe.paths.every((path) => inScope(at.intentId, path))) return deny('scope_violation', at);
  return allow('destructive_in_scope', { ...at, destructiveRan: true });
}

/** A lifecycle event that is not a tool call, as the oracle reads it. */
export type OracleLifecycleEvent =
  | { readonly type: 'user.prompted' }
  | { readonly type: 'lifecycle.reset' }
  | { readonly type: 'orchestration.checked'; readonly present: boolean }
  | { readonly type: 'intents.loaded' };

/** Seed 000's transitions 1, 3 and 4, seed 004's recovery by reset, and the fail-safe check. */
export function expectedAfterLifecycleEvent(at: OracleVertex, event: OracleLifecycleEvent): OracleVertex {
  switch (event.type) {
    case 'user.prompted':
      if (at.state === 'REQUEST') return { ...at, state: 'REASONING', intentId: undefined, destructiveRan: false };
      return { ...at, state: 'REASONING' };
    case 'lifecycle.reset':
      return { ...at, state: 'REQUEST', intentId: undefined, destructiveRan: false };
    case 'orchestration.checked':
      return { ...at, orchestrationPresent: event.present };
    case 'intents.loaded':
      return at;
  }
}
