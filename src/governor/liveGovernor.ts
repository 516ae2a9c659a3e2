import type { Actor } from 'xstate';
import type { ApprovalsMachine } from '../../machines/approvals';
import { lifecycleMachine, type LifecycleMachine } from '../../machines/lifecycle';
import type { CallOptions } from '../analysis/preparedShellRisk';
import type { Decision } from '../decision/decision';
import type { LifecycleSnapshot } from '../decision/machineDecision';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { StateViolationError } from '../errors/StateViolationError';
import type { Grant, GrantInput } from '../grants/grant';
import type { Intent } from '../intents/intent';
import { isOrchestrationPresent } from '../intents/orchestration';
import { widenedIntentsText } from '../intents/widenedIntents';
import { handshakePrompt } from '../lifecycle/handshakePrompt';
import { lifecycleStateOf } from '../lifecycle/lifecycleSnapshot';
import { isLifecycleState, LIFECYCLE_STATES, type LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import { approvedCategoriesOf, validateCategories, type ApprovalAnswer } from '../safeMode/sessionApprovals';
import { describeValue } from '../text/describeValue';
import { callArgumentsOf } from '../tools/jsonArguments';
import { toolDefinitionName } from '../tools/toolDefinitions';
import type { TraceChange } from '../trace/traceRecord';
import { approverOf, type ApprovedBy } from './answeredBy';
import type { DecidedCall } from './callDecider';
import { answerHeldCall, expireOverdueCalls, markFlowReads, releaseHeldCallsNowApproved } from './heldCallAnswers';
import { clearFlowMark } from './flowAnswers';
import { FLOW_KINDS, isFlowKind, type FlowKind, type FlowMarks } from '../flow/flowMarks';
import { flowMarksOf } from '../lifecycle/lifecycleSnapshot';
import { isHeldCallCode } from '../decision/reasons';
import type { Governor, ToolsForOptions } from './governorApi';
import type { GovernorConfig } from './governorOptions';
import { MAX_SESSION_ID_LENGTH } from './governorOptions';
import {
  approvalIdFor,
  createGovernorParts,
  decisionTable,
  modeFilter,
  nameDecision,
  traceDecision,
  waitingApprovalIds,
  type GovernorParts,
} from './governorParts';
import type { GovernorSnapshot } from './governorSnapshot';
import type { HeldToolCall } from './heldCalls';
import { persistGovernor } from './persistGovernor';

const unknownState = (method: string, state: unknown): InvalidArgumentError =>
  new InvalidArgumentError(
    `${method}: unknown state '${describeValue(state)}'; expected one of ${LIFECYCLE_STATES.join(', ')}`,
  );

/** A decision whose call runs, or waits for a human to run it: it never goes untraced. */
const mayRun = (decision: Decision): boolean => decision.verdict === 'allow' || isHeldCallCode(decision.code);

/**
 * The governor of one agent conversation: its state is in its parts, its behaviour on the
 * prototype, so a governor that is kept but idle costs its state alone.
 */
export class LiveGovernor implements Governor {
  readonly #parts: GovernorParts;

  constructor(config: GovernorConfig) {
    this.#parts = createGovernorParts(config, lifecycleMachine);
    // a snapshot of another session restored under this one keeps nothing the session approved
    if (this.#parts.restored && config.sessionId !== undefined) this.#setSession(config.sessionId);
  }

  get state(): LifecycleState {
    return lifecycleStateOf(this.#parts.lifecycle.getSnapshot());
  }

  get activeIntent(): Intent | undefined {
    return this.#parts.lifecycle.getSnapshot().context.activeIntent;
  }

  get intents(): readonly Intent[] {
    return this.#parts.lifecycle.getSnapshot().context.intents;
  }

  get actor(): Actor<LifecycleMachine> {
    return this.#parts.lifecycle.actor;
  }

  get approvalActor(): Actor<ApprovalsMachine> {
    return this.#parts.approvals.actor;
  }

  get safeMode(): boolean {
    return this.#parts.config.safeMode;
  }

  get sessionId(): string {
    return this.#parts.approvals.getSnapshot().context.sessionId;
  }

  get approvedCategories(): readonly RiskCategory[] {
    return approvedCategoriesOf(this.#parts.approvals);
  }

  get pendingApproval(): Decision | undefined {
    return this.#parts.controlFiles.heldDecision() ?? this.#parts.held.list()[0]?.decision;
  }

  get heldCalls(): readonly HeldToolCall[] {
    return this.#parts.held.list();
  }

  waitingFor(approvalId: string): Decision | undefined {
    const change = this.#parts.controlFiles.heldDecision();
    return change?.approval?.id === approvalId ? change : this.#parts.held.find(approvalId)?.decision;
  }

  get waitingApprovalIds(): readonly string[] {
    return waitingApprovalIds(this.#parts);
  }

  get traceChanges(): readonly TraceChange[] {
    return this.#parts.trace.changes();
  }

  get grants(): readonly Grant[] {
    return this.#parts.grants.live();
  }

  userPrompt(text?: string): void {
    if (text !== undefined && typeof text !== 'string') {
      throw new InvalidArgumentError(`userPrompt: the prompt text must be a string, got ${typeof text}`);
    }
    this.#assertRunning('userPrompt');
    this.#refresh();
    this.#parts.lifecycle.send({ type: 'user.prompted', ...(text !== undefined && { text }) });
  }

  handleToolCall(name: string, args?: unknown, options?: CallOptions): Decision {
    return this.#handleToolCall(name, args, options);
  }

  isToolAllowed(name: string, args?: unknown, options?: CallOptions): Decision {
    return this.#isToolAllowed(name, args, options);
  }

  #handleToolCall(name: string, args?: unknown, options?: CallOptions): Decision {
    const parts = this.#parts;
    this.#assertRunning('handleToolCall');
    expireOverdueCalls(parts);
    parts.calls += 1;
    const snapshot = this.#currentSnapshotForCall();
    // a call with no arguments is a call with empty ones; null is malformed, not empty; a JSON-object text is its object, traced and held as such
    const callArgs = args === undefined ? {} : callArgumentsOf(args);
    const first = parts.decider.decideCall({
      name,
      args: callArgs,
      snapshot,
      approvalId: approvalIdFor(parts, name, callArgs),
      prepared: options?.prepared,
    });
    const { decision, traced } = traceDecision(parts, first.decision, callArgs);
    // a risky call that would run (or wait to run) untraced is refused; a refusal stands as it is
    if (!traced.ok && mayRun(decision))
      return parts.decider.restate(first, { code: 'trace_unavailable', snapshot, problem: traced.problem });
    const decided: DecidedCall = { ...first, decision };
    if (decided.event) parts.lifecycle.send(decided.event);
    if (decision.allowed) markFlowReads(parts, decided, parts.calls);
    if (isHeldCallCode(decision.code)) {
      // a call that joined its own hold took no new id
      if (parts.held.find(decision.approval?.id ?? '') === undefined) parts.holds += 1;
      parts.held.keep(decided);
    }
    if (decision.code === 'destructive_in_scope')
      parts.controlFiles.recordDestructiveCall({ tool: decision.tool, args: decided.args });
    return decision;
  }

  #isToolAllowed(name: string, givenArgs?: unknown, options?: CallOptions): Decision {
    const parts = this.#parts;
    if (givenArgs === undefined) return nameDecision(parts, name);
    const args = callArgumentsOf(givenArgs);
    return parts.decider.decideCall({
      name,
      args,
      snapshot: this.#currentSnapshotForCall(),
      approvalId: approvalIdFor(parts, name, args),
      prepared: options?.prepared,
      query: true,
    }).decision;
  }

  shellWork(name: unknown, args?: unknown): ReturnType<Governor['shellWork']> {
    // the same arguments the decision reads, so work prepared from a JSON text matches its call
    return this.#parts.decider.shellWork(name, args === undefined ? {} : callArgumentsOf(args));
  }

  assertToolAllowed(name: string, args?: unknown): Decision {
    const decision = this.#isToolAllowed(name, args);
    if (!decision.allowed) throw new StateViolationError(decision);
    return decision;
  }

  toolsFor<T>(state: LifecycleState, tools: readonly T[], toolsOptions?: ToolsForOptions): T[] {
    if (!isLifecycleState(state)) throw unknownState('toolsFor', state);
    if (!Array.isArray(tools)) throw new InvalidArgumentError('toolsFor: tools must be an array of tool definitions');
    const mode = toolsOptions?.mode;
    const permittedByMode = mode === undefined ? undefined : modeFilter(this.#parts, mode);
    // looked up once per catalog, not per tool: nothing changes the snapshot while it is filtered
    const allowed = decisionTable(this.#parts).verdictsIn(state);
    return tools.filter((tool) => {
      const name = toolDefinitionName(tool);
      return name !== undefined && (permittedByMode === undefined || permittedByMode(name)) && allowed(name);
    });
  }

  handshakePrompt(state?: LifecycleState): string {
    if (state !== undefined && !isLifecycleState(state)) throw unknownState('handshakePrompt', state);
    const snapshot = this.#parts.lifecycle.getSnapshot();
    return handshakePrompt(state ?? lifecycleStateOf(snapshot), {
      intents: snapshot.context.intents,
      activeIntent: snapshot.context.activeIntent,
    });
  }

  approveSession(categories: readonly RiskCategory[], by?: ApprovedBy): readonly RiskCategory[] {
    const parts = this.#parts;
    this.#assertRunning('approveSession');
    const approver = approverOf('approveSession', by);
    const valid = validateCategories(categories);
    parts.approvals.send({ type: 'session.approved', categories: valid });
    parts.approvers.approve(parts.situation.sessionId(), valid, approver);
    releaseHeldCallsNowApproved(parts);
    return approvedCategoriesOf(parts.approvals);
  }

  resolveApproval(id: string, answer: ApprovalAnswer, by?: ApprovedBy): Decision {
    return answerHeldCall(
      this.#parts,
      { id, answer, by },
      {
        assertRunning: () => this.#assertRunning('resolveApproval'),
        callAgain: (tool, args) => this.#handleToolCall(tool, args),
      },
    );
  }

  get flowMarks(): FlowMarks {
    return flowMarksOf(this.#parts.lifecycle.getSnapshot());
  }

  clearFlow(kind: FlowKind, by?: ApprovedBy): FlowMarks {
    this.#assertRunning('clearFlow');
    if (!isFlowKind(kind))
      throw new InvalidArgumentError(
        `clearFlow: unknown flow mark '${describeValue(kind)}'; expected one of ${FLOW_KINDS.join(', ')}`,
      );
    const approver = approverOf('clearFlow', by);
    const source = flowMarksOf(this.#parts.lifecycle.getSnapshot())[kind];
    // a mark not set is not cleared: nothing happened to trace
    if (source === undefined) return flowMarksOf(this.#parts.lifecycle.getSnapshot());
    this.#parts.trace.clearing(kind, source, approver);
    clearFlowMark(this.#parts, kind);
    return flowMarksOf(this.#parts.lifecycle.getSnapshot());
  }

  grant(input: GrantInput, by?: ApprovedBy): Grant {
    this.#assertRunning('grant');
    const given = this.#parts.grants.give(input, approverOf('grant', by));
    releaseHeldCallsNowApproved(this.#parts);
    return given;
  }

  revoke(id: string): void {
    this.#assertRunning('revoke');
    this.#parts.grants.revoke(id);
  }

  setSession(sessionId: string): void {
    this.#setSession(sessionId);
  }

  #setSession(sessionId: string): void {
    if (typeof sessionId !== 'string' || sessionId === '' || sessionId.length > MAX_SESSION_ID_LENGTH) {
      throw new InvalidArgumentError(
        `setSession: the session id must be a non-empty string of at most ${MAX_SESSION_ID_LENGTH} characters`,
      );
    }
    const { approvals, lifecycle } = this.#parts;
    if (sessionId === approvals.getSnapshot().context.sessionId) return;
    approvals.send({ type: 'session.changed', sessionId });
    lifecycle.send({ type: 'session.changed', sessionId });
  }

  persist(): GovernorSnapshot {
    const { config, lifecycle, approvals, grants, held, controlFiles, trace } = this.#parts;
    return persistGovernor({
      lifecycle: lifecycle.getSnapshot(),
      sessionId: approvals.getSnapshot().context.sessionId,
      approvedCategories: approvedCategoriesOf(approvals),
      grants: grants.live(),
      grantsTaken: approvals.getSnapshot().context.grantsTaken,
      approvalsTaken: this.#parts.holds,
      callsDecided: this.#parts.calls,
      heldCalls: held.list(),
      controlFiles: controlFiles.persist(),
      traceChanges: trace.changes(),
      traceFile: typeof config.trace === 'string' ? { file: config.trace, vouched: trace.vouched() } : undefined,
    });
  }

  reset(): void {
    this.#assertRunning('reset');
    this.#parts.lifecycle.send({ type: 'lifecycle.reset' });
    this.#refresh();
  }

  refresh(): void {
    this.#refresh();
  }

  widenScope(intentId: string, entries: readonly string[]): readonly string[] {
    this.#assertRunning('widenScope');
    if (
      typeof intentId !== 'string' ||
      !Array.isArray(entries) ||
      !entries.every((entry) => typeof entry === 'string')
    ) {
      throw new InvalidArgumentError(
        `widenScope: expected an intent id and a list of scope globs, got ${describeValue(intentId)} and ${describeValue(entries)}`,
      );
    }
    // what the agent may have changed is put to a human first, so the edit starts from adopted content
    this.#refresh();
    const present = isOrchestrationPresent(this.#parts.config.orchestrationDir);
    const widened = this.#parts.controlFiles.writeIntents(
      (text) => widenedIntentsText(text, intentId, entries),
      present,
    );
    if (!widened.ok) throw new InvalidArgumentError(`widenScope: ${widened.problem}`);
    return widened.scope;
  }

  #refresh(): void {
    const present = isOrchestrationPresent(this.#parts.config.orchestrationDir);
    this.#parts.lifecycle.send({ type: 'orchestration.checked', present });
    this.#parts.controlFiles.check(present);
  }

  stop(): void {
    this.#parts.lifecycle.stop();
    this.#parts.approvals.stop();
  }

  // a stopped chart ignores events: an effect asked of it would be reported but never happen
  #assertRunning(method: string): void {
    if (this.#parts.lifecycle.getSnapshot().status === 'stopped') {
      throw new InvalidArgumentError(
        `${method}: the governor is stopped, so the call would have no effect; create a new governor`,
      );
    }
  }

  // Invariant 8 between prompts: a call that finds the orchestration directory gone turns the
  // fail-safe on at once (a command may have removed it). Its return waits for the next prompt or refresh().
  #currentSnapshotForCall(): LifecycleSnapshot {
    const { lifecycle, config } = this.#parts;
    if (lifecycle.getSnapshot().context.orchestrationPresent && !isOrchestrationPresent(config.orchestrationDir)) {
      lifecycle.send({ type: 'orchestration.checked', present: false });
    }
    return lifecycle.getSnapshot();
  }
}

/** A governor's methods, each bound to its governor when first read, so one read off the governor works alone. */
const DETACHABLE_METHODS = [
  'userPrompt',
  'handleToolCall',
  'isToolAllowed',
  'shellWork',
  'assertToolAllowed',
  'toolsFor',
  'handshakePrompt',
  'approveSession',
  'resolveApproval',
  'clearFlow',
  'grant',
  'revoke',
  'waitingFor',
  'setSession',
  'persist',
  'reset',
  'refresh',
  'widenScope',
  'stop',
] as const satisfies readonly (keyof Governor)[];

const ownMethod = (governor: LiveGovernor, name: string, value: unknown): void => {
  Object.defineProperty(governor, name, { value, writable: true, configurable: true, enumerable: true });
};

for (const name of DETACHABLE_METHODS) {
  const method: unknown = Reflect.get(LiveGovernor.prototype, name);
  if (typeof method !== 'function') throw new TypeError(`LiveGovernor has no method ${name}`);
  Object.defineProperty(LiveGovernor.prototype, name, {
    configurable: true,
    get(this: LiveGovernor) {
      const bound: unknown = method.bind(this);
      ownMethod(this, name, bound);
      return bound;
    },
    // a host may replace a method on its governor, as it could on a plain object
    set(this: LiveGovernor, value: unknown) {
      ownMethod(this, name, value);
    },
  });
}
