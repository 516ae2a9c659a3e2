import type { Actor } from 'xstate';
import type { FlowKind, FlowMarks } from '../flow/flowMarks';
import type { ApprovalsMachine } from '../../machines/approvals';
import type { CallOptions } from '../analysis/preparedShellRisk';
import type { ShellWork } from '../analysis/shellWork';
import type { LifecycleMachine } from '../../machines/lifecycle';
import type { Decision } from '../decision/decision';
import type { Grant, GrantInput } from '../grants/grant';
import type { Intent } from '../intents/intent';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import type { ApprovalAnswer } from '../safeMode/sessionApprovals';
import type { TraceChange } from '../trace/traceRecord';
import type { ApprovedBy } from './answeredBy';
import type { GovernorSnapshot } from './governorSnapshot';
import type { HeldToolCall } from './heldCalls';

export interface ToolsForOptions {
  /** a mode from `options.modes`; its tool list narrows what the state allows */
  readonly mode?: string;
}

/** The lifecycle governor of one agent conversation. */
export interface Governor {
  /** the current lifecycle state */
  readonly state: LifecycleState;
  /** the active intent; kept in REASONING after a new prompt until the task ends */
  readonly activeIntent: Intent | undefined;
  /** the intents select_active_intent accepts */
  readonly intents: readonly Intent[];
  /** the XState actor running the lifecycle statechart, for inspection */
  readonly actor: Actor<LifecycleMachine>;
  /** the approval actor: the categories approved for the current session */
  readonly approvalActor: Actor<ApprovalsMachine>;
  /** whether safe mode holds risky calls for approval */
  readonly safeMode: boolean;
  readonly sessionId: string;
  /** the categories approved for the current session */
  readonly approvedCategories: readonly RiskCategory[];
  /** what waits for a human's answer first, as its 'ask' decision: a held control-file change, else the oldest held call */
  readonly pendingApproval: Decision | undefined;
  /**
   * the calls waiting for a human's answer, oldest first (at most 16), each answered by its
   * `id` with `resolveApproval`; a control-file change is `pendingApproval`, not one of these
   */
  readonly heldCalls: readonly HeldToolCall[];
  /** The 'ask' decision waiting under `approvalId` (a held call or a held control-file change); undefined when nothing waits under it. */
  waitingFor(approvalId: string): Decision | undefined;
  /** the approval ids something waits under: a held control-file change first, then the held calls, oldest first */
  readonly waitingApprovalIds: readonly string[];
  /**
   * the changes made to the trace file outside the governor (truncated, rewritten, replaced),
   * found before its appends, oldest first (the last 64); each is also a `trace_changed` note
   * on the decision whose append found it, and a notice line in the file
   */
  readonly traceChanges: readonly TraceChange[];
  /** Reports a user prompt: REQUEST or ACTION moves to REASONING. Re-reads the intents file first. */
  userPrompt(text?: string): void;
  /**
   * The sole gateway: decides a call, applies its lifecycle effects, writes risky calls to the
   * trace. `options.prepared` is a shell analysis made ahead (on a worker thread) for
   * `shellWork(name, args)`; it is used only when its key is that work's.
   */
  handleToolCall(name: string, args?: unknown, options?: CallOptions): Decision;
  /** Decides without effects; with no `args` it answers for the tool by name. */
  isToolAllowed(name: string, args?: unknown, options?: CallOptions): Decision;
  /**
   * The shell analysis a call needs, as plain data a worker thread can run (`{ key, input }`);
   * undefined when the call runs no shell command. Its answer goes back as `{ prepared }`.
   */
  shellWork(name: unknown, args?: unknown): ShellWork | undefined;
  /** Like isToolAllowed, but throws StateViolationError when the call may not run. */
  assertToolAllowed(name: string, args?: unknown): Decision;
  /** The tool definitions the model may see in `state`, in order, the same objects. */
  toolsFor<T>(state: LifecycleState, tools: readonly T[], options?: ToolsForOptions): T[];
  /** The system-prompt text for `state` (default: the current one), with the intents. */
  handshakePrompt(state?: LifecycleState): string;
  /**
   * Grants risk categories for the current session only; returns every category now approved.
   * `by.approver` names who approved, for the trace of the calls the approval lets run.
   */
  approveSession(categories: readonly RiskCategory[], by?: ApprovedBy): readonly RiskCategory[];
  /**
   * Gives a grant: its categories approved for the calls its narrowing matches (`commands`
   * prefixes per simple command, `paths` globs, `hosts`, `tools`), until the session ends, or
   * the active intent changes (`until: 'intent'`), or `ttlMs` passes, or it is revoked. Held
   * calls it covers are let go, for the agent to call again. A grant never lifts the lifecycle,
   * the scope, `.intentignore` or the control files. `by.approver` names who gave it: the grant
   * keeps it (`givenBy`), and so does the note of every call it approves. Throws
   * InvalidArgumentError on bad input.
   */
  grant(input: GrantInput, by?: ApprovedBy): Grant;
  /** Ends a grant at once; throws InvalidArgumentError when no live grant has that id. */
  revoke(id: string): void;
  /** the live grants: a person's not yet ended, then the active intent's own `approvals` */
  readonly grants: readonly Grant[];
  /**
   * Answers a held call: 'continue' runs it once, 'cancel' drops it, 'details' shows it, { edit }
   * re-decides new arguments. The trace records the answer, and `by.approver` as who gave it.
   */
  resolveApproval(id: string, answer: ApprovalAnswer, by?: ApprovedBy): Decision;
  /**
   * A person clears one mark of the flow rules for the rest of the session (docs/safe-mode.md#flow-rules):
   * after `clearFlow('secret')` calls that send data out run again as their approvals say, and
   * the calls held for that mark are let go for the agent to call again. Only a person's answer
   * clears a mark: no tool call does. The trace records it, with `by.approver`. Returns the
   * marks left. Throws InvalidArgumentError for a kind other than 'secret' or 'untrusted'.
   */
  clearFlow(kind: FlowKind, by?: ApprovedBy): FlowMarks;
  /** what the session read that the flow rules remember, each with the call that first read it */
  readonly flowMarks: FlowMarks;
  /** Starts another session: every approval is dropped. */
  setSession(sessionId: string): void;
  /** Returns to REQUEST from any state and clears the intent. */
  reset(): void;
  /** Re-reads the orchestration directory and the intents file. */
  refresh(): void;
  /**
   * A person's answer to work outside the scope: adds `entries` (scope globs relative to the
   * workspace) to the `owned_scope` of intent `intentId` in the intents file, keeping its
   * comments, and adopts the file at once as the person's own edit; the active intent's scope
   * widens from the next call. Returns the intent's new scope. Throws InvalidArgumentError when
   * the intents come from options, a control-file change waits for an answer, the file changed
   * since it was adopted, the intent is unknown or an entry is not a scope glob. The agent has
   * no route to it: only the host calls it (the console, a person's terminal).
   */
  widenScope(intentId: string, entries: readonly string[]): readonly string[];
  /**
   * The governor's state as plain JSON data, for `createGovernor({ restore })` in another process:
   * the restored governor decides as this one would. A held call always fits: one whose arguments
   * could not be kept was refused, not held.
   */
  persist(): GovernorSnapshot;
  /** Stops both actors; a stopped governor keeps answering queries from its last snapshot, and its methods with effects throw. */
  stop(): void;
}
