import { expect } from 'vitest';
import { createGovernor, type Governor, type RiskCategory } from '../../src/index';
import { makeWorkspace } from './workspace';

/** A shell command decided under an intent whose owned_scope is `scope`, and the code it gets. */
export interface ScopeCase {
  readonly name: string;
  /** the owned_scope entry as YAML writes it (`'**'`, `src/**`) */
  readonly scope: string;
  readonly command: string;
  readonly code: string;
}

const intents = (scope: string): string => `active_intents:\n  - id: A\n    owned_scope: [${scope}]\n`;

/**
 * A governor in ACTION under intent A, owning `scope`, with the everyday approvals
 * (EXEC_ARBITRARY, FS_DELETE_OVERWRITE) and `approved` given for the session.
 */
export function governorInAction(scope: string, approved: readonly RiskCategory[] = []): Governor {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: intents(scope) }),
    trace: () => undefined,
  });
  governor.userPrompt('do the task');
  expect(governor.handleToolCall('select_active_intent', { intent_id: 'A' }).code).toBe('intent_selected');
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE', ...approved]);
  return governor;
}
