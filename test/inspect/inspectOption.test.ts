import { createInspector } from '@statelyai/inspect';
import { afterEach, describe, expect, it } from 'vitest';
import { createGovernor, InvalidOptionsError, type Governor, type GovernorOptions } from '../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

interface Sent {
  readonly type: string;
  readonly name?: string;
}

// an in-memory inspector of @statelyai/inspect: its events arrive a tick late
function memoryInspector() {
  const sent: Sent[] = [];
  const inspector = createInspector({ send: (event) => void sent.push(event as Sent) });
  return { inspector, sent };
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('the inspect option', () => {
  let governor: Governor | undefined;
  afterEach(() => governor?.stop());

  it.each([
    {
      name: 'the inspector object',
      pick: (inspector: ReturnType<typeof createInspector>): GovernorOptions['inspect'] => inspector,
    },
    {
      name: 'its inspect observer',
      pick: (inspector: ReturnType<typeof createInspector>): GovernorOptions['inspect'] => inspector.inspect,
    },
  ])('registers both actors through $name', async ({ pick }) => {
    const { inspector, sent } = memoryInspector();
    governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      inspect: pick(inspector),
    });
    governor.userPrompt('Add JWT login');
    await tick();
    expect(sent.filter((event) => event.type === '@xstate.actor').map((event) => event.name)).toEqual([
      'lifecycle',
      'approvals',
    ]);
    expect(sent.some((event) => event.type === '@xstate.snapshot')).toBe(true);
    inspector.stop();
  });

  it.each([
    { name: 'a number', value: 42, shown: 'got 42' },
    { name: 'a string', value: 'ws://127.0.0.1:8788', shown: 'got ws://127.0.0.1:8788' },
    { name: 'null', value: null, shown: 'got null' },
    { name: 'an object with neither next nor inspect', value: {}, shown: 'got <object>' },
    { name: 'an inspector-like object whose inspect is a number', value: { inspect: 42 }, shown: 'got <object>' },
    {
      name: 'an inspector-like object whose inspect has no next',
      value: { inspect: { error: () => undefined } },
      shown: 'got <object>',
    },
  ])('refuses $name, naming what it takes', ({ value, shown }) => {
    const attempt = () =>
      createGovernor({ workspaceRoot: makeWorkspace(), inspect: value as unknown as GovernorOptions['inspect'] });
    expect(attempt).toThrow(InvalidOptionsError);
    expect(attempt).toThrow(
      `inspect: expected an inspector (an object whose inspect is an observer, as @statelyai/inspect ` +
        `returns), an inspection observer (an object with next()) or a function, ${shown}`,
    );
  });
});
