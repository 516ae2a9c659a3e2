import type { LifecycleSnapshot } from '../decision/machineDecision';
import type { Grant } from '../grants/grant';
import type { RiskCategory } from '../categories/riskCategories';
import type { Vouched } from '../trace/traceFile';
import type { TraceChange } from '../trace/traceRecord';
import { lifecycleStateOf } from '../lifecycle/lifecycleSnapshot';
import type { HeldToolCall } from './heldCalls';
import type { ControlFilesSnapshot } from './controlFilesSnapshot';
import {
  checkedSnapshot,
  GOVERNOR_SNAPSHOT_FORMAT,
  GOVERNOR_SNAPSHOT_VERSION,
  type GovernorSnapshot,
} from './governorSnapshot';

/** What a governor's snapshot is taken from. */
export interface GovernorParts {
  readonly lifecycle: LifecycleSnapshot;
  readonly sessionId: string;
  readonly approvedCategories: readonly RiskCategory[];
  readonly grants: readonly Grant[];
  readonly grantsTaken: number;
  readonly approvalsTaken: number;
  /** how many calls the session decided */
  readonly callsDecided: number;
  /** the held calls' details, as the governor keeps them for the calls the chart holds */
  readonly heldCalls: readonly HeldToolCall[];
  readonly controlFiles: ControlFilesSnapshot;
  readonly traceChanges: readonly TraceChange[];
  /** the trace file and what it held after the last append, when the trace is a file */
  readonly traceFile: { readonly file: string; readonly vouched: Vouched | undefined } | undefined;
}

/** The held calls as a snapshot keeps them: the chart's records, each with the governor's details when it has them. */
function heldCallsOf(parts: GovernorParts): GovernorSnapshot['lifecycle']['heldCalls'] {
  return parts.lifecycle.context.heldCalls.map((record) => {
    const held = parts.heldCalls.find((call) => call.id === record.id);
    return {
      id: record.id,
      tool: record.tool,
      categories: record.categories,
      destructive: record.destructive,
      ...(held && {
        details: {
          args: held.args,
          heldAt: held.heldAt,
          ...(held.askedBy !== undefined && { askedBy: held.askedBy }),
          decision: held.decision,
        },
      }),
    };
  });
}

/**
 * A governor's state as plain JSON data: its lifecycle (state, intents, the task's facts, the
 * hold), its session and approvals, the approval ids taken, its control files and trace changes.
 * Throws InvalidSnapshotError when the state could not be restored (a held call's arguments too large).
 */
export function persistGovernor(parts: GovernorParts): GovernorSnapshot {
  const { context } = parts.lifecycle;
  return checkedSnapshot({
    format: GOVERNOR_SNAPSHOT_FORMAT,
    version: GOVERNOR_SNAPSHOT_VERSION,
    sessionId: parts.sessionId,
    approvedCategories: parts.approvedCategories,
    // an intent's own approvals live in the intents file, not in the session
    grants: parts.grants.filter((grant): grant is Grant & { readonly source: 'human' } => grant.source === 'human'),
    grantsTaken: parts.grantsTaken,
    approvalsTaken: parts.approvalsTaken,
    lifecycle: {
      state: lifecycleStateOf(parts.lifecycle),
      intents: context.intents,
      ...(context.activeIntent && { activeIntentId: context.activeIntent.id }),
      orchestrationPresent: context.orchestrationPresent,
      destructiveRan: context.destructiveRan,
      destructiveSinceAdoption: context.destructiveSinceAdoption,
      heldCalls: heldCallsOf(parts),
      ...(context.heldChange && { heldChange: { id: context.heldChange.id, files: context.heldChange.files } }),
      flow: { calls: parts.callsDecided, ...context.flowMarks },
    },
    controlFiles: parts.controlFiles,
    traceChanges: parts.traceChanges,
    ...(parts.traceFile?.vouched && { traceFile: { file: parts.traceFile.file, ...parts.traceFile.vouched } }),
  });
}
