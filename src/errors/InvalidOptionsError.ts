import { IntentGateError } from './IntentGateError';

/** `createGovernor` options failed validation; `issues` lists every problem with its path. */
export class InvalidOptionsError extends IntentGateError {
  readonly issues: readonly string[];

  constructor(issues: readonly string[]) {
    super('invalid_options', `Invalid intentgate options:\n- ${issues.join('\n- ')}`);
    this.name = 'InvalidOptionsError';
    this.issues = issues;
  }
}
