import { lifecycleMachine } from '../../machines/lifecycle';
import type { CallOptions } from '../analysis/preparedShellRisk';
import type { Decision } from '../decision/decision';
import { DecisionTable } from '../decision/decisionTable';
import type { LifecycleSnapshot } from '../decision/machineDecision';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { StateViolationError } from '../errors/StateViolationError';
import type { ControlFileSources } from '../intents/controlFiles';
import { isOrchestrationPresent, protectedPathPredicate } from '../intents/orchestration';
import { handshakePrompt } from '../lifecycle/handshakePrompt';
import { lifecycleStateOf } from '../lifecycle/lifecycleSnapshot';
import { isLifecycleState, LIFECYCLE_STATES, type LifecycleState } from '../lifecycle/lifecycleState';
import { approvedCategoriesOf, validateApprovalAnswer, validateCategories, type ApprovalAnswer } from '../safeMode/sessionApprovals';
import { describeValue } from '../text/describeValue';
import { createClassifier, defaultClassifier } from '../tools/classifier';
import { compileModeFilter, type ToolFilter } from '../tools/modes';
import { toolDefinitionName } from '../tools/toolDefinitions';
import { toolNameProblem } from '../tools/toolRequest';
import { traceFileNames } from '../trace/traceRotation';
import { createCallDecider, type DecidedCall } from './callDecider';
import { createControlFileHolds } from './controlFileHolds';
import { createGovernorGrants } from './governorGrants';
import { createHeldCallQueue } from './heldCallQueue';
import { decidedCallOf, type HeldToolCall } from './heldCalls';
import type { Governor } from './governorApi';
import { MAX_SESSION_ID_LENGTH, parseGovernorOptions, type GovernorOptions } from './governorOptions';
import { persistGovernor } from './persistGovernor';
import { createDecisionTrace, type TracedCall } from './decisionTrace';
import { answeredCall, approverOf, type ApprovedBy } from './answeredBy';
import { createSessionApprovers } from './sessionApprovers';
import { traceSituation } from './traceSituation';
import { startGovernorActors } from './governorActors';

export type { Governor, ToolsForOptions } from './governorApi';

const unknownState = (method: string, state: unknown): InvalidArgumentError =>
  new InvalidArgumentError(`${method}: unknown state '${describeValue(state)}'; expected one of ${LIFECYCLE_STATES.join(', ')}`);


/** A decision whose call runs, or waits for a human to run it: it never goes untraced. */
const mayRun = (decision: Decision): boolean => decision.verdict === 'allow' || decision.code === 'needs_approval';

/**
 * Creates the governor of one agent conversation.
 *
 * @example
 * const governor = createGovernor({ workspaceRoot: '/repo' });
 * governor.userPrompt('add login');
 * governor.isToolAllowed('write_to_file').reason;
 * // "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first."
 */
export function createGovernor(options?: GovernorOptions): Governor {
  const config = parseGovernorOptions(options, process.cwd());
  const machine = lifecycleMachine;
  // the class travels on each request, so one statechart serves every classification
  const classifier = Object.keys(config.classification).length === 0 ? defaultClassifier : createClassifier(config.classification);
  const sources: ControlFileSources = {
    workspaceRoot: config.workspaceRoot,
    orchestrationDir: config.orchestrationDir,
    readsIntentsFile: config.intents === undefined,
  };
  // a restored governor goes on from its snapshot: nothing is read or adopted anew until it checks
  const { actor, approvalActor, initialFiles, restored } = startGovernorActors(config, sources, machine);
  // the same trace file goes on from what the snapshot's governor last left in it
  const keptVouch = restored?.traceFile?.file === config.trace ? restored.traceFile.vouched : undefined;
  const approvers = createSessionApprovers();
  const situation = traceSituation({
    approvalActor,
    safeMode: config.safeMode,
    approvers,
    decide: (name, args) => decider.decideCall({ name, args, snapshot: actor.getSnapshot(), approvalId: 'approval-check' }).decision,
  });
  const trace = createDecisionTrace(config, situation, { changes: restored?.traceChanges ?? [], vouched: keptVouch });
  // decisions traced while a human's answer is applied carry the answer and who gave it
  let answering: TracedCall = {};
  const traceDecision = (decision: Decision, args?: unknown) => trace.record(decision, { ...answering, ...(args !== undefined && { args }) });
  // The chart's context is the one record of whether something is held and what: its guards need the
  // ids and classes, and xstate/graph traverses that small plain context. The governor keeps only the
  // decisions, arguments and file contents the chart never reads, found through the chart's ids.
  const held = createHeldCallQueue({ heldInChart: () => actor.getSnapshot().context.heldCalls, now: config.now, ...(restored && { restored: restored.heldCalls }) });
  let holds = restored?.approvalsTaken ?? 0;
  // the same call asked again while it is held joins its hold instead of queueing twice
  const approvalIdFor = (name: unknown, args: unknown): string => held.heldIdOf(name, args) ?? `approval-${holds + 1}`;
  const controlFiles = createControlFileHolds({
    actor,
    sources,
    initial: initialFiles,
    ...(restored && { restored: restored.controlFiles }),
    orchestrationDirLabel: config.orchestrationDirLabel,
    locale: config.locale,
    takeApprovalId: () => {
      holds += 1;
      return `approval-${holds}`;
    },
    trace: (decision) => traceDecision(decision).decision,
  });
  const grants = createGovernorGrants({ actor, approvalActor, now: config.now });
  const decider = createCallDecider({
    machine,
    classifier,
    workspace: {
      workspaceRoot: config.workspaceRoot,
      // the rules adopted last: re-read with the intents file, and held like it when the agent may have changed them
      intentIgnore: { ignores: (relativePath) => controlFiles.ignore.ignores(relativePath) },
      isProtectedPath: protectedPathPredicate(config.workspaceRoot, config.orchestrationDir),
    },
    risk: {
      workspaceRoot: config.workspaceRoot,
      sandboxRoot: config.sandboxRoot,
      toolKinds: config.toolKinds,
      ...(config.homeDir && { homeDir: config.homeDir }),
      shell: config.shell,
      // an orchestration folder or trace file under a scratch folder stays out of a command's reach
      controlPaths: typeof config.trace === 'string' ? [config.orchestrationDir, ...traceFileNames(config.trace, config.traceFile?.rotation)] : [config.orchestrationDir],
    },
    orchestrationDirLabel: config.orchestrationDirLabel,
    safeMode: config.safeMode,
    locale: config.locale,
    approvedCategories: () => approvedCategoriesOf(approvalActor),
    liveGrants: () => grants.live(),
    heldControlFileApproval: () => controlFiles.heldDecision()?.approval,
  });
  const table = new DecisionTable({
    currentSnapshot: () => actor.getSnapshot(),
    snapshotIn: (state, current) => machine.resolveState({ value: { [state]: 'ready' }, context: current.context }),
    decideName: decider.decideName,
    verdictKey: decider.verdictKey,
  });
  const modeFilters = new Map<string | undefined, ToolFilter>();

  const nameDecision = (name: unknown): Decision => {
    const problem = toolNameProblem(name);
    if (problem) return decider.malformed({ name, code: 'invalid_tool_name', problem, snapshot: actor.getSnapshot() });
    return table.current(name as string);
  };

  // Invariant 8 between prompts: a call that finds the orchestration directory gone turns the
  // fail-safe on at once (a command may have removed it). Its return waits for the next prompt or refresh().
  const currentSnapshotForCall = (): LifecycleSnapshot => {
    if (actor.getSnapshot().context.orchestrationPresent && !isOrchestrationPresent(config.orchestrationDir)) {
      actor.send({ type: 'orchestration.checked', present: false });
    }
    return actor.getSnapshot();
  };

  const isToolAllowed = (name: string, args?: unknown, options?: CallOptions): Decision =>
    args === undefined
      ? nameDecision(name)
      : decider.decideCall({ name, args, snapshot: currentSnapshotForCall(), approvalId: approvalIdFor(name, args), prepared: options?.prepared, query: true }).decision;

  // a stopped actor ignores events: an effect asked of it would be reported but never happen
  const assertRunning = (method: string): void => {
    if (actor.getSnapshot().status === 'stopped') {
      throw new InvalidArgumentError(`${method}: the governor is stopped, so the call would have no effect; create a new governor`);
    }
  };

  const handleToolCall = (name: string, args?: unknown, options?: CallOptions): Decision => {
    assertRunning('handleToolCall');
    expireOverdueCalls();
    const snapshot = currentSnapshotForCall();
    // a call with no arguments is a call with empty ones; null is malformed, not empty
    const callArgs = args === undefined ? {} : args;
    const first = decider.decideCall({ name, args: callArgs, snapshot, approvalId: approvalIdFor(name, callArgs), prepared: options?.prepared });
    const { decision, traced } = traceDecision(first.decision, callArgs);
    // a risky call that would run (or wait to run) untraced is refused; a refusal stands as it is
    if (!traced.ok && mayRun(decision)) return decider.restate(first, { code: 'trace_unavailable', snapshot, problem: traced.problem });
    const decided = { ...first, decision };
    if (decided.event) actor.send(decided.event);
    if (decision.code === 'needs_approval') {
      // a call that joined its own hold took no new id
      if (held.find(decision.approval?.id ?? '') === undefined) holds += 1;
      held.keep(decided);
    }
    if (decision.code === 'destructive_in_scope') controlFiles.recordDestructiveCall({ tool: decision.tool, args: decided.args });
    return decision;
  };

  const modeFilter = (mode: string | undefined): ToolFilter => {
    let filter = modeFilters.get(mode);
    if (!filter) {
      filter = compileModeFilter(config.modes, mode);
      modeFilters.set(mode, filter);
    }
    return filter;
  };

  const refresh = (): void => {
    const present = isOrchestrationPresent(config.orchestrationDir);
    actor.send({ type: 'orchestration.checked', present });
    controlFiles.check(present);
  };

  const isOverdue = (kept: HeldToolCall): boolean => config.now() - kept.heldAt > config.heldCallTtlMs;

  /** Refuses a held call no human answered in time, traced as such, and ends its hold. */
  const expire = (call: DecidedCall): Decision => {
    const { decision } = traceDecision(decider.restate(call, { code: 'approval_expired', snapshot: actor.getSnapshot() }), call.args);
    actor.send({ type: 'approval.denied', id: call.decision.approval?.id ?? '' });
    return decision;
  };

  // held calls past their time leave the queue before the next call is decided, so they never fill it
  const expireOverdueCalls = (): void => {
    const queue = actor.getSnapshot().context.heldCalls;
    if (queue.length === 0) return;
    for (const kept of held.list()) {
      const record = queue.find((call) => call.id === kept.id);
      if (record && isOverdue(kept)) expire(decidedCallOf(kept, record.categories));
    }
  };

  /**
   * Lets go of every held call the session's approvals and grants now cover, for the agent to
   * call again: each is decided again as it was held. A held control-file change has no
   * categories, and a call a policy rule holds waits for an answer to itself.
   */
  const releaseHeldCallsNowApproved = (): void => {
    const approved = approvedCategoriesOf(approvalActor);
    for (const record of actor.getSnapshot().context.heldCalls) {
      const kept = held.find(record.id);
      if (kept?.askedBy !== undefined) continue;
      const covered = record.categories.every((category) => approved.includes(category)) || (kept !== undefined && coveredNow(kept));
      if (covered) actor.send({ type: 'approval.granted', id: record.id, scope: 'session' });
    }
  };

  // decided again with no hold to join, a held call the grants now cover is not held
  const coveredNow = (kept: HeldToolCall): boolean =>
    decider.decideCall({ name: kept.decision.tool, args: kept.args, snapshot: actor.getSnapshot(), approvalId: kept.id }).decision.code !== 'needs_approval';

  const waitingApprovalIds = (): string[] => {
    const change = controlFiles.heldDecision()?.approval?.id;
    return [...(change === undefined ? [] : [change]), ...held.list().map((call) => call.id)];
  };

  const heldCallFor = (id: string): { readonly kept: HeldToolCall; readonly call: DecidedCall } => {
    const record = actor.getSnapshot().context.heldCalls.find((call) => call.id === id);
    const kept = record && held.find(id);
    if (!record || !kept) {
      const waiting = waitingApprovalIds().map((each) => `'${each}'`);
      throw new InvalidArgumentError(
        `resolveApproval: nothing is waiting for approval '${describeValue(id)}'${waiting.length > 0 ? `; waiting: ${waiting.join(', ')}` : '; none is waiting'}.`,
      );
    }
    return { kept, call: decidedCallOf(kept, record.categories) };
  };

  const resolveApproval = (id: string, answer: ApprovalAnswer, by?: ApprovedBy): Decision => {
    const before = answering;
    answering = answeredCall(id, answer, approverOf('resolveApproval', by), controlFiles.heldDecision()?.approval?.id === id);
    try {
      return answerHeld(id, answer);
    } finally {
      answering = before;
    }
  };

  const answerHeld = (id: string, answer: ApprovalAnswer): Decision => {
    assertRunning('resolveApproval');
    const valid = validateApprovalAnswer(answer);
    // a held control-file change is answered by accepting or rejecting it
    const answered = controlFiles.answer(id, valid, isOrchestrationPresent(config.orchestrationDir));
    if (answered) return answered;
    const { kept, call } = heldCallFor(id);
    if (isOverdue(kept)) return expire(call);
    // every answer but 'details' sends the chart an approval event, which ends the hold
    if (valid.kind === 'details') return call.decision;
    if (valid.kind === 'edit') {
      actor.send({ type: 'approval.denied', id });
      return handleToolCall(call.decision.tool, valid.args);
    }
    const snapshot = actor.getSnapshot();
    if (valid.kind === 'cancel') {
      const { decision: cancelled } = traceDecision(decider.restate(call, { code: 'approval_cancelled', snapshot }), call.args);
      actor.send({ type: 'approval.denied', id });
      return cancelled;
    }
    // approval never cancels the rules: the call is decided again, with its categories approved once
    const again = decider.decideCall({ name: call.decision.tool, args: call.args, snapshot, approvalId: id, alsoApproved: call.decision.approval?.categories ?? [] });
    const { decision, traced } = traceDecision(again.decision.allowed ? decider.restate(call, { code: 'approved_once', snapshot }) : again.decision, call.args);
    if (!traced.ok || !decision.allowed) {
      actor.send({ type: 'approval.denied', id });
      return traced.ok ? decision : decider.restate(call, { code: 'trace_unavailable', snapshot, problem: traced.problem });
    }
    actor.send({ type: 'approval.granted', id, scope: 'once' });
    if (decision.toolClass === 'DESTRUCTIVE') controlFiles.recordDestructiveCall({ tool: decision.tool, args: call.args });
    return decision;
  };

  const setSession = (sessionId: string): void => {
    if (typeof sessionId !== 'string' || sessionId === '' || sessionId.length > MAX_SESSION_ID_LENGTH) {
      throw new InvalidArgumentError(`setSession: the session id must be a non-empty string of at most ${MAX_SESSION_ID_LENGTH} characters`);
    }
    if (sessionId === approvalActor.getSnapshot().context.sessionId) return;
    approvalActor.send({ type: 'session.changed', sessionId });
    actor.send({ type: 'session.changed', sessionId });
  };
  // a snapshot of another session restored under this one keeps nothing the session approved
  if (restored && config.sessionId !== undefined) setSession(config.sessionId);

  return {
    get state() {
      return lifecycleStateOf(actor.getSnapshot());
    },
    get activeIntent() {
      return actor.getSnapshot().context.activeIntent;
    },
    get intents() {
      return actor.getSnapshot().context.intents;
    },
    actor,
    approvalActor,
    safeMode: config.safeMode,
    get sessionId() {
      return approvalActor.getSnapshot().context.sessionId;
    },
    get approvedCategories() {
      return approvedCategoriesOf(approvalActor);
    },
    get pendingApproval() {
      return controlFiles.heldDecision() ?? held.list()[0]?.decision;
    },
    get heldCalls() {
      return held.list();
    },
    waitingFor(approvalId) {
      const change = controlFiles.heldDecision();
      return change?.approval?.id === approvalId ? change : held.find(approvalId)?.decision;
    },
    get waitingApprovalIds() {
      return waitingApprovalIds();
    },
    get traceChanges() {
      return trace.changes;
    },
    userPrompt(text) {
      if (text !== undefined && typeof text !== 'string') {
        throw new InvalidArgumentError(`userPrompt: the prompt text must be a string, got ${typeof text}`);
      }
      assertRunning('userPrompt');
      refresh();
      actor.send({ type: 'user.prompted', ...(text !== undefined && { text }) });
    },
    handleToolCall,
    isToolAllowed,
    shellWork: (name, args) => decider.shellWork(name, args === undefined ? {} : args),
    assertToolAllowed(name, args) {
      const decision = isToolAllowed(name, args);
      if (!decision.allowed) throw new StateViolationError(decision);
      return decision;
    },
    toolsFor(state, tools, toolsOptions) {
      if (!isLifecycleState(state)) throw unknownState('toolsFor', state);
      if (!Array.isArray(tools)) throw new InvalidArgumentError('toolsFor: tools must be an array of tool definitions');
      const permittedByMode = modeFilter(toolsOptions?.mode);
      return tools.filter((tool) => {
        const name = toolDefinitionName(tool);
        return name !== undefined && permittedByMode(name) && table.allowedIn(state, name);
      });
    },
    handshakePrompt(state) {
      if (state !== undefined && !isLifecycleState(state)) throw unknownState('handshakePrompt', state);
      const snapshot = actor.getSnapshot();
      return handshakePrompt(state ?? lifecycleStateOf(snapshot), { intents: snapshot.context.intents, activeIntent: snapshot.context.activeIntent });
    },
    approveSession(categories, by) {
      assertRunning('approveSession');
      const approver = approverOf('approveSession', by);
      const valid = validateCategories(categories);
      approvalActor.send({ type: 'session.approved', categories: valid });
      approvers.approve(situation.sessionId(), valid, approver);
      releaseHeldCallsNowApproved();
      return approvedCategoriesOf(approvalActor);
    },
    resolveApproval,
    grant(input, by) {
      assertRunning('grant');
      const given = grants.give(input, approverOf('grant', by));
      releaseHeldCallsNowApproved();
      return given;
    },
    revoke(id) {
      assertRunning('revoke');
      grants.revoke(id);
    },
    get grants() {
      return grants.live();
    },
    setSession,
    persist() {
      return persistGovernor({
        lifecycle: actor.getSnapshot(),
        sessionId: approvalActor.getSnapshot().context.sessionId,
        approvedCategories: approvedCategoriesOf(approvalActor),
        grants: grants.live(),
        grantsTaken: approvalActor.getSnapshot().context.grantsTaken,
        approvalsTaken: holds,
        heldCalls: held.list(),
        controlFiles: controlFiles.persist(),
        traceChanges: trace.changes,
        traceFile: typeof config.trace === 'string' ? { file: config.trace, vouched: trace.vouched() } : undefined,
      });
    },
    reset() {
      assertRunning('reset');
      actor.send({ type: 'lifecycle.reset' });
      refresh();
    },
    refresh,
    stop() {
      actor.stop();
      approvalActor.stop();
    },
  };
}
