import type { Decision } from '../decision/decision';
import { IntentGateError } from './IntentGateError';

/** Thrown by `assertToolAllowed` when a call may not run (seed 003); carries the whole decision. */
export class StateViolationError extends IntentGateError {
  readonly decision: Decision;

  constructor(decision: Decision) {
    super('state_violation', decision.reason ?? `Tool '${decision.tool}' may not run: ${decision.code}`);
    this.name = 'StateViolationError';
    this.decision = decision;
  }
}
