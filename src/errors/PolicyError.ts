import { IntentGateError } from './IntentGateError';

/** A policy file could not be read, does not match the schema, or one of its examples or checks failed; `issues` names each. */
export class PolicyError extends IntentGateError {
  readonly file: string;
  readonly issues: readonly string[];

  constructor(file: string, issues: readonly string[], options?: { cause?: unknown }) {
    super('invalid_policy', `Invalid policy ${file}:\n- ${issues.join('\n- ')}`, options);
    this.name = 'PolicyError';
    this.file = file;
    this.issues = issues;
  }
}
