import type { Decision } from '../decision/decision';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import type { ApprovedBy } from '../governor/answeredBy';
import type { Governor } from '../governor/governorApi';
import { MAX_MODEL_NOTICES, type SessionNotes } from '../sessions/governorSessions';
import { addCancel, addPass, heldCallById } from './heldCallPasses';

/** Continue or Cancel, as a human answers an agent's held call outside the agent. */
export type AgentHeldCallAnswer = 'continue' | 'cancel';

/** Keeps a notice for the model, told on the next answer that reaches it. */
function addNotice(notes: SessionNotes, notice: string): void {
  notes.notices = [...notes.notices, notice].slice(-MAX_MODEL_NOTICES);
}

/** The notices the model has not been told yet, taken: they are told once. */
export function takeNotices(notes: SessionNotes): string[] {
  const taken = notes.notices;
  notes.notices = [];
  return taken;
}

/**
 * A human's Continue or Cancel of a call an agent's hook held, given outside the agent (a
 * terminal, the service's approval route, the console). The agent runs its calls itself, so
 * Continue answers the hold (`approved_once`) and gives that very call a pass: the agent's
 * next identical call runs once, every rule checked again, and a later one is held again.
 * Cancel ends the hold (`approval_cancelled`) and leaves its reason for the model, told on the
 * next answer that reaches it; the agent's identical retry is refused, not held again, for the
 * held-call TTL (`cancelOf`), so the model hears the human's no instead of a new question. A held change to
 * the control files is accepted or rejected as with `resolveApproval`. Throws
 * InvalidArgumentError when nothing waits under `approvalId`.
 */
export function answerAgentHeldCall(
  governor: Governor,
  notes: SessionNotes,
  approvalId: string,
  answer: AgentHeldCallAnswer,
  by?: ApprovedBy,
): Decision {
  const pending = governor.waitingFor(approvalId);
  if (pending === undefined) {
    const waiting = governor.waitingApprovalIds;
    throw new InvalidArgumentError(
      `nothing in agent session ${governor.sessionId} waits for approval '${approvalId}'; ` +
        `${waiting.length > 0 ? `waiting: ${waiting.map((id) => `'${id}'`).join(', ')}` : 'none is waiting'}`,
    );
  }
  if (pending.code === 'control_file_changed') return governor.resolveApproval(approvalId, answer, by);
  const held = heldCallById(governor, approvalId);
  if (held === undefined)
    throw new InvalidArgumentError(
      `approval '${approvalId}' holds no call whose arguments were kept; approve its categories instead`,
    );
  const decision = governor.resolveApproval(approvalId, answer, by);
  if (decision.code === 'approved_once') addPass(notes, held, by?.approver);
  if (decision.code === 'approval_cancelled') {
    addNotice(
      notes,
      `${decision.reason ?? `Cancelled by a human: '${held.tool}' does not run.`} (the call held as ${approvalId})`,
    );
    addCancel(notes, held, Date.now());
  }
  return decision;
}
