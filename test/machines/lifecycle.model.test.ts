import { createActor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_EVENT_TYPES, lifecycleMachine, type LifecycleEvent } from '../../machines/lifecycle';
import { LIFECYCLE_STATES } from '../../src/lifecycle/lifecycleState';
import { decisionCodeOf } from '../../src/decision/machineDecision';
import { REASON_CODES, type DecisionCode } from '../../src/decision/reasons';
import type { ToolRequest } from '../../src/tools/toolRequest';
import {
  CONTROL_ID,
  expectedAfterLifecycleEvent,
  expectedOutcome,
  HELD_ID,
  INITIAL_VERTEX,
  SECOND_HELD_ID,
  ORACLE_INTENTS,
  seedClassOf,
  type OracleLifecycleEvent,
  type OracleProbe,
  type OracleState,
  type OracleSubstate,
  type OracleVertex,
} from './lifecycleOracle';

type Snapshot = SnapshotFrom<typeof lifecycleMachine>;
type LifecycleOnlyEvent = Exclude<LifecycleEvent, { type: 'tool.requested' }>;

const intents = Object.entries(ORACLE_INTENTS).map(([id, scope]) => ({ id, owned_scope: [...scope] }));
const input = { intents, orchestrationPresent: true };

const riskOf = (probe: OracleProbe): ToolRequest['risk'] => {
  const approvalId = probe.approvalId ?? HELD_ID;
  switch (probe.risk) {
    case 'none':
      return { categories: [], unapproved: [], approvalId: undefined };
    case 'unapproved':
      return { categories: ['EXEC_ARBITRARY'], unapproved: ['EXEC_ARBITRARY'], approvalId };
    case 'approved':
      return { categories: ['EXEC_ARBITRARY'], unapproved: [], approvalId: undefined };
    case 'asked':
      // a policy's ask rule: held with every category approved, or none raised
      return { categories: [], unapproved: [], approvalId, askedBy: "shell.rules[0] 'terraform apply'" };
  }
};

// the request carries the class the governor's classifier would give; here, seed 000's, from the oracle
const toRequest = (probe: OracleProbe): ToolRequest => ({
  tool: probe.tool,
  toolClass: seedClassOf(probe.tool),
  hasArgs: probe.hasArgs,
  intentId: probe.intentId,
  paths: probe.paths.map((path) => ({
    input: path.relative ?? '../outside',
    relative: path.relative,
    ignored: path.ignored ?? false,
    protected: path.protected ?? false,
    ...(path.readOnly && { readOnly: true }),
  })),
  risk:
    probe.leavesScope === true
      ? { ...riskOf(probe), approvalId: probe.approvalId ?? HELD_ID, outsideScope: ['docs/z.md'] }
      : riskOf(probe),
});

const call = (probe: OracleProbe): LifecycleEvent => ({ type: 'tool.requested', call: toRequest(probe) });

const p = (name: string, tool: string, rest: Partial<OracleProbe> = {}): OracleProbe => ({
  name,
  tool,
  hasArgs: true,
  paths: [],
  risk: 'none',
  ...rest,
});
const at = (
  relative: string | undefined,
  flags: { ignored?: boolean; protected?: boolean; readOnly?: boolean } = {},
) => [{ relative, ...flags }];

/** Every tool class of the issues, times safe mode's three answers where they can differ. */
const PROBES: readonly OracleProbe[] = [
  p('SAFE read', 'read_file', { paths: at('src/a/x.ts') }),
  p('SAFE read needing approval', 'read_file', { paths: at('src/a/x.ts'), risk: 'unapproved' }),
  p('SAFE read approved for the session', 'read_file', { paths: at('src/a/x.ts'), risk: 'approved' }),
  p('SAFE read of an .intentignore path', 'read_file', {
    paths: at('secrets/k', { ignored: true }),
    risk: 'unapproved',
  }),
  p('SAFE with no path', 'ask_followup_question'),
  p('DESTRUCTIVE write inside INT-A', 'write_to_file', { paths: at('src/a/x.ts') }),
  p('DESTRUCTIVE write inside INT-A needing approval', 'write_to_file', {
    paths: at('src/a/x.ts'),
    risk: 'unapproved',
  }),
  p('DESTRUCTIVE write inside INT-A approved for the session', 'write_to_file', {
    paths: at('src/a/x.ts'),
    risk: 'approved',
  }),
  p('DESTRUCTIVE write inside INT-B', 'apply_diff', { paths: at('src/b/y.ts') }),
  p('DESTRUCTIVE write outside every scope needing approval', 'write_to_file', {
    paths: at('docs/z.md'),
    risk: 'unapproved',
  }),
  p('DESTRUCTIVE write outside the workspace', 'edit_file', { paths: at(undefined), risk: 'unapproved' }),
  p('DESTRUCTIVE write outside every scope a human may allow', 'write_to_file', {
    paths: at('docs/z.md'),
    leavesScope: true,
  }),
  p('DESTRUCTIVE write of an .intentignore path', 'write_to_file', { paths: at('src/a/secret', { ignored: true }) }),
  p('DESTRUCTIVE write of a control file', 'write_to_file', {
    paths: at('.orchestration/active_intents.yaml', { protected: true }),
    risk: 'unapproved',
  }),
  p('DESTRUCTIVE command', 'execute_command'),
  p('DESTRUCTIVE command needing approval', 'execute_command', { risk: 'unapproved' }),
  p('DESTRUCTIVE command needing approval, held second', 'execute_command', {
    risk: 'unapproved',
    approvalId: SECOND_HELD_ID,
  }),
  p('DESTRUCTIVE command a policy rule asks a human about', 'execute_command', { risk: 'asked' }),
  p('DESTRUCTIVE command reading a control file', 'execute_command', {
    paths: at('.orchestration/active_intents.yaml', { protected: true, readOnly: true }),
  }),
  p('DESTRUCTIVE command reading outside every scope', 'execute_command', {
    paths: [...at('docs/z.md', { readOnly: true }), ...at('src/a/x.ts')],
  }),
  p('DESTRUCTIVE command writing outside every scope', 'execute_command', {
    paths: [...at('src/a/x.ts', { readOnly: true }), ...at('docs/z.md')],
  }),
  p('unknown tool (case variant) needing approval', 'Write_To_File', { risk: 'unapproved' }),
  p('unclassified MCP tool', 'mcp__github__create_issue'),
  p('select_active_intent INT-A', 'select_active_intent', { intentId: 'INT-A' }),
  p('select_active_intent INT-B', 'select_active_intent', { intentId: 'INT-B' }),
  p('select_active_intent with an invalid id', 'select_active_intent', { intentId: 'INT-Z' }),
  p('select_active_intent with no id', 'select_active_intent'),
  p('attempt_completion', 'attempt_completion'),
  p('select_active_intent by name', 'select_active_intent', { hasArgs: false }),
  p('attempt_completion by name', 'attempt_completion', { hasArgs: false }),
  p('DESTRUCTIVE by name', 'write_to_file', { hasArgs: false }),
];

const probe = (name: string): OracleProbe => PROBES.find((candidate) => candidate.name === name)!;

/** The events that are not tool calls, each with every payload that changes context. */
const LIFECYCLE_EVENTS: readonly LifecycleOnlyEvent[] = [
  { type: 'user.prompted', text: 'a request' },
  { type: 'lifecycle.reset' },
  { type: 'orchestration.checked', present: false },
  { type: 'orchestration.checked', present: true },
  { type: 'intents.loaded', intents },
  { type: 'intents.loaded', intents: intents.filter((intent) => intent.id === 'INT-A') },
  { type: 'approval.granted', id: HELD_ID, scope: 'once' },
  { type: 'approval.granted', id: HELD_ID, scope: 'session' },
  { type: 'approval.granted', id: 'approval-9', scope: 'once' },
  { type: 'approval.denied', id: HELD_ID },
  { type: 'approval.granted', id: SECOND_HELD_ID, scope: 'once' },
  { type: 'approval.denied', id: SECOND_HELD_ID },
  { type: 'session.changed', sessionId: 'another' },
  { type: 'controlFiles.changed', id: CONTROL_ID, files: ['.intentignore'] },
  { type: 'controlFiles.accepted', id: CONTROL_ID },
  { type: 'controlFiles.accepted', id: 'approval-9' },
  { type: 'controlFiles.rejected', id: CONTROL_ID },
  { type: 'approval.denied', id: CONTROL_ID },
];

/** The tool calls the traversal explores: the ones that move the lifecycle or its context. */
const TRAVERSAL_PROBES = [
  'SAFE read needing approval',
  'DESTRUCTIVE write inside INT-A',
  'DESTRUCTIVE write inside INT-A needing approval',
  'DESTRUCTIVE command needing approval, held second',
  'DESTRUCTIVE write inside INT-B',
  'select_active_intent INT-A',
  'select_active_intent INT-B',
  'select_active_intent with an invalid id',
  'attempt_completion',
].map(probe);

const ALPHABET: readonly LifecycleEvent[] = [...LIFECYCLE_EVENTS, ...TRAVERSAL_PROBES.map(call)];

const vertexOf = (snapshot: Snapshot): OracleVertex => {
  const [state, substate] = Object.entries(snapshot.value.lifecycle)[0] as [OracleState, OracleSubstate];
  return {
    state,
    substate,
    intentId: snapshot.context.activeIntent?.id,
    orchestrationPresent: snapshot.context.orchestrationPresent,
    destructiveRan: snapshot.context.destructiveRan,
    destructiveSinceAdoption: snapshot.context.destructiveSinceAdoption,
    held: snapshot.context.heldCalls.map((call) => ({ id: call.id, destructive: call.destructive })),
    change: snapshot.context.heldChange && { id: snapshot.context.heldChange.id },
    intentIds: snapshot.context.intents.map((intent) => intent.id),
  };
};

const key = (v: OracleVertex): string =>
  JSON.stringify([
    v.state,
    v.substate,
    v.intentId ?? null,
    v.orchestrationPresent,
    v.destructiveRan,
    v.destructiveSinceAdoption,
    v.held,
    v.change ?? null,
    v.intentIds,
  ]);
const heldCall = (call: OracleVertex['held'][number]): string =>
  `${call.id}:${call.destructive ? 'DESTRUCTIVE' : 'SAFE'}`;
const heldLabel = (v: OracleVertex): string =>
  `${v.held.length > 0 ? ` held=${v.held.map(heldCall).join('+')}` : ''}${v.change ? ' held=control files' : ''}`;
const label = (v: OracleVertex): string =>
  `${v.state}.${v.substate} intent=${v.intentId ?? '-'} ` +
  `failSafe=${v.orchestrationPresent ? 'off' : 'on'} destructiveRan=${v.destructiveRan} ` +
  `sinceAdoption=${v.destructiveSinceAdoption} intents=${v.intentIds.join('+')}${heldLabel(v)}`;

/** The vertices the oracle reaches from the start with the same alphabet, found independently. */
function oracleReachable(): Map<string, OracleVertex> {
  const seen = new Map([[key(INITIAL_VERTEX), INITIAL_VERTEX]]);
  const queue = [INITIAL_VERTEX];
  for (let vertex = queue.shift(); vertex; vertex = queue.shift()) {
    const nexts = [
      ...LIFECYCLE_EVENTS.map((event) => expectedAfterLifecycleEvent(vertex!, event as OracleLifecycleEvent)),
      ...TRAVERSAL_PROBES.map((traversal) => expectedOutcome(vertex!, traversal).next),
    ];
    for (const next of nexts) {
      if (!seen.has(key(next))) {
        seen.set(key(next), next);
        queue.push(next);
      }
    }
  }
  return seen;
}

const paths = getShortestPaths(lifecycleMachine, { events: ALPHABET, input });
const reachable = oracleReachable();

const lifecycleRegion = lifecycleMachine.root.states.lifecycle!;

const replayOf = (path: (typeof paths)[number]) => path.steps.slice(1).map((step) => step.event);

const cases = paths.flatMap((path) =>
  PROBES.map((candidate) => ({
    name: `${label(vertexOf(path.state))} + ${candidate.name}`,
    replay: replayOf(path),
    vertex: vertexOf(path.state),
    probe: candidate,
  })),
);

const lifecycleCases = paths.flatMap((path) =>
  LIFECYCLE_EVENTS.map((event) => ({
    name:
      `${label(vertexOf(path.state))} + ` +
      `${event.type}${'present' in event ? `(present=${event.present})` : ''}` +
      `${'intents' in event ? `(${event.intents.map((intent) => intent.id).join('+')})` : ''}` +
      `${'scope' in event ? `(${event.scope}, ${event.id})` : ''}` +
      `${event.type === 'approval.denied' || event.type.startsWith('controlFiles.') ? `(${'id' in event ? event.id : ''})` : ''}`,
    replay: replayOf(path),
    vertex: vertexOf(path.state),
    event,
  })),
);

const replayed = (replay: readonly LifecycleEvent[]) => {
  const actor = createActor(lifecycleMachine, { input }).start();
  for (const event of replay) actor.send(event);
  return actor;
};

describe('lifecycle statechart, model-based', () => {
  it('names its states as the seeds do', () => {
    expect(Object.keys(lifecycleMachine.root.states)).toEqual(['lifecycle', 'flow']);
    expect(Object.keys(lifecycleRegion.states)).toEqual([...LIFECYCLE_STATES]);
  });

  it('reaches exactly the vertices the oracle reaches', () => {
    expect(paths.map((path) => key(vertexOf(path.state))).sort()).toEqual([...reachable.keys()].sort());
    expect(cases).toHaveLength(reachable.size * PROBES.length);
    expect(lifecycleCases).toHaveLength(reachable.size * LIFECYCLE_EVENTS.length);
  });

  it.each(cases)('$name', ({ replay, vertex, probe: sent }) => {
    const actor = replayed(replay);
    const before = actor.getSnapshot();
    expect(vertexOf(before)).toEqual(vertex);
    const emitted: DecisionCode[] = [];
    actor.on('tool.decided', (event) => emitted.push(event.code));
    const queried = decisionCodeOf(lifecycleMachine, before, toRequest(sent));
    actor.send(call(sent));
    const expected = expectedOutcome(vertex, sent);
    expect(emitted).toEqual([expected.code]);
    expect(REASON_CODES[emitted[0]!].verdict).toBe(expected.verdict);
    expect(queried).toBe(expected.code);
    expect(vertexOf(actor.getSnapshot())).toEqual(expected.next);
    actor.stop();
  });

  it.each(lifecycleCases)('$name', ({ replay, vertex, event }) => {
    const actor = replayed(replay);
    const emitted: string[] = [];
    actor.on('tool.decided', (decided) => emitted.push(decided.code));
    expect(vertexOf(actor.getSnapshot())).toEqual(vertex);
    actor.send(event);
    expect(vertexOf(actor.getSnapshot())).toEqual(expectedAfterLifecycleEvent(vertex, event as OracleLifecycleEvent));
    expect(emitted).toEqual([]);
    actor.stop();
  });

  it("reaches every state node of the lifecycle region and fires every event type but the flow region's", () => {
    // the flow region stays clean here: flowRegion.model.test.ts walks it
    const flowRegion = lifecycleMachine.root.states.flow!;
    const reachedNodes = new Set(paths.flatMap((path) => path.state._nodes.map((node) => node.id)));
    const allNodes = [
      lifecycleMachine.root,
      lifecycleRegion,
      ...Object.values(lifecycleRegion.states).flatMap((node) => [node, ...Object.values(node.states)]),
      flowRegion,
      flowRegion.states.clean!,
    ];
    expect([...reachedNodes].sort()).toEqual(allNodes.map((node) => node.id).sort());

    const fired = new Set([...cases.map((c) => call(c.probe).type), ...lifecycleCases.map((c) => c.event.type)]);
    const flowEvents = ['flow.read', 'flow.cleared'];
    expect([...fired].sort()).toEqual(LIFECYCLE_EVENT_TYPES.filter((type) => !flowEvents.includes(type)).sort());
    expect([...lifecycleMachine.events].sort()).toEqual([...LIFECYCLE_EVENT_TYPES].sort());
  });

  it('exercises every decision the statechart can make', () => {
    const produced = new Set(cases.map((c) => expectedOutcome(c.vertex, c.probe).code));
    const chartCodes = new Set<string>();
    for (const node of Object.values(lifecycleRegion.states)) {
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
