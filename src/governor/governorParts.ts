import type { ApprovalsMachine } from '../../machines/approvals';
import type { LifecycleMachine } from '../../machines/lifecycle';
import type { Decision } from '../decision/decision';
import { DecisionTable } from '../decision/decisionTable';
import type { ControlFileSources } from '../intents/controlFiles';
import { protectedPathPredicate } from '../intents/orchestration';
import { approvedCategoriesOf } from '../safeMode/sessionApprovals';
import { createClassifier, defaultClassifier } from '../tools/classifier';
import { compileModeFilter, type ToolFilter } from '../tools/modes';
import { toolNameProblem } from '../tools/toolRequest';
import { flowMarksOf, lifecycleValue } from '../lifecycle/lifecycleSnapshot';
import type { TraceResult } from '../trace/tracer';
import { traceFileNames } from '../trace/traceRotation';
import { createCallDecider, type CallDecider } from './callDecider';
import { createControlFileHolds, type ControlFileHolds } from './controlFileHolds';
import { createDecisionTrace, type DecisionTrace, type TracedCall } from './decisionTrace';
import { startGovernorActors } from './governorActors';
import type { GovernorChart } from './governorChart';
import { createGovernorGrants, type GovernorGrants } from './governorGrants';
import type { GovernorConfig } from './governorOptions';
import { createHeldCallQueue, type HeldCallQueue } from './heldCallQueue';
import type { RestoredGovernor } from './restoreGovernor';
import { createSessionApprovers, type SessionApprovers } from './sessionApprovers';
import { traceSituation } from './traceSituation';
import type { TraceSituation } from './decisionTrace';

/** What one governor is made of: its charts, and what it keeps beside them. */
export interface GovernorParts {
  readonly config: GovernorConfig;
  readonly lifecycle: GovernorChart<LifecycleMachine>;
  readonly approvals: GovernorChart<ApprovalsMachine>;
  readonly restored: RestoredGovernor | undefined;
  readonly decider: CallDecider;
  /** the name-only decisions, made on the first question by name (see `decisionTable`) */
  table: DecisionTable | undefined;
  readonly machine: LifecycleMachine;
  // the chart's context is the one record of whether something is held and what: the governor
  // keeps only the decisions, arguments and file contents the chart never reads, found through its ids
  readonly held: HeldCallQueue;
  readonly controlFiles: ControlFileHolds;
  readonly grants: GovernorGrants;
  readonly approvers: SessionApprovers;
  readonly situation: TraceSituation;
  readonly trace: DecisionTrace;
  /** approval ids taken: the next hold is `approval-<holds + 1>` */
  holds: number;
  /** calls decided in the session: the next is call `calls + 1`, the number a flow mark names */
  calls: number;
  /** the answer being applied: decisions traced meanwhile carry it and who gave it */
  answering: TracedCall;
  /** compiled per mode asked, on first use */
  modeFilters: Map<string | undefined, ToolFilter> | undefined;
}

/** Builds a governor's parts from its options: fresh, or going on from `config.restore`. */
export function createGovernorParts(config: GovernorConfig, machine: LifecycleMachine): GovernorParts {
  // the class travels on each request, so one statechart serves every classification
  const classifier =
    Object.keys(config.classification).length === 0 ? defaultClassifier : createClassifier(config.classification);
  const sources: ControlFileSources = {
    workspaceRoot: config.workspaceRoot,
    orchestrationDir: config.orchestrationDir,
    readsIntentsFile: config.intents === undefined,
  };
  // a restored governor goes on from its snapshot: nothing is read or adopted anew until it checks
  const {
    actor: lifecycle,
    approvalActor: approvals,
    initialFiles,
    restored,
  } = startGovernorActors(config, sources, machine);
  // the same trace file goes on from what the snapshot's governor last left in it
  const keptVouch = restored?.traceFile?.file === config.trace ? restored.traceFile.vouched : undefined;
  const approvers = createSessionApprovers();
  const situation = traceSituation({
    approvalActor: approvals,
    safeMode: config.safeMode,
    approvers,
    flowMarks: () => flowMarksOf(lifecycle.getSnapshot()),
    decide: (name, args) =>
      decider.decideCall({ name, args, snapshot: lifecycle.getSnapshot(), approvalId: 'approval-check' }).decision,
  });
  const trace = createDecisionTrace(config, situation, { changes: restored?.traceChanges ?? [], vouched: keptVouch });
  const held = createHeldCallQueue({
    heldInChart: () => lifecycle.getSnapshot().context.heldCalls,
    now: config.now,
    ...(restored && { restored: restored.heldCalls }),
  });
  const controlFiles = createControlFileHolds({
    actor: lifecycle,
    sources,
    initial: initialFiles,
    ...(restored && { restored: restored.controlFiles }),
    orchestrationDirLabel: config.orchestrationDirLabel,
    locale: config.locale,
    takeApprovalId: () => {
      parts.holds += 1;
      return `approval-${parts.holds}`;
    },
    trace: (decision) => traceDecision(parts, decision).decision,
  });
  const grants = createGovernorGrants({ actor: lifecycle, approvalActor: approvals, now: config.now });
  const decider = createCallDecider({
    machine,
    classifier,
    workspace: {
      workspaceRoot: config.workspaceRoot,
      // the rules adopted last: re-read with the intents file, and held like it when the agent may have changed them
      intentIgnore: controlFiles,
      isProtectedPath: protectedPathPredicate(config.workspaceRoot, config.orchestrationDir),
    },
    risk: {
      workspaceRoot: config.workspaceRoot,
      sandboxRoot: config.sandboxRoot,
      toolKinds: config.toolKinds,
      ...(config.homeDir && { homeDir: config.homeDir }),
      shell: config.shell,
      // an orchestration folder or trace file under a scratch folder stays out of a command's reach
      // concat sizes the array exactly; a spread leaves room for ~17 more entries in every governor
      controlPaths:
        typeof config.trace === 'string'
          ? [config.orchestrationDir].concat(traceFileNames(config.trace, config.traceFile?.rotation))
          : [config.orchestrationDir],
    },
    orchestrationDirLabel: config.orchestrationDirLabel,
    safeMode: config.safeMode,
    locale: config.locale,
    shellContainment: config.shellContainment,
    readOnlyShellBeforeIntent: config.readOnlyShellBeforeIntent,
    flow: config.flow,
    approvedCategories: () => approvedCategoriesOf(approvals),
    liveGrants: () => grants.live(),
    heldControlFileApproval: () => controlFiles.heldDecision()?.approval,
  });
  const parts: GovernorParts = {
    config,
    lifecycle,
    approvals,
    restored,
    decider,
    table: undefined,
    machine,
    held,
    controlFiles,
    grants,
    approvers,
    situation,
    trace,
    holds: restored?.approvalsTaken ?? 0,
    calls: restored?.callsDecided ?? 0,
    answering: {},
    modeFilters: undefined,
  };
  return parts;
}

/** Writes a decision to the trace, with the answer being applied and the call's arguments. */
export function traceDecision(
  parts: GovernorParts,
  decision: Decision,
  args?: unknown,
): { readonly decision: Decision; readonly traced: TraceResult } {
  return parts.trace.record(decision, { ...parts.answering, ...(args !== undefined && { args }) });
}

/** The same call asked again while it is held joins its hold instead of queueing twice. */
export function approvalIdFor(parts: GovernorParts, name: unknown, args: unknown): string {
  return parts.held.heldIdOf(name, args) ?? `approval-${parts.holds + 1}`;
}

/** The decision on a tool asked about by name, from the table derived from the chart. */
export function nameDecision(parts: GovernorParts, name: unknown): Decision {
  const problem = toolNameProblem(name);
  if (problem)
    return parts.decider.malformed({
      name,
      code: 'invalid_tool_name',
      problem,
      snapshot: parts.lifecycle.getSnapshot(),
    });
  return decisionTable(parts).current(name as string);
}

/** The governor's table of name-only decisions, made when first asked: a governor that is never asked by name holds none. */
export function decisionTable(parts: GovernorParts): DecisionTable {
  if (parts.table === undefined) {
    const { lifecycle, machine, decider } = parts;
    parts.table = new DecisionTable({
      currentSnapshot: () => lifecycle.getSnapshot(),
      snapshotIn: (state, current) =>
        machine.resolveState({ value: lifecycleValue(state, 'ready', flowMarksOf(current)), context: current.context }),
      decideName: decider.decideName,
      verdictKey: decider.verdictKey,
    });
  }
  return parts.table;
}

/** Which tool names a mode lets the model see. */
export function modeFilter(parts: GovernorParts, mode: string | undefined): ToolFilter {
  const filters = (parts.modeFilters ??= new Map());
  let filter = filters.get(mode);
  if (!filter) {
    filter = compileModeFilter(parts.config.modes, mode);
    filters.set(mode, filter);
  }
  return filter;
}

/** The approval ids something waits under: a held control-file change first, then the held calls, oldest first. */
export function waitingApprovalIds(parts: GovernorParts): string[] {
  const change = parts.controlFiles.heldDecision()?.approval?.id;
  return [...(change === undefined ? [] : [change]), ...parts.held.list().map((call) => call.id)];
}
