import { createActor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { lifecycleMachine, type LifecycleEvent } from '../../machines/lifecycle';
import { FLOW_STATES } from '../../src/flow/flowMarks';
import { flowStateOf } from '../../src/lifecycle/lifecycleSnapshot';
import {
  CLEAN_FLOW,
  expectedFlowAfter,
  oracleFlowState,
  ORACLE_INTENTS,
  type OracleFlow,
  type OracleFlowEvent,
} from './lifecycleOracle';

type Snapshot = SnapshotFrom<typeof lifecycleMachine>;

const intents = Object.entries(ORACLE_INTENTS).map(([id, scope]) => ({ id, owned_scope: [...scope] }));
const input = { intents, orchestrationPresent: true };

const read = (kind: 'secret' | 'untrusted', call: number): LifecycleEvent => ({
  type: 'flow.read',
  kind,
  source: { call, tool: kind === 'secret' ? 'read_file' : 'web', what: kind === 'secret' ? '.env' : 'https://x.test' },
});

/** Each event the region answers, twice for a read so a second read of a kind is seen, and events it must ignore. */
const ALPHABET: readonly LifecycleEvent[] = [
  read('secret', 1),
  read('secret', 2),
  read('untrusted', 3),
  read('untrusted', 4),
  { type: 'flow.cleared', kind: 'secret' },
  { type: 'flow.cleared', kind: 'untrusted' },
  { type: 'session.changed', sessionId: 'another' },
  { type: 'user.prompted', text: 'a request' },
  { type: 'lifecycle.reset' },
  {
    type: 'tool.requested',
    call: {
      tool: 'read_file',
      toolClass: 'SAFE',
      hasArgs: true,
      intentId: undefined,
      paths: [],
      risk: { categories: [], unapproved: [], approvalId: undefined },
    },
  },
];

const oracleEventOf = (event: LifecycleEvent): OracleFlowEvent => {
  if (event.type === 'flow.read') return { type: 'flow.read', kind: event.kind, call: event.source.call };
  if (event.type === 'flow.cleared') return { type: 'flow.cleared', kind: event.kind };
  if (event.type === 'session.changed') return { type: 'session.changed' };
  return { type: 'other' };
};

const flowOf = (snapshot: Snapshot): OracleFlow => ({
  secret: snapshot.context.flowMarks?.secret?.call,
  untrusted: snapshot.context.flowMarks?.untrusted?.call,
});

const key = (flow: OracleFlow): string => JSON.stringify([flow.secret ?? null, flow.untrusted ?? null]);

/** The flows the oracle reaches from a clean session with the same alphabet. */
function oracleReachable(): Map<string, OracleFlow> {
  const seen = new Map([[key(CLEAN_FLOW), CLEAN_FLOW]]);
  const queue = [CLEAN_FLOW];
  for (let flow = queue.shift(); flow; flow = queue.shift()) {
    for (const event of ALPHABET) {
      const next = expectedFlowAfter(flow, oracleEventOf(event));
      if (!seen.has(key(next))) {
        seen.set(key(next), next);
        queue.push(next);
      }
    }
  }
  return seen;
}

// the lifecycle part is left out of the vertex: the lifecycle model test walks it
const paths = getShortestPaths(lifecycleMachine, {
  events: ALPHABET,
  input,
  serializeState: (snapshot) => key(flowOf(snapshot as Snapshot)),
});
const reachable = oracleReachable();

const describeEvent = (event: LifecycleEvent): string =>
  event.type === 'flow.read'
    ? `flow.read(${event.kind}, call ${event.source.call})`
    : event.type === 'flow.cleared'
      ? `flow.cleared(${event.kind})`
      : event.type;

const cases = paths.flatMap((path) =>
  ALPHABET.map((event) => {
    const flow = flowOf(path.state);
    return {
      name: `${oracleFlowState(flow)} secret=${flow.secret ?? '-'} untrusted=${flow.untrusted ?? '-'} + ${describeEvent(event)}`,
      replay: path.steps.slice(1).map((step) => step.event),
      flow,
      event,
    };
  }),
);

describe("the lifecycle chart's flow region, model-based", () => {
  it('names its four states', () => {
    expect(Object.keys(lifecycleMachine.root.states.flow!.states)).toEqual([...FLOW_STATES]);
  });

  it('reaches exactly the flows the oracle reaches', () => {
    expect(paths.map((path) => key(flowOf(path.state))).sort()).toEqual([...reachable.keys()].sort());
    expect(cases).toHaveLength(reachable.size * ALPHABET.length);
  });

  it.each(cases)('$name', ({ replay, flow, event }) => {
    const actor = createActor(lifecycleMachine, { input }).start();
    for (const step of replay) actor.send(step);
    expect(flowOf(actor.getSnapshot())).toEqual(flow);
    expect(flowStateOf(actor.getSnapshot())).toBe(oracleFlowState(flow));
    actor.send(event);
    const expected = expectedFlowAfter(flow, oracleEventOf(event));
    expect(flowOf(actor.getSnapshot())).toEqual(expected);
    expect(flowStateOf(actor.getSnapshot())).toBe(oracleFlowState(expected));
    actor.stop();
  });

  it('covers every state of the region times every event it answers', () => {
    const pairs = new Set(
      cases
        .filter(({ event }) => event.type.startsWith('flow.') || event.type === 'session.changed')
        .map(({ flow, event }) => `${oracleFlowState(flow)} ${describeEvent(event).replace(/, call \d/, '')}`),
    );
    const events = ['flow.read(secret)', 'flow.read(untrusted)', 'flow.cleared(secret)', 'flow.cleared(untrusted)'];
    const expected = FLOW_STATES.flatMap((state) => [...events, 'session.changed'].map((each) => `${state} ${each}`));
    expect([...pairs].sort()).toEqual(expected.sort());
  });

  it('reaches every state node of the region', () => {
    const reached = new Set(paths.flatMap((path) => path.state._nodes.map((node) => node.id)));
    const region = lifecycleMachine.root.states.flow!;
    for (const node of [region, ...Object.values(region.states)]) expect(reached).toContain(node.id);
  });
});
