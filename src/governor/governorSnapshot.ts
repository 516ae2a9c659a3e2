import { z } from 'zod';
import { decisionSchema } from '../decision/decisionSchema';
import { InvalidSnapshotError } from '../errors/InvalidSnapshotError';
import { formatIssues, intentListSchema } from '../intents/intent';
import { LIFECYCLE_STATES } from '../lifecycle/lifecycleState';
import { RISK_CATEGORIES } from '../risk/categories';
import type { DeepReadonly } from '../text/deepReadonly';
import { MAX_TOOL_NAME_LENGTH } from '../tools/toolRequest';
import { controlFilesSnapshotSchema } from './controlFilesSnapshot';
import { MAX_SESSION_ID_LENGTH } from './governorOptions';

/** What a snapshot says it is, so another JSON file is not read as one. */
export const GOVERNOR_SNAPSHOT_FORMAT = 'intentgate.governor';

/** The snapshot layout; a snapshot of another version is refused, never half read. */
export const GOVERNOR_SNAPSHOT_VERSION = 1;

/** The largest held call's arguments (as JSON) a snapshot keeps; a larger held call cannot be persisted. */
export const MAX_HELD_ARGUMENTS_BYTES = 1024 * 1024;

/** The trace changes a governor keeps for `traceChanges`. */
export const MAX_TRACE_CHANGES_KEPT = 64;

const id = z.string().min(1).max(256);
const category = z.enum(RISK_CATEGORIES);
const APPROVAL_ID = /^approval-(\d{1,15})$/;

const heldCallSchema = z.strictObject({
  kind: z.literal('call'),
  id,
  tool: z.string().min(1).max(MAX_TOOL_NAME_LENGTH),
  categories: z.array(category),
  destructive: z.boolean(),
  /** what the governor keeps of the held call beyond the chart's record: its arguments and its decision */
  details: z
    .strictObject({
      args: z.record(z.string(), z.unknown()),
      /** when it was held, by the governor's clock */
      heldAt: z.number().nonnegative().optional(),
      askedBy: z.string().max(4096).optional(),
      decision: decisionSchema,
    })
    .optional(),
});

const heldChangeSchema = z.strictObject({ kind: z.literal('controlFiles'), id, files: z.array(z.string().min(1).max(4096)).min(1).max(2) });

const lifecycleSchema = z.strictObject({
  state: z.enum(LIFECYCLE_STATES),
  intents: intentListSchema,
  activeIntentId: id.optional(),
  orchestrationPresent: z.boolean(),
  destructiveRan: z.boolean(),
  destructiveSinceAdoption: z.boolean(),
  pending: z.discriminatedUnion('kind', [heldCallSchema, heldChangeSchema]).optional(),
});

const traceChangeSchema = z.strictObject({
  kind: z.enum(['truncated', 'rewritten', 'replaced']),
  vouchedBytes: z.number().int().nonnegative(),
  foundBytes: z.number().int().nonnegative(),
  message: z.string().max(4096),
});

// what the trace file held after the governor's last append, so the next process notices a change made in between
const traceFileSchema = z.strictObject({
  file: z.string().min(1).max(4096),
  dev: z.number().nonnegative(),
  ino: z.number().nonnegative(),
  size: z.number().int().nonnegative(),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
});

type SnapshotShape = z.infer<typeof snapshotShape>;

const snapshotShape = z.strictObject({
  format: z.literal(GOVERNOR_SNAPSHOT_FORMAT),
  version: z.literal(GOVERNOR_SNAPSHOT_VERSION),
  sessionId: z.string().min(1).max(MAX_SESSION_ID_LENGTH),
  approvedCategories: z.array(category),
  /** how many holds were taken: the next one is `approval-<n + 1>` */
  approvalsTaken: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  lifecycle: lifecycleSchema,
  controlFiles: controlFilesSnapshotSchema,
  traceChanges: z.array(traceChangeSchema).max(MAX_TRACE_CHANGES_KEPT),
  traceFile: traceFileSchema.optional(),
});

/** Why a held call's arguments cannot be kept as JSON, if they cannot. */
function heldArgumentsProblem(args: unknown): string | undefined {
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch (error) {
    return `not JSON data (${error instanceof Error ? error.message : String(error)})`;
  }
  if (json === undefined) return 'not JSON data';
  return Buffer.byteLength(json) > MAX_HELD_ARGUMENTS_BYTES ? `more than ${MAX_HELD_ARGUMENTS_BYTES} bytes as JSON` : undefined;
}

/** The problems that make the parts of a snapshot disagree with each other. */
function consistencyIssues(snapshot: GovernorSnapshot): string[] {
  const issues: string[] = [];
  const { lifecycle, controlFiles } = snapshot;
  const { pending } = lifecycle;
  if (lifecycle.activeIntentId !== undefined && !lifecycle.intents.some((intent) => intent.id === lifecycle.activeIntentId)) {
    issues.push(`lifecycle.activeIntentId: '${lifecycle.activeIntentId}' is not one of the snapshot's intents`);
  }
  if (lifecycle.state === 'ACTION' && lifecycle.activeIntentId === undefined) issues.push('lifecycle.activeIntentId: ACTION always has an active intent');
  const number = pending && APPROVAL_ID.exec(pending.id)?.[1];
  if (pending && (number === undefined || Number(number) > snapshot.approvalsTaken || Number(number) === 0)) {
    issues.push(`lifecycle.pending.id: '${pending.id}' is not an approval id this governor gave out (approval-1 to approval-${snapshot.approvalsTaken})`);
  }
  const heldChange = controlFiles.held;
  if ((pending?.kind === 'controlFiles') !== (heldChange !== undefined) || (heldChange && heldChange.id !== pending?.id)) {
    issues.push('controlFiles.held: a held control-file change must be the lifecycle\'s pending one, with the same id');
  }
  const details = pending?.kind === 'call' ? pending.details : undefined;
  if (details && (details.decision.code !== 'needs_approval' || details.decision.approval?.id !== pending?.id)) {
    issues.push("lifecycle.pending.details.decision: a held call's decision is its 'needs_approval' with the same approval id");
  }
  const argsProblem = details && heldArgumentsProblem(details.args);
  if (argsProblem !== undefined) issues.push(`lifecycle.pending.details.args: ${argsProblem}`);
  return issues;
}

const snapshotSchema = snapshotShape.superRefine((snapshot, ctx) => {
  for (const message of consistencyIssues(snapshot)) ctx.addIssue({ code: 'custom', message });
});

/**
 * One governor's state as plain JSON (`governor.persist()`): what `createGovernor({ restore })`
 * needs to go on deciding as the governor it was taken from would.
 */
export type GovernorSnapshot = DeepReadonly<SnapshotShape>;

/** Validates a snapshot, reporting every issue at once; throws InvalidSnapshotError. */
export function parseGovernorSnapshot(value: unknown): GovernorSnapshot {
  const result = snapshotSchema.safeParse(value);
  if (!result.success) throw new InvalidSnapshotError(formatIssues(result.error));
  return result.data;
}

/** Checks a snapshot a governor is about to hand out, so it never persists one it could not restore. */
export function checkedSnapshot(snapshot: GovernorSnapshot): GovernorSnapshot {
  const issues = consistencyIssues(snapshot);
  if (issues.length > 0) throw new InvalidSnapshotError(issues);
  return snapshot;
}
