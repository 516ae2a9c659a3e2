import type { LifecycleContext } from '../../machines/lifecycle';
import type { LifecycleSnapshot } from '../decision/machineDecision';
import type { DecisionFacts } from '../decision/reason';
import { isLifecycleState, type LifecycleState } from './lifecycleState';

/** The top-level lifecycle state of a snapshot, whatever substates it is in. */
export function lifecycleStateOf(snapshot: { readonly value: unknown }): LifecycleState {
  const { value } = snapshot;
  const top = typeof value === 'object' && value !== null ? Object.keys(value)[0] : value;
  // a value outside the three states cannot come from the lifecycle chart; answer the strictest
  return isLifecycleState(top) ? top : 'REQUEST';
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
