import { createActor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_EVENT_TYPES, lifecycleMachine, type LifecycleEvent } from '../../machines/lifecycle';
import { decisionCodeOf } from '../../src/machineDecision';
import { LIFECYCLE_STATES } from '../../src/lifecycleState';
import { REASON_CODES, type DecisionCode } from '../../src/reasons';
import type { ToolRequest } from '../../src/toolRequest';
import {
  expectedAfterLifecycleEvent,
  expectedOutcome,
  ORACLE_INTENTS,
  type OracleProbe,
  type OracleState,
  type OracleVertex,
} from './lifecycleOracle';

type Snapshot = SnapshotFrom<typeof lifecycleMachine>;

const intents = Object.entries(ORACLE_INTENTS).map(([id, scope]) => ({ id, owned_scope: [...scope] }));
const input = { intents, orchestrationPresent: true };

const toRequest = (probe: OracleProbe): ToolRequest => ({
  tool: probe.tool,
  hasArgs: probe.hasArgs,
  intentId: probe.intentId,
  paths: probe.paths.map((path) => ({
    input: path.relative ?? '../outside',
    relative: path.relative,
    ignored: path.ignored ?? false,
    protected: path.protected ?? false,
  })),
});

const call = (probe: OracleProbe): LifecycleEvent => ({ type: 'tool.requested', call: toRequest(probe) });

/** Every tool class of the issue, as a concrete call or a question by name. */
const PROBES: readonly OracleProbe[] = [
  { name: 'SAFE read', tool: 'read_file', hasArgs: true, paths: [{ relative: 'src/a/x.ts' }] },
  { name: 'SAFE read of an .intentignore path', tool: 'read_file', hasArgs: true, paths: [{ relative: 'secrets/k', ignored: true }] },
  { name: 'SAFE with no path', tool: 'ask_followup_question', hasArgs: true, paths: [] },
  { name: 'DESTRUCTIVE write inside INT-A', tool: 'write_to_file', hasArgs: true, paths: [{ relative: 'src/a/x.ts' }] },
  { name: 'DESTRUCTIVE write inside INT-B', tool: 'apply_diff', hasArgs: true, paths: [{ relative: 'src/b/y.ts' }] },
  { name: 'DESTRUCTIVE write outside every scope', tool: 'write_to_file', hasArgs: true, paths: [{ relative: 'docs/z.md' }] },
  { name: 'DESTRUCTIVE write outside the workspace', tool: 'edit_file', hasArgs: true, paths: [{ relative: undefined }] },
  { name: 'DESTRUCTIVE write of an .intentignore path', tool: 'write_to_file', hasArgs: true, paths: [{ relative: 'src/a/secret', ignored: true }] },
  { name: 'DESTRUCTIVE write of a control file', tool: 'write_to_file', hasArgs: true, paths: [{ relative: '.orchestration/active_intents.yaml', protected: true }] },
  { name: 'DESTRUCTIVE command', tool: 'execute_command', hasArgs: true, paths: [] },
  { name: 'unknown tool (case variant)', tool: 'Write_To_File', hasArgs: true, paths: [] },
  { name: 'unclassified MCP tool', tool: 'mcp__github__create_issue', hasArgs: true, paths: [] },
  { name: 'select_active_intent INT-A', tool: 'select_active_intent', hasArgs: true, intentId: 'INT-A', paths: [] },
  { name: 'select_active_intent INT-B', tool: 'select_active_intent', hasArgs: true, intentId: 'INT-B', paths: [] },
  { name: 'select_active_intent with an invalid id', tool: 'select_active_intent', hasArgs: true, intentId: 'INT-Z', paths: [] },
  { name: 'select_active_intent with no id', tool: 'select_active_intent', hasArgs: true, paths: [] },
  { name: 'attempt_completion', tool: 'attempt_completion', hasArgs: true, paths: [] },
  { name: 'select_active_intent by name', tool: 'select_active_intent', hasArgs: false, paths: [] },
  { name: 'attempt_completion by name', tool: 'attempt_completion', hasArgs: false, paths: [] },
  { name: 'DESTRUCTIVE by name', tool: 'write_to_file', hasArgs: false, paths: [] },
];

const probe = (name: string): OracleProbe => PROBES.find((p) => p.name === name)!;

/** The events that are not tool calls, each with every payload that changes context. */
const LIFECYCLE_EVENTS: readonly Exclude<LifecycleEvent, { type: 'tool.requested' }>[] = [
  { type: 'user.prompted', text: 'a request' },
  { type: 'lifecycle.reset' },
  { type: 'orchestration.checked', present: false },
  { type: 'orchestration.checked', present: true },
  { type: 'intents.loaded', intents },
];

/** The events the traversal explores: every event type, with the payloads that change context. */
const ALPHABET: readonly LifecycleEvent[] = [
  ...LIFECYCLE_EVENTS,
  call(probe('SAFE read')),
  call(probe('DESTRUCTIVE write inside INT-A')),
  call(probe('DESTRUCTIVE write inside INT-B')),
  call(probe('select_active_intent INT-A')),
  call(probe('select_active_intent INT-B')),
  call(probe('select_active_intent with an invalid id')),
  call(probe('attempt_completion')),
];

const vertexOf = (snapshot: Snapshot): OracleVertex => ({
  state: snapshot.value as OracleState,
  intentId: snapshot.context.activeIntent?.id,
  orchestrationPresent: snapshot.context.orchestrationPresent,
  destructiveRan: snapshot.context.destructiveRan,
});

const label = (v: OracleVertex): string =>
  `${v.state} intent=${v.intentId ?? '-'} failSafe=${v.orchestrationPresent ? 'off' : 'on'} destructiveRan=${v.destructiveRan}`;

const paths = getShortestPaths(lifecycleMachine, { events: ALPHABET, input });

interface ModelCase {
  readonly name: string;
  readonly replay: readonly LifecycleEvent[];
  readonly vertex: OracleVertex;
  readonly probe: OracleProbe;
}

const cases: ModelCase[] = paths.flatMap((path) =>
  PROBES.map((p) => ({
    name: `${label(vertexOf(path.state))} + ${p.name}`,
    replay: path.steps.slice(1).map((step) => step.event),
    vertex: vertexOf(path.state),
    probe: p,
  })),
);

interface LifecycleCase {
  readonly name: string;
  readonly replay: readonly LifecycleEvent[];
  readonly vertex: OracleVertex;
  readonly event: (typeof LIFECYCLE_EVENTS)[number];
}

const lifecycleCases: LifecycleCase[] = paths.flatMap((path) =>
  LIFECYCLE_EVENTS.map((event) => ({
    name: `${label(vertexOf(path.state))} + ${event.type}${'present' in event ? `(present=${event.present})` : ''}`,
    replay: path.steps.slice(1).map((step) => step.event),
    vertex: vertexOf(path.state),
    event,
  })),
);

const replayed = (replay: readonly LifecycleEvent[]) => {
  const actor = createActor(lifecycleMachine, { input }).start();
  for (const event of replay) actor.send(event);
  return actor;
};

interface Observed {
  readonly emitted: DecisionCode[];
  readonly queried: DecisionCode | undefined;
  readonly before: OracleVertex;
  readonly after: OracleVertex;
}

/** Drives a fresh actor along the path, then asks about and sends the probe. */
function run(testCase: ModelCase): Observed {
  const actor = replayed(testCase.replay);
  const before = actor.getSnapshot();
  const emitted: DecisionCode[] = [];
  actor.on('tool.decided', (event) => emitted.push(event.code));
  const queried = decisionCodeOf(lifecycleMachine, before, toRequest(testCase.probe));
  actor.send(call(testCase.probe));
  const after = actor.getSnapshot();
  actor.stop();
  return { emitted, queried, before: vertexOf(before), after: vertexOf(after) };
}

describe('lifecycle statechart, model-based', () => {
  it('reaches the 20 vertices the seeds allow', () => {
    // REQUEST: 1 context; REASONING: no intent, or INT-A/INT-B kept with or without a
    // destructive run (5); ACTION: INT-A/INT-B with or without (4); each with the fail-safe on and off
    expect(paths).toHaveLength((1 + 5 + 4) * 2);
    expect(cases).toHaveLength(paths.length * PROBES.length);
    expect(lifecycleCases).toHaveLength(paths.length * LIFECYCLE_EVENTS.length);
  });

  it.each(cases)('$name', (testCase) => {
    const observed = run(testCase);
    const expected = expectedOutcome(testCase.vertex, testCase.probe);
    expect(observed.before).toEqual(testCase.vertex);
    expect(observed.emitted).toEqual([expected.code]);
    expect(REASON_CODES[observed.emitted[0]!].verdict).toBe(expected.verdict);
    expect(observed.queried).toBe(expected.code);
    expect(observed.after).toEqual(expected.next);
  });

  it.each(lifecycleCases)('$name', (testCase) => {
    const actor = replayed(testCase.replay);
    const emitted: string[] = [];
    actor.on('tool.decided', (event) => emitted.push(event.code));
    expect(vertexOf(actor.getSnapshot())).toEqual(testCase.vertex);
    actor.send(testCase.event);
    expect(vertexOf(actor.getSnapshot())).toEqual(expectedAfterLifecycleEvent(testCase.vertex, testCase.event));
    expect(emitted).toEqual([]);
    actor.stop();
  });

  it('names its states as the seeds do', () => {
    expect(Object.keys(lifecycleMachine.root.states)).toEqual([...LIFECYCLE_STATES]);
  });

  it('reaches every state node and fires every event type', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    const stateNodes = Object.keys(lifecycleMachine.root.states).map((key) => JSON.stringify(key));
    expect([...reached].sort()).toEqual([...stateNodes].sort());

    const fired = new Set([
      ...cases.map((testCase) => call(testCase.probe).type),
      ...lifecycleCases.map((testCase) => testCase.event.type),
    ]);
    expect([...fired].sort()).toEqual([...LIFECYCLE_EVENT_TYPES].sort());
    expect([...lifecycleMachine.events].sort()).toEqual([...LIFECYCLE_EVENT_TYPES].sort());
  });

  it('exercises every decision the statechart can make', () => {
    const produced = new Set(cases.map((testCase) => expectedOutcome(testCase.vertex, testCase.probe).code));
    const chartCodes = new Set<string>();
    for (const node of Object.values(lifecycleMachine.root.states)) {
      for (const transitions of node.transitions.values()) {
        for (const transition of transitions) {
          for (const action of transition.actions) {
            if (typeof action === 'object' && action !== null && 'params' in action && action.type === 'decide') {
              chartCodes.add((action.params as { code: string }).code);
            }
          }
        }
      }
    }
    expect([...produced].sort()).toEqual([...chartCodes].sort());
  });
});
