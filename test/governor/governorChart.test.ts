import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { approvalsMachine } from '../../machines/approvals';
import { lifecycleMachine, type LifecycleEvent } from '../../machines/lifecycle';
import { GovernorChart } from '../../src/governor/governorChart';

const EVENTS: readonly LifecycleEvent[] = [
  { type: 'user.prompted', text: 'add login' },
  { type: 'orchestration.checked', present: false },
  { type: 'lifecycle.reset' },
  { type: 'user.prompted' },
  { type: 'session.changed', sessionId: 's-2' },
];

const input = { intents: [], orchestrationPresent: true };

describe('GovernorChart', () => {
  it('moves through the same snapshots as a started actor', () => {
    const chart = new GovernorChart(lifecycleMachine, { input });
    const actor = createActor(lifecycleMachine, { input }).start();
    for (const event of EVENTS) {
      chart.send(event);
      actor.send(event);
      expect({ value: chart.getSnapshot().value, context: chart.getSnapshot().context }).toEqual({
        value: actor.getSnapshot().value,
        context: actor.getSnapshot().context,
      });
    }
  });

  it('hands the chart to an actor that goes on from the snapshot reached, once and for all', () => {
    const chart = new GovernorChart(lifecycleMachine, { input });
    chart.send({ type: 'user.prompted' });
    const { actor } = chart;
    expect(actor.getSnapshot().value.lifecycle).toEqual({ REASONING: 'ready' });
    expect(chart.actor).toBe(actor);
    chart.send({ type: 'lifecycle.reset' });
    expect(actor.getSnapshot().value.lifecycle).toEqual({ REQUEST: 'ready' });
    expect(chart.getSnapshot()).toBe(actor.getSnapshot());
  });

  it('tells its listener of each change, before and after the actor takes over', () => {
    const chart = new GovernorChart(approvalsMachine, { input: { sessionId: 's-1' } });
    const seen: string[] = [];
    chart.onChange((snapshot) => seen.push(snapshot.context.sessionId));
    chart.send({ type: 'session.changed', sessionId: 's-2' });
    chart.actor.send({ type: 'session.changed', sessionId: 's-3' });
    expect(seen).toEqual(['s-2', 's-3']);
  });

  it.each([
    { name: 'stopped before its actor was asked for', askFirst: false },
    { name: 'stopped after its actor was asked for', askFirst: true },
  ])('takes no events once $name', ({ askFirst }) => {
    const chart = new GovernorChart(lifecycleMachine, { input });
    if (askFirst) expect(chart.actor.getSnapshot().status).toBe('active');
    chart.stop();
    chart.send({ type: 'user.prompted' });
    expect(chart.getSnapshot().status).toBe('stopped');
    expect(chart.getSnapshot().value.lifecycle).toEqual({ REQUEST: 'ready' });
    expect(chart.actor.getSnapshot().status).toBe('stopped');
  });
});
