import path from 'node:path';
import { createActor, type Actor } from 'xstate';
import { createLifecycleMachine, lifecycleMachine, type LifecycleMachine } from '../machines/lifecycle';
import { createClassifier, defaultClassifier, type Classifier } from './classification';
import { buildDecision, type Decision } from './decision';
import { DecisionTable } from './decisionTable';
import { InvalidArgumentError } from './errors/InvalidArgumentError';
import { StateViolationError } from './errors/StateViolationError';
import { parseGovernorOptions, type GovernorConfig, type GovernorOptions } from './governorOptions';
import { handshakePrompt } from './handshakePrompt';
import type { Intent } from './intent';
import { loadIntentIgnore } from './intentIgnore';
import { INTENTS_FILE_NAME, loadIntentsFile } from './intentsFile';
import { decisionFacts, lifecycleStateOf } from './lifecycleSnapshot';
import { isLifecycleState, LIFECYCLE_STATES, type LifecycleState } from './lifecycleState';
import { decisionCodeOf, type LifecycleSnapshot } from './machineDecision';
import { compileModeFilter, type ToolFilter } from './modes';
import { isOrchestrationPresent, protectedPathPredicate } from './orchestration';
import { toolDefinitionName } from './toolDefinitions';
import {
  createToolRequest,
  MAX_TOOL_NAME_LENGTH,
  nameOnlyRequest,
  toolNameProblem,
  type MalformedCallCode,
  type ToolRequest,
  type WorkspaceFacts,
} from './toolRequest';

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
  /** Reports a user prompt: REQUEST or ACTION moves to REASONING. Re-reads the intents file first. */
  userPrompt(text?: string): void;
  /** The sole gateway: decides a call and applies its lifecycle effects. */
  handleToolCall(name: string, args?: unknown): Decision;
  /** Decides without effects; with no `args` it answers for the tool by name. */
  isToolAllowed(name: string, args?: unknown): Decision;
  /** Like isToolAllowed, but throws StateViolationError when the call may not run. */
  assertToolAllowed(name: string, args?: unknown): Decision;
  /** The tool definitions the model may see in `state`, in order, the same objects. */
  toolsFor<T>(state: LifecycleState, tools: readonly T[], options?: ToolsForOptions): T[];
  /** The system-prompt text for the current state, with the intents. */
  handshakePrompt(): string;
  /** Returns to REQUEST from any state and clears the intent. */
  reset(): void;
  /** Re-reads the orchestration directory and the intents file. */
  refresh(): void;
}

// machines differ only by classifier; governors with the same overrides share one
const machinesByClassification = new Map<string, { machine: LifecycleMachine; classifier: Classifier }>();
const MAX_CACHED_MACHINES = 64;

function machineFor(classification: Readonly<Record<string, string>>): { machine: LifecycleMachine; classifier: Classifier } {
  const key = JSON.stringify(Object.entries(classification).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (key === '[]') return { machine: lifecycleMachine, classifier: defaultClassifier };
  let entry = machinesByClassification.get(key);
  if (!entry) {
    const classifier = createClassifier(classification as GovernorConfig['classification']);
    entry = { machine: createLifecycleMachine(classifier), classifier };
    if (machinesByClassification.size < MAX_CACHED_MACHINES) machinesByClassification.set(key, entry);
  }
  return entry;
}

const displayName = (name: unknown): string =>
  typeof name === 'string' ? (name.length > MAX_TOOL_NAME_LENGTH ? `${name.slice(0, MAX_TOOL_NAME_LENGTH)}…` : name) : `<${typeof name}>`;

function readIntents(config: GovernorConfig, orchestrationPresent: boolean): readonly Intent[] {
  if (config.intents) return config.intents;
  return orchestrationPresent ? loadIntentsFile(path.join(config.orchestrationDir, INTENTS_FILE_NAME)) : [];
}

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
  const { machine, classifier } = machineFor(config.classification);
  const workspace: WorkspaceFacts = {
    workspaceRoot: config.workspaceRoot,
    intentIgnore: loadIntentIgnore(config.workspaceRoot),
    isProtectedPath: protectedPathPredicate(config.workspaceRoot, config.orchestrationDir),
  };
  const orchestrationPresent = isOrchestrationPresent(config.orchestrationDir);
  const actor = createActor(machine, {
    input: { intents: readIntents(config, orchestrationPresent), orchestrationPresent },
  }).start();
  const modeFilters = new Map<string, ToolFilter>();

  const decide = (snapshot: LifecycleSnapshot, request: ToolRequest): Decision =>
    buildDecision(
      decisionCodeOf(machine, snapshot, request) ?? 'no_rule',
      request,
      classifier.classify(request.tool),
      decisionFacts(snapshot, config.orchestrationDirLabel),
    );

  const malformed = (name: unknown, code: MalformedCallCode, problem: string): Decision => {
    const request = { ...nameOnlyRequest(displayName(name)), hasArgs: true };
    const facts = decisionFacts(actor.getSnapshot(), config.orchestrationDirLabel);
    const classification = code === 'invalid_tool_name' ? undefined : classifier.classify(request.tool);
    return buildDecision(code, request, classification, facts, problem);
  };

  const table = new DecisionTable({
    currentSnapshot: () => actor.getSnapshot(),
    snapshotIn: (state, current) => machine.resolveState({ value: state, context: current.context }),
    decideName: (name, snapshot) => decide(snapshot, nameOnlyRequest(name)),
  });

  const nameDecision = (name: unknown, state?: LifecycleState): Decision => {
    const problem = toolNameProblem(name);
    if (problem) return malformed(name, 'invalid_tool_name', problem);
    return state === undefined ? table.current(name as string) : table.in(state, name as string);
  };

  const isToolAllowed = (name: string, args?: unknown): Decision => {
    if (args === undefined) return nameDecision(name);
    const built = createToolRequest(name, args, workspace);
    return built.ok ? decide(actor.getSnapshot(), built.request) : malformed(name, built.code, built.problem);
  };

  const modeFilter = (mode: string | undefined): ToolFilter => {
    if (mode === undefined) return compileModeFilter(config.modes, undefined);
    let filter = modeFilters.get(mode);
    if (!filter) {
      filter = compileModeFilter(config.modes, mode);
      modeFilters.set(mode, filter);
    }
    return filter;
  };

  const refresh = (): void => {
    const present = isOrchestrationPresent(config.orchestrationDir);
    const intents = readIntents(config, present);
    actor.send({ type: 'orchestration.checked', present });
    actor.send({ type: 'intents.loaded', intents });
  };

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
    userPrompt(text) {
      if (text !== undefined && typeof text !== 'string') {
        throw new InvalidArgumentError(`userPrompt: the prompt text must be a string, got ${typeof text}`);
      }
      refresh();
      actor.send({ type: 'user.prompted', ...(text !== undefined && { text }) });
    },
    handleToolCall(name, args) {
      // a call with no arguments is a call with empty ones; null is malformed, not empty
      const built = createToolRequest(name, args === undefined ? {} : args, workspace);
      if (!built.ok) return malformed(name, built.code, built.problem);
      const decision = decide(actor.getSnapshot(), built.request);
      actor.send({ type: 'tool.requested', call: built.request });
      return decision;
    },
    isToolAllowed,
    assertToolAllowed(name, args) {
      const decision = isToolAllowed(name, args);
      if (!decision.allowed) throw new StateViolationError(decision);
      return decision;
    },
    toolsFor(state, tools, toolsOptions) {
      if (!isLifecycleState(state)) {
        throw new InvalidArgumentError(`toolsFor: unknown state '${String(state)}'; expected one of ${LIFECYCLE_STATES.join(', ')}`);
      }
      if (!Array.isArray(tools)) throw new InvalidArgumentError('toolsFor: tools must be an array of tool definitions');
      const permittedByMode = modeFilter(toolsOptions?.mode);
      return tools.filter((tool) => {
        const name = toolDefinitionName(tool);
        return name !== undefined && permittedByMode(name) && nameDecision(name, state).allowed;
      });
    },
    handshakePrompt() {
      const { context } = actor.getSnapshot();
      return handshakePrompt(lifecycleStateOf(actor.getSnapshot()), {
        intents: context.intents,
        activeIntent: context.activeIntent,
      });
    },
    reset() {
      actor.send({ type: 'lifecycle.reset' });
      refresh();
    },
    refresh,
  };
}
