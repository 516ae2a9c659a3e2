import type { InspectionEvent } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { createGovernor, type Governor } from '../../src/index';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';

/** The type and value of what the lifecycle actor saw, in order. */
function lifecycleTrail(events: readonly InspectionEvent[], governor: Governor): string[] {
  return events.flatMap((event) => {
    if (event.actorRef !== governor.actor) return [];
    if (event.type === '@xstate.event') return [`event ${event.event.type}`];
    if (event.type === '@xstate.snapshot')
      return [`snapshot ${JSON.stringify((event.snapshot as { value?: unknown }).value)}`];
    return [];
  });
}

describe('a governor with a plain function as inspect', () => {
  let governor: Governor | undefined;
  afterEach(() => governor?.stop());

  it('receives the actors and their initial snapshots during createGovernor', () => {
    const events: InspectionEvent[] = [];
    governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      inspect: (event) => events.push(event),
    });
    expect(events.filter((event) => event.type === '@xstate.actor').map((event) => event.actorRef)).toEqual([
      governor.actor,
      governor.approvalActor,
    ]);
    expect(lifecycleTrail(events, governor)).toEqual([
      'event xstate.init',
      'snapshot {"lifecycle":{"REQUEST":"ready"},"flow":"clean"}',
    ]);
  });

  it('receives each event and snapshot before the call that sent it returns', () => {
    const events: InspectionEvent[] = [];
    governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      inspect: (event) => events.push(event),
    });
    events.length = 0;
    governor.userPrompt('Add JWT login');
    expect(lifecycleTrail(events, governor)).toEqual([
      // the control files are unchanged, so no intents are loaded again
      'event orchestration.checked',
      'snapshot {"lifecycle":{"REQUEST":"ready"},"flow":"clean"}',
      'event user.prompted',
      'snapshot {"lifecycle":{"REASONING":"ready"},"flow":"clean"}',
    ]);
    events.length = 0;
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(lifecycleTrail(events, governor)).toEqual([
      'event tool.requested',
      'snapshot {"lifecycle":{"ACTION":"ready"},"flow":"clean"}',
    ]);
  });

  it('receives the same events through an observer object', () => {
    const events: InspectionEvent[] = [];
    governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      inspect: { next: (event) => events.push(event) },
    });
    governor.userPrompt('Add JWT login');
    events.length = 0;
    governor.reset();
    expect(lifecycleTrail(events, governor)).toEqual([
      'event lifecycle.reset',
      'snapshot {"lifecycle":{"REQUEST":"ready"},"flow":"clean"}',
      'event orchestration.checked',
      'snapshot {"lifecycle":{"REQUEST":"ready"},"flow":"clean"}',
    ]);
  });
});
