import type { LifecycleSnapshot } from '../decision/machineDecision';
import type { RiskCategory } from '../risk/categories';
import type { Vouched } from '../trace/traceFile';
import type { TraceChange } from '../trace/traceRecord';
import { lifecycleStateOf } from '../lifecycle/lifecycleSnapshot';
import type { DecidedCall } from './callDecider';
import type { ControlFilesSnapshot } from './controlFilesSnapshot';
import { checkedSnapshot, GOVERNOR_SNAPSHOT_FORMAT, GOVERNOR_SNAPSHOT_VERSION, type GovernorSnapshot } from './governorSnapshot';

/** What a governor's snapshot is taken from. */
export interface GovernorParts {
  readonly lifecycle: LifecycleSnapshot;
  readonly sessionId: string;
  readonly approvedCategories: readonly RiskCategory[];
  readonly approvalsTaken: number;
  /** the held call's details, when the chart holds that call */
  readonly heldCall: (DecidedCall & { readonly heldAt?: number }) | undefined;
  readonly controlFiles: ControlFilesSnapshot;
  readonly traceChanges: readonly TraceChange[];
  /** the trace file and what it held after the last append, when the trace is a file */
  readonly traceFile: { readonly file: string; readonly vouched: Vouched | undefined } | undefined;
}

/** The held call as a snapshot keeps it: the chart's record, and the governor's details when it has them. */
function pendingOf(parts: GovernorParts): GovernorSnapshot['lifecycle']['pending'] {
  const pending = parts.lifecycle.context.pendingApproval;
  if (pending === undefined) return undefined;
  if (pending.kind === 'controlFiles') return { kind: 'controlFiles', id: pending.id, files: pending.files };
  const held = parts.heldCall;
  const askedBy = held?.event?.call.risk.askedBy;
  return {
    kind: 'call',
    id: pending.id,
    tool: pending.tool,
    categories: pending.categories,
    destructive: pending.destructive,
    ...(held && { details: { args: held.args, ...(held.heldAt !== undefined && { heldAt: held.heldAt }), ...(askedBy !== undefined && { askedBy }), decision: held.decision } }),
  };
}

/**
 * A governor's state as plain JSON data: its lifecycle (state, intents, the task's facts, the
 * hold), its session and approvals, the approval ids taken, its control files and trace changes.
 * Throws InvalidSnapshotError when the state could not be restored (a held call's arguments too large).
 */
export function persistGovernor(parts: GovernorParts): GovernorSnapshot {
  const { context } = parts.lifecycle;
  const pending = pendingOf(parts);
  return checkedSnapshot({
    format: GOVERNOR_SNAPSHOT_FORMAT,
    version: GOVERNOR_SNAPSHOT_VERSION,
    sessionId: parts.sessionId,
    approvedCategories: parts.approvedCategories,
    approvalsTaken: parts.approvalsTaken,
    lifecycle: {
      state: lifecycleStateOf(parts.lifecycle),
      intents: context.intents,
      ...(context.activeIntent && { activeIntentId: context.activeIntent.id }),
      orchestrationPresent: context.orchestrationPresent,
      destructiveRan: context.destructiveRan,
      destructiveSinceAdoption: context.destructiveSinceAdoption,
      ...(pending && { pending }),
    },
    controlFiles: parts.controlFiles,
    traceChanges: parts.traceChanges,
    ...(parts.traceFile?.vouched && { traceFile: { file: parts.traceFile.file, ...parts.traceFile.vouched } }),
  });
}
