import type { SnapshotFrom } from 'xstate';
import type { LifecycleMachine } from '../../machines/lifecycle';
import type { ToolRequest } from '../tools/toolRequest';
import { isDecisionCode, type DecisionCode } from './reasons';

export type LifecycleSnapshot = SnapshotFrom<LifecycleMachine>;

/**
 * Asks the statechart which rule decides a request, without running anything: the enabled
 * transition's `decide` action names the code. The same transition applies the effects
 * when the request is sent to the actor, so a query and a call always agree. Undefined
 * when no transition decides, which callers treat as a deny.
 */
export function decisionCodeOf(
  machine: LifecycleMachine,
  snapshot: LifecycleSnapshot,
  request: ToolRequest,
): DecisionCode | undefined {
  for (const transition of machine.getTransitionData(snapshot, { type: 'tool.requested', call: request })) {
    for (const action of transition.actions) {
      if (typeof action !== 'object' || action === null || !('type' in action) || action.type !== 'decide') continue;
      const params: unknown = 'params' in action ? action.params : undefined;
      const code: unknown = typeof params === 'object' && params !== null && 'code' in params ? params.code : undefined;
      if (isDecisionCode(code)) return code;
    }
  }
  return undefined;
}
