import type { ApprovalRequest, Decision } from '../decision/decision';
import { buildDecision } from '../decision/decision';
import type { LifecycleSnapshot } from '../decision/machineDecision';
import { reason } from '../decision/reason';
import type { ControlFileChange } from '../intents/controlFileChanges';
import { decisionFacts } from '../lifecycle/lifecycleSnapshot';
import type { Locale } from '../categories/riskCategories';
import { nameOnlyRequest } from '../tools/toolRequest';
import { controlFileChangeLines, controlFilePrompt, type SuspectCall } from './controlFilePrompt';

/** What a decision about a held control-file change needs. */
export interface ControlFileDecisionInput {
  readonly snapshot: LifecycleSnapshot;
  readonly orchestrationDirLabel: string;
  readonly changes: readonly ControlFileChange[];
  /** the DESTRUCTIVE calls since the last adoption, oldest first; the last one names the decision's tool */
  readonly suspects: readonly SuspectCall[];
  readonly locale: Locale;
}

/** The tool a held change is decided for: the last DESTRUCTIVE call that could have made it. */
const requestOf = (input: ControlFileDecisionInput) =>
  nameOnlyRequest(input.suspects.at(-1)?.tool ?? input.changes[0]?.label ?? 'control files', 'DESTRUCTIVE');

/**
 * The decision that holds the lifecycle for a control-file change (`control_file_changed`):
 * its approval carries the confirmation prompt, and a note lists every change, one per line.
 */
export function heldChangeDecision(input: ControlFileDecisionInput, id: string): Decision {
  const prompt = controlFilePrompt(input.changes, input.suspects, input.locale);
  const approval: ApprovalRequest = { id, categories: [], prompt };
  const lines = controlFileChangeLines(input.changes, 'en');
  return buildDecision({
    code: 'control_file_changed',
    request: requestOf(input),
    facts: decisionFacts(input.snapshot, input.orchestrationDirLabel),
    notes: [reason('control_file_change', 'control-files', { message: `What changed: ${lines.join('; ')}.` })],
    approval,
  });
}

/** A human's answer to a held change: `control_file_accepted` or `control_file_rejected`. */
export function answeredChangeDecision(
  input: ControlFileDecisionInput,
  code: 'control_file_accepted' | 'control_file_rejected',
): Decision {
  return buildDecision({
    code,
    request: requestOf(input),
    facts: decisionFacts(input.snapshot, input.orchestrationDirLabel),
    problem: input.changes.map((change) => change.label).join(' and '),
  });
}
