import { createLifecycleMachine, lifecycleMachine, type LifecycleMachine } from '../../machines/lifecycle';
import { createClassifier, defaultClassifier, type Classifier } from '../tools/classifier';
import type { ToolClass } from '../tools/toolClass';

// machines differ only by classifier; governors with the same overrides share one
const machinesByClassification = new Map<string, { machine: LifecycleMachine; classifier: Classifier }>();
const MAX_CACHED_MACHINES = 64;

/** The lifecycle statechart and classifier for a classification table (seed 000's plus overrides). */
export function machineFor(classification: Readonly<Record<string, ToolClass>>): { machine: LifecycleMachine; classifier: Classifier } {
  const key = JSON.stringify(Object.entries(classification).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (key === '[]') return { machine: lifecycleMachine, classifier: defaultClassifier };
  let entry = machinesByClassification.get(key);
  if (!entry) {
    const classifier = createClassifier(classification);
    entry = { machine: createLifecycleMachine(classifier), classifier };
    if (machinesByClassification.size < MAX_CACHED_MACHINES) machinesByClassification.set(key, entry);
  }
  return entry;
}
