import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lifecycleMachine } from '../../machines/lifecycle';
import { chartStateIds, statechartGraph, type ChartStateNode } from '../../src/console/statechartGraph';
import { escapeXml, statechartSvg } from '../../src/console/statechartSvg';

const graph = statechartGraph(lifecycleMachine.root);

// the moves between top-level states that seeds 000 and 003 name, written out by hand
const TOP_LEVEL_MOVES = [
  { name: 'a prompt starts reasoning', from: 'REQUEST', to: 'REASONING', event: 'user.prompted' },
  { name: 'a selection from REQUEST starts the action', from: 'REQUEST', to: 'ACTION', event: 'tool.requested' },
  { name: 'a selection while reasoning starts the action', from: 'REASONING', to: 'ACTION', event: 'tool.requested' },
  { name: 'a completion ends an informational task', from: 'REASONING', to: 'REQUEST', event: 'tool.requested' },
  {
    name: 'a new prompt during an action goes back to reasoning',
    from: 'ACTION',
    to: 'REASONING',
    event: 'user.prompted',
  },
  { name: 'a withdrawn intent goes back to reasoning', from: 'ACTION', to: 'REASONING', event: 'intents.loaded' },
  { name: 'a completion ends the action', from: 'ACTION', to: 'REQUEST', event: 'tool.requested' },
];

describe('the statechart graph the console draws', () => {
  it('has the three top-level states in order, each with ready and awaitingApproval, ready first', () => {
    expect(graph.states.map((state) => [state.id, state.substates, state.initialSubstate])).toEqual(
      ['REQUEST', 'REASONING', 'ACTION'].map((id) => [id, [`${id}.ready`, `${id}.awaitingApproval`], `${id}.ready`]),
    );
    expect(graph.initial).toBe('REQUEST');
  });

  it.each(TOP_LEVEL_MOVES)('draws the move where $name', ({ from, to, event }) => {
    expect(graph.edges.find((edge) => edge.from === from && edge.to === to)?.events).toContain(event);
  });

  it('draws no other move between top-level states', () => {
    const drawn = graph.edges.flatMap((edge) => edge.events.map((event) => `${edge.from}>${edge.to}:${event}`)).sort();
    expect(drawn).toEqual(TOP_LEVEL_MOVES.map((move) => `${move.from}>${move.to}:${move.event}`).sort());
  });

  it('draws the reset as a move from any state to REQUEST', () => {
    expect(graph.fromAnyState).toEqual([{ to: 'REQUEST', events: ['lifecycle.reset'] }]);
  });

  it.each(graph.states.map((state) => ({ name: state.id, state })))(
    'holds and releases calls inside $name',
    ({ state }) => {
      const hold = state.inner.find((edge) => edge.to.endsWith('.awaitingApproval'));
      const release = state.inner.find((edge) => edge.to.endsWith('.ready'));
      expect(hold).toEqual({
        from: `${state.id}.ready`,
        to: `${state.id}.awaitingApproval`,
        events: ['tool.requested'],
      });
      expect(release?.events).toEqual(
        expect.arrayContaining(['approval.granted', 'approval.denied', 'session.changed']),
      );
    },
  );

  it('reads a machine of any shape: a transition to a sibling of a nested state is a top-level move', () => {
    const node = (
      path: string[],
      states: Record<string, ChartStateNode> = {},
      on: [string, ChartStateNode][] = [],
    ): ChartStateNode => ({
      key: path.at(-1) ?? '(machine)',
      path,
      type: Object.keys(states).length > 0 ? 'compound' : 'atomic',
      states,
      initial: { target: Object.values(states).slice(0, 1) },
      transitions: new Map(on.map(([event, target]) => [event, [{ target: [target] }]])),
    });
    const b = node(['B']);
    const a = node(['A'], { x: node(['A', 'x'], {}, [['go', b]]) });
    expect(statechartGraph(node([], { A: a, B: b })).edges).toEqual([{ from: 'A', to: 'B', events: ['go'] }]);
  });
});

describe('the statechart as SVG', () => {
  it.each(chartStateIds(graph).map((id) => ({ name: id, id })))('lights $name and its parent only', ({ id }) => {
    const svg = statechartSvg(graph, id);
    const lit = [...svg.matchAll(/class="ig-(?:state|substate) lit" data-state="([^"]+)"/g)].map((match) => match[1]);
    expect(lit.sort()).toEqual([...new Set([id.split('.')[0], id])].sort());
  });

  it('lights nothing without a state, and names every state and every event', () => {
    const svg = statechartSvg(graph);
    expect(svg).not.toContain(' lit"');
    for (const id of chartStateIds(graph)) expect(svg).toContain(`data-state="${id}"`);
    for (const event of graph.edges.flatMap((edge) => edge.events)) expect(svg).toContain(`>${event}</text>`);
    expect(svg).toContain('lifecycle.reset: any state → REQUEST');
  });

  it('uses no inline style and no script, which the page CSP would block or forbid', () => {
    const svg = statechartSvg(graph, 'ACTION.awaitingApproval');
    expect(svg).not.toMatch(/style=|<style|<script|\son[a-z]+=/i);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    // every element opened is closed: the browser test parses it as XML too
    const opened = [...svg.matchAll(/<([a-z]+)[\s>]/g)].length;
    const closed = [...svg.matchAll(/<\/[a-z]+>|\/>/g)].length;
    expect(closed).toBe(opened);
  });

  it('escapes any text so no markup gets through', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped.replace(/&#\d+;/g, '')).not.toContain('&');
      }),
    );
  });
});
