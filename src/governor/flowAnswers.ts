import type { FlowHoldCode } from '../decision/reasons';
import type { FlowKind } from '../flow/flowMarks';
import type { GovernorParts } from './governorParts';

/** The hold each mark makes. */
const HOLD_OF: Readonly<Record<FlowKind, FlowHoldCode>> = {
  secret: 'flow_secret_to_egress',
  untrusted: 'flow_untrusted_to_code',
};

/**
 * A person clears one mark for the rest of the session: the chart forgets it, and the calls held
 * for it are let go (as a session approval lets go the calls it covers) for the agent to call
 * again, which the rules then decide without the mark. The records traced after it carry the
 * marks left, which is what a replay reads.
 */
export function clearFlowMark(parts: GovernorParts, kind: FlowKind): void {
  const { lifecycle } = parts;
  lifecycle.send({ type: 'flow.cleared', kind });
  const code = HOLD_OF[kind];
  for (const record of lifecycle.getSnapshot().context.heldCalls) {
    if (parts.held.find(record.id)?.decision.code === code)
      lifecycle.send({ type: 'approval.granted', id: record.id, scope: 'session' });
  }
}
