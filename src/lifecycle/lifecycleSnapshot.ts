import type { LifecycleContext } from '../../machines/lifecycle';
import type { LifecycleSnapshot } from '../decision/machineDecision';
import type { DecisionFacts } from '../decision/reason';
import { flowStateOfMarks, isFlowState, NO_FLOW_MARKS, type FlowMarks, type FlowState } from '../flow/flowMarks';
import { isLifecycleState, type LifecycleState } from './lifecycleState';

/** The substates every lifecycle state has. */
export type LifecycleSubstate = 'ready' | 'awaitingApproval';

/** The lifecycle region's part of a state value: `{ ACTION: 'ready' }`, or `'ACTION'` from an older snapshot. */
function lifecyclePartOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  // the chart's root is parallel since the flow region: its value holds the lifecycle region under `lifecycle`
  return 'lifecycle' in value ? value.lifecycle : value;
}

/** The top-level lifecycle state of a snapshot, whatever substates it is in. */
export function lifecycleStateOf(snapshot: { readonly value: unknown }): LifecycleState {
  const part = lifecyclePartOf(snapshot.value);
  const top = typeof part === 'object' && part !== null ? Object.keys(part)[0] : part;
  // a value outside the three states cannot come from the lifecycle chart; answer the strictest
  return isLifecycleState(top) ? top : 'REQUEST';
}

/** The flow region's state of a snapshot; `clean` for a value that has none. */
export function flowStateOf(snapshot: { readonly value: unknown }): FlowState {
  const { value } = snapshot;
  const flow = typeof value === 'object' && value !== null && 'flow' in value ? value.flow : undefined;
  return isFlowState(flow) ? flow : 'clean';
}

/** The flow marks of a snapshot's context. */
export function flowMarksOf(snapshot: { readonly context: LifecycleContext }): FlowMarks {
  return snapshot.context.flowMarks ?? NO_FLOW_MARKS;
}

/**
 * The chart's state value for a lifecycle state and substate, with the flow region in the state
 * its marks stand for: what `resolveState` takes to rebuild a snapshot.
 */
export function lifecycleValue(state: LifecycleState, substate: LifecycleSubstate, marks: FlowMarks = NO_FLOW_MARKS) {
  return { lifecycle: { [state]: substate }, flow: flowStateOfMarks(marks) };
}

/** The facts a decision's messages need, read from a snapshot. */
export function decisionFacts(snapshot: LifecycleSnapshot, orchestrationDir: string): DecisionFacts {
  const context: LifecycleContext = snapshot.context;
  const facts = {
    state: lifecycleStateOf(snapshot),
    intents: context.intents,
    activeIntent: context.activeIntent,
    orchestrationDir,
  };
  // a held change is rare: the common facts are one literal, with nothing spread
  return context.heldChange
    ? { ...facts, heldControlFileChange: { id: context.heldChange.id, files: context.heldChange.files } }
    : facts;
}
