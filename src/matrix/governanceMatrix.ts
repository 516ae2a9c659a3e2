import { transition, type StateValue } from 'xstate';
import { lifecycleMachine, type LifecycleMachine } from '../../machines/lifecycle';
import { LIFECYCLE_STATES, type LifecycleState } from '../lifecycle/lifecycleState';
import { lifecycleValue } from '../lifecycle/lifecycleSnapshot';
import { decisionCodeOf, type LifecycleSnapshot } from '../decision/machineDecision';
import { REASON_CODES, type DecisionCode, type Verdict } from '../decision/reasons';
import {
  MATRIX_TOOL_CLASSES,
  MATRIX_VARIANTS,
  probeContext,
  probeRequest,
  type MatrixToolClass,
  type MatrixVariant,
} from './matrixProbes';

/** One cell of the governance matrix: what the statechart does with one probe in one state. */
export interface MatrixRow extends MatrixVariant {
  readonly state: LifecycleState;
  readonly toolClass: MatrixToolClass;
  readonly verdict: Verdict;
  readonly code: DecisionCode;
  /** the state the call leads to, as a dotted path (`ACTION.ready`, `REQUEST.awaitingApproval`) */
  readonly nextState: string;
}

/** The governance matrix read from a lifecycle statechart: every state times every probe, twice. */
export interface GovernanceMatrix {
  readonly states: readonly LifecycleState[];
  readonly toolClasses: readonly MatrixToolClass[];
  /** states × tool classes in each of MATRIX_VARIANTS: the orchestration directory present, missing, and a control-file change held */
  readonly rows: readonly MatrixRow[];
}

/** `{ ACTION: 'ready' }` as `ACTION.ready`. */
function stateValuePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateValuePath(child)}`))
    .join(', ');
}

interface Cell extends MatrixVariant {
  readonly state: LifecycleState;
  readonly toolClass: MatrixToolClass;
}

function rowFor(machine: LifecycleMachine, snapshot: LifecycleSnapshot, cell: Cell): MatrixRow {
  const call = probeRequest(cell.toolClass);
  // no rule is a deny, as the governor treats it
  const code = decisionCodeOf(machine, snapshot, call) ?? 'no_rule';
  const [next] = transition(machine, snapshot, { type: 'tool.requested', call });
  return { ...cell, verdict: REASON_CODES[code].verdict, code, nextState: stateValuePath(next.value.lifecycle) };
}

/**
 * The governance matrix, computed by asking the statechart: for each lifecycle state (entered
 * in its initial substate, two intents, INT-A active in ACTION) and each probe of
 * MATRIX_TOOL_CLASSES, the code of the rule that decides it, its verdict and the next state;
 * then the same with the orchestration directory missing (the fail-safe), and with a change to a
 * control file held for a human. Nothing is hand-written.
 * @example computeGovernanceMatrix().rows.find((row) => row.state === 'REASONING' && row.toolClass === 'destructive-in-scope')?.code // 'state_violation'
 */
export function computeGovernanceMatrix(machine: LifecycleMachine = lifecycleMachine): GovernanceMatrix {
  const rows = MATRIX_VARIANTS.flatMap((variant) =>
    LIFECYCLE_STATES.flatMap((state) => {
      const snapshot = machine.resolveState({
        value: lifecycleValue(state, 'ready'),
        context: probeContext(state, variant),
      });
      return MATRIX_TOOL_CLASSES.map((toolClass) => rowFor(machine, snapshot, { state, toolClass, ...variant }));
    }),
  );
  return { states: LIFECYCLE_STATES, toolClasses: MATRIX_TOOL_CLASSES, rows };
}
