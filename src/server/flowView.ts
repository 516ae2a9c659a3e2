import type { Governor } from '../governor/createGovernor';
import { flowStateOfMarks, type FlowKind, type FlowSource, type FlowState } from '../flow/flowMarks';

/** What a session has read that the flow rules remember, as the HTTP API and the console show it. */
export interface FlowView {
  /** the flow region's state: clean, secretRead, untrustedRead or secretAndUntrusted */
  readonly state: FlowState;
  /** the call that first read a secret, or null */
  readonly secret: FlowSource | null;
  /** the call that first read untrusted content, or null */
  readonly untrusted: FlowSource | null;
}

/**
 * `POST /approve-session` with `clear_flow` and no categories: a person (the route needs the
 * approval credential) clears those marks for the session; the calls held for them are let go.
 */
export function clearFlowMarks(
  governor: Governor,
  kinds: readonly FlowKind[],
  approver: string | undefined,
): { readonly session_id: string; readonly flow: FlowView } {
  for (const kind of kinds) governor.clearFlow(kind, approver === undefined ? undefined : { approver });
  return { session_id: governor.sessionId, flow: flowView(governor) };
}

/** The flow view of a session's governor. */
export function flowView(governor: Governor): FlowView {
  const marks = governor.flowMarks;
  return { state: flowStateOfMarks(marks), secret: marks.secret ?? null, untrusted: marks.untrusted ?? null };
}
