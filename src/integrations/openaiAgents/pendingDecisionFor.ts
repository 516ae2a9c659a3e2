import type { RunToolApprovalItem } from '@openai/agents';
import type { Decision } from '../../decision/decision';
import type { Governor } from '../../governor/createGovernor';
import { InvalidArgumentError } from '../../errors/InvalidArgumentError';
import { assertGovernor } from './assertGovernor';
import { heldCallsOf } from './heldCalls';

/**
 * The 'ask' decision safe mode made for an interruption of a governed tool, or undefined when
 * the governor did not ask for it (the host's own needsApproval did). Its `approval.prompt` is
 * the five-part confirmation prompt to show the human before `state.approve` or `state.reject`.
 *
 * @example
 * for (const item of result.interruptions) console.log(renderConfirmationPrompt(pendingDecisionFor(governor, item)!.approval!.prompt));
 */
export function pendingDecisionFor(governor: Governor, interruption: RunToolApprovalItem): Decision | undefined {
  assertGovernor(governor, 'pendingDecisionFor');
  const raw: unknown = typeof interruption === 'object' && interruption !== null ? interruption.rawItem : undefined;
  const callId: unknown = typeof raw === 'object' && raw !== null ? Reflect.get(raw, 'callId') : undefined;
  if (typeof callId !== 'string') {
    throw new InvalidArgumentError(
      'pendingDecisionFor: the interruption must be a tool approval item from result.interruptions.',
    );
  }
  return heldCallsOf(governor).byCallId.get(callId)?.decision;
}
