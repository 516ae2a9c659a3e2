import { randomUUID } from 'node:crypto';
import { isHeldCallCode } from '../decision/reasons';
import { FLOW_KINDS } from '../flow/flowMarks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Decision } from '../decision/decision';
import { createGovernor, type Governor } from '../governor/createGovernor';
import { DEFAULT_HELD_CALL_TTL_MS, type GovernorOptions } from '../governor/governorOptions';
import type { AuditRecord } from './auditRecord';

/** A decision made again in a record's situation, or why the situation cannot be made. */
export type SituationOutcome =
  { readonly ok: true; readonly decision: Decision } | { readonly ok: false; readonly why: string };

/** The code that decided a record. */
export const decidingCode = (record: AuditRecord): string => record.reasons[0]?.code ?? '';

/** Moves a fresh governor into the record's state with its intent; the reason when it cannot. */
function moveTo(governor: Governor, record: AuditRecord, failSafe: boolean): string | undefined {
  if (record.state === 'REQUEST' || record.state === undefined) return undefined;
  governor.userPrompt('replay');
  // the fail-safe refuses every call whatever the intent: the state is enough
  if (failSafe) return undefined;
  if (record.intent_id === null) return record.state === 'ACTION' ? 'recorded in ACTION without an intent' : undefined;
  const selected = governor.handleToolCall('select_active_intent', { intent_id: record.intent_id });
  if (selected.code === 'unknown_intent') return `the intent '${record.intent_id}' no longer exists under the policy`;
  if (!selected.allowed)
    return `the intent '${record.intent_id}' cannot be selected under the policy: ${selected.reason ?? selected.code}`;
  // REASONING with an intent: the intent was selected, then a new prompt came (it is kept)
  if (record.state === 'REASONING') governor.userPrompt('replay');
  return undefined;
}

/** The human's answer the record shows, given again to the call if it is held again. */
function answerAgain(governor: Governor, record: AuditRecord, decision: Decision, passTime: () => void): Decision {
  const id = isHeldCallCode(decision.code) ? decision.approval?.id : undefined;
  if (id === undefined) return decision;
  const code = decidingCode(record);
  if (code === 'approval_expired') {
    // no one answered in time: the answer, if any, came after the hold's time was over
    passTime();
    return governor.resolveApproval(id, 'continue');
  }
  if (record.answer === 'continue' || code === 'approved_once') return governor.resolveApproval(id, 'continue');
  if (record.answer === 'cancel' || code === 'approval_cancelled') return governor.resolveApproval(id, 'cancel');
  return decision;
}

/**
 * Decides the recorded call again with a fresh governor of `options` (no trace written), put
 * in the recorded situation: the state and intent, the session's approved categories, the
 * fail-safe when the record was decided by it, and the human's answer when one decided it.
 * Safe mode is the options'. Throws what createGovernor throws (a bad intents file).
 */
export function decideInSituation(record: AuditRecord, args: unknown, options: GovernorOptions): SituationOutcome {
  let clock = 0;
  const failSafe = decidingCode(record) === 'orchestration_missing';
  const governor = createGovernor({
    ...options,
    trace: () => undefined,
    sessionId: 'replay',
    now: () => clock,
    // a folder that cannot exist: the fail-safe is on, as when the call was recorded
    ...(failSafe && { orchestrationDir: path.join(tmpdir(), `intentgate-replay-${randomUUID()}`, 'missing') }),
  });
  try {
    if (!failSafe && !governor.actor.getSnapshot().context.orchestrationPresent) {
      return {
        ok: false,
        why: 'the orchestration directory is missing where the replay runs, so the fail-safe would refuse every call',
      };
    }
    const unmoved = moveTo(governor, record, failSafe);
    if (unmoved !== undefined) return { ok: false, why: unmoved };
    if (record.approved_categories !== undefined && record.approved_categories.length > 0)
      governor.approveSession(record.approved_categories);
    // what the session had read when the call was decided: the flow region is put in that state
    for (const kind of FLOW_KINDS) {
      const source = record.flow?.[kind];
      if (source !== undefined) governor.actor.send({ type: 'flow.read', kind, source });
    }
    const decision = governor.handleToolCall(record.tool, args);
    const ttl = options.heldCallTtlMs ?? DEFAULT_HELD_CALL_TTL_MS;
    return { ok: true, decision: answerAgain(governor, record, decision, () => (clock += ttl + 1)) };
  } finally {
    governor.stop();
  }
}
