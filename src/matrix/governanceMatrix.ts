import { transition, type StateValue } from 'xstate';
import { lifecycleMachine, type LifecycleMachine } from '../../machines/lifecycle';
import { LIFECYCLE_STATES, type LifecycleState } from '../lifecycle/lifecycleState';
import { decisionCodeOf, type LifecycleSnapshot } from '../decision/machineDecision';
import { REASON_CODES, type DecisionCode, type Verdict } from '../decision/reasons';
import { MATRIX_TOOL_CLASSES, probeContext, probeRequest, type MatrixToolClass } from './matrixProbes';

/** One cell of the governance matrix: what the statechart does with one probe in one state. */
export interface MatrixRow {
  readonly state: LifecycleState;
  readonly toolClass: MatrixToolClass;
  /** false in the fail-safe variant: the orchestration directory is missing */
  readonly orchestrationPresent: boolean;
  readonly verdict: Verdict;
  readonly code: DecisionCode;
  /** the state the call leads to, as a dotted path (`ACTION.ready`, `REQUEST.awaitingApproval`) */
  readonly nextState: string;
}

/** The governance matrix read from a lifecycle statechart: every state times every probe, twice. */
export interface GovernanceMatrix {
  readonly states: readonly LifecycleState[];
  readonly toolClasses: readonly MatrixToolClass[];
  /** states × tool classes with the orchestration directory present, then the same with it missing */
  readonly rows: readonly MatrixRow[];
}

/** `{ ACTION: 'ready' }` as `ACTION.ready`. */
function stateValuePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateValuePath(child)}`))
    .join(', ');
}

interface Cell {
  readonly state: LifecycleState;
  readonly toolClass: MatrixToolClass;
  readonly orchestrationPresent: boolean;
}

function rowFor(machine: LifecycleMachine, snapshot: LifecycleSnapshot, cell: Cell): MatrixRow {
  const call = probeRequest(cell.toolClass);
  // no rule is a deny, as the governor treats it
  const code = decisionCodeOf(machine, snapshot, call) ?? 'no_rule';
  const [next] = transition(machine, snapshot, { type: 'tool.requested', call });
  return { ...cell, verdict: REASON_CODES[code].verdict, code, nextState: stateValuePath(next.value) };
}

/**
 * The governance matrix, computed by asking the statechart: for each lifecycle state (entered
 * in its initial substate, two intents, INT-A active in ACTION) and each probe of
 * MATRIX_TOOL_CLASSES, the code of the rule that decides it, its verdict and the next state;
 * then the same with the orchestration directory missing (the fail-safe). Nothing is hand-written.
 * @example computeGovernanceMatrix().rows.find((row) => row.state === 'REASONING' && row.toolClass === 'destructive-in-scope')?.code // 'state_violation'
 */
export function computeGovernanceMatrix(machine: LifecycleMachine = lifecycleMachine): GovernanceMatrix {
  const rows = [true, false].flatMap((orchestrationPresent) =>
    LIFECYCLE_STATES.flatMap((state) => {
      const snapshot = machine.resolveState({ value: state, context: probeContext(state, orchestrationPresent) });
      return MATRIX_TOOL_CLASSES.map((toolClass) => rowFor(machine, snapshot, { state, toolClass, orchestrationPresent }));
    }),
  );
  return { states: LIFECYCLE_STATES, toolClasses: MATRIX_TOOL_CLASSES, rows };
}
