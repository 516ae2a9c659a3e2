import type { SnapshotFrom } from 'xstate';
import type { LifecycleEvent, LifecycleMachine } from '../../machines/lifecycle';
import type { ToolRequest } from '../tools/toolRequest';
import { createGuardTrails, type GuardTrails } from './guardTrails';
import { isDecisionCode, type DecisionCode } from './reasons';

export type LifecycleSnapshot = SnapshotFrom<LifecycleMachine>;

type ToolRequested = Extract<LifecycleEvent, { type: 'tool.requested' }>;

/** The code the `decide` action of the first transition that names one gives, or undefined. */
function decideCodeOf(transitions: ReturnType<LifecycleMachine['getTransitionData']>): DecisionCode | undefined {
  for (const transition of transitions) {
    for (const action of transition.actions) {
      if (typeof action !== 'object' || action === null || !('type' in action) || action.type !== 'decide') continue;
      const params: unknown = 'params' in action ? action.params : undefined;
      const code: unknown = typeof params === 'object' && params !== null && 'code' in params ? params.code : undefined;
      if (isDecisionCode(code)) return code;
    }
  }
  return undefined;
}

/**
 * Asks the statechart itself which rule decides a request: the enabled transition's `decide`
 * action names the code. The slow path of decisionCodeOf, and its oracle in tests.
 */
export function chartDecisionCodeOf(
  machine: LifecycleMachine,
  snapshot: LifecycleSnapshot,
  request: ToolRequest,
): DecisionCode | undefined {
  return decideCodeOf(machine.getTransitionData(snapshot, { type: 'tool.requested', call: request }));
}

const trailsOf = new WeakMap<LifecycleMachine, GuardTrails<DecisionCode | undefined>>();

/**
 * Asks the statechart which rule decides a request, without running anything. The same
 * transition applies the effects when the request is sent to the actor, so a query and a call
 * always agree. Undefined when no transition decides, which callers treat as a deny.
 *
 * The chart's choice is a function of its state and of the answers of the guards it reads, in
 * the order it reads them; those answers are recorded once per path (guardTrails) and followed
 * afterwards by calling the same guards directly, which is what costs when the chart's own
 * evaluation runs per call. A path not seen yet is answered by the chart, as before.
 */
export function decisionCodeOf(
  machine: LifecycleMachine,
  snapshot: LifecycleSnapshot,
  request: ToolRequest,
): DecisionCode | undefined {
  // the guards XState calls are those of the snapshot's machine: another machine's snapshot is asked directly
  if ((snapshot.machine as unknown) !== machine) return chartDecisionCodeOf(machine, snapshot, request);
  let trails = trailsOf.get(machine);
  if (trails === undefined) {
    trails = createGuardTrails(machine, (recording, recordedSnapshot, event: ToolRequested) =>
      decideCodeOf(recording.getTransitionData(recordedSnapshot, event)),
    );
    trailsOf.set(machine, trails);
  }
  return trails.answer(snapshot, { type: 'tool.requested', call: request });
}
