import { IntentGateError } from './IntentGateError';

/**
 * A governor snapshot given to `createGovernor({ restore })` failed validation; `issues` lists
 * every problem. Nothing is restored, and no fresh governor stands in for it.
 */
export class InvalidSnapshotError extends IntentGateError {
  readonly issues: readonly string[];

  constructor(issues: readonly string[]) {
    super(
      'invalid_snapshot',
      `Invalid governor snapshot (nothing was restored; take a new snapshot with governor.persist()):\n- ${issues.join('\n- ')}`,
    );
    this.name = 'InvalidSnapshotError';
    this.issues = issues;
  }
}
