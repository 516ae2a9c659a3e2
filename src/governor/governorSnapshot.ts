import { z } from 'zod';
import { decisionSchema } from '../decision/decisionSchema';
import { isHeldCallCode } from '../decision/reasons';
import { InvalidSnapshotError } from '../errors/InvalidSnapshotError';
import { formatIssues, intentListSchema } from '../intents/intent';
import { LIFECYCLE_STATES } from '../lifecycle/lifecycleState';
import { RISK_CATEGORIES } from '../categories/riskCategories';
import type { DeepReadonly } from '../text/deepReadonly';
import { MAX_TOOL_NAME_LENGTH } from '../tools/toolRequest';
import { keptGrantSchema } from '../grants/grant';
import { controlFilesSnapshotSchema } from './controlFilesSnapshot';
import { heldArgumentsProblem, MAX_HELD_CALLS } from './holdLimits';
import { MAX_SESSION_ID_LENGTH } from './governorOptions';

/** What a snapshot says it is, so another JSON file is not read as one. */
export const GOVERNOR_SNAPSHOT_FORMAT = 'intentgate.governor';

/** The snapshot layout; version 1 (one held call) is read as this one, any other is refused, never half read. */
export const GOVERNOR_SNAPSHOT_VERSION = 2;

/** The trace changes a governor keeps for `traceChanges`. */
export const MAX_TRACE_CHANGES_KEPT = 64;

const APPROVAL_ID = /^approval-(\d{1,15})$/;

// built on first use: a process that restores and persists no governor never builds it
function buildSnapshotShape() {
  const id = z.string().min(1).max(256);
  const category = z.enum(RISK_CATEGORIES);

  const heldCallSchema = z.strictObject({
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

  const heldChangeSchema = z.strictObject({ id, files: z.array(z.string().min(1).max(4096)).min(1).max(2) });

  const flowSourceSchema = z.strictObject({
    call: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    tool: z.string().min(1).max(MAX_TOOL_NAME_LENGTH),
    what: z.string().max(4096),
  });
  // absent in a snapshot taken before the flow rules: nothing read, no call counted
  const flowSchema = z.strictObject({
    /** how many calls the session decided: the next one is call `calls + 1` */
    calls: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    secret: flowSourceSchema.optional(),
    untrusted: flowSourceSchema.optional(),
  });

  const lifecycleSchema = z.strictObject({
    state: z.enum(LIFECYCLE_STATES),
    intents: intentListSchema,
    activeIntentId: id.optional(),
    orchestrationPresent: z.boolean(),
    destructiveRan: z.boolean(),
    destructiveSinceAdoption: z.boolean(),
    /** the held calls, oldest first */
    heldCalls: z.array(heldCallSchema).max(MAX_HELD_CALLS),
    heldChange: heldChangeSchema.optional(),
    flow: flowSchema.optional(),
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

  return z.strictObject({
    format: z.literal(GOVERNOR_SNAPSHOT_FORMAT),
    version: z.literal(GOVERNOR_SNAPSHOT_VERSION),
    sessionId: z.string().min(1).max(MAX_SESSION_ID_LENGTH),
    approvedCategories: z.array(category),
    /** the grants given in the session and not yet ended */
    grants: z.array(keptGrantSchema).max(256).optional(),
    /** how many grants were given: the next one is `grant-<n + 1>` */
    grantsTaken: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
    /** how many holds were taken: the next one is `approval-<n + 1>` */
    approvalsTaken: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    lifecycle: lifecycleSchema,
    controlFiles: controlFilesSnapshotSchema,
    traceChanges: z.array(traceChangeSchema).max(MAX_TRACE_CHANGES_KEPT),
    traceFile: traceFileSchema.optional(),
  });
}

type SnapshotShape = z.infer<ReturnType<typeof buildSnapshotShape>>;

/** Why an approval id is not one this governor gave out, if it is not. */
function approvalIdProblem(approvalId: string, approvalsTaken: number): string | undefined {
  const number = APPROVAL_ID.exec(approvalId)?.[1];
  return number === undefined || Number(number) > approvalsTaken || Number(number) === 0
    ? `'${approvalId}' is not an approval id this governor gave out (approval-1 to approval-${approvalsTaken})`
    : undefined;
}

/** The problems that make the parts of a snapshot disagree with each other. */
function consistencyIssues(snapshot: GovernorSnapshot): string[] {
  const issues: string[] = [];
  const { lifecycle, controlFiles } = snapshot;
  const { heldCalls, heldChange } = lifecycle;
  if (
    lifecycle.activeIntentId !== undefined &&
    !lifecycle.intents.some((intent) => intent.id === lifecycle.activeIntentId)
  ) {
    issues.push(`lifecycle.activeIntentId: '${lifecycle.activeIntentId}' is not one of the snapshot's intents`);
  }
  if (lifecycle.state === 'ACTION' && lifecycle.activeIntentId === undefined)
    issues.push('lifecycle.activeIntentId: ACTION always has an active intent');
  const ids = [...heldCalls.map((call) => call.id), ...(heldChange ? [heldChange.id] : [])];
  for (const [index, heldId] of ids.entries()) {
    const problem = approvalIdProblem(heldId, snapshot.approvalsTaken);
    if (problem)
      issues.push(`lifecycle.${index < heldCalls.length ? `heldCalls[${index}]` : 'heldChange'}.id: ${problem}`);
  }
  if (new Set(ids).size !== ids.length) issues.push('lifecycle.heldCalls: every hold has its own approval id');
  if (
    (heldChange === undefined) !== (controlFiles.held === undefined) ||
    (controlFiles.held && controlFiles.held.id !== heldChange?.id)
  ) {
    issues.push("controlFiles.held: a held control-file change must be the lifecycle's held one, with the same id");
  }
  for (const [index, call] of heldCalls.entries()) {
    const { details } = call;
    if (details && (!isHeldCallCode(details.decision.code) || details.decision.approval?.id !== call.id)) {
      issues.push(
        `lifecycle.heldCalls[${index}].details.decision: a held call's decision is its hold ('needs_approval' or a flow rule's) with the same approval id`,
      );
    }
    const argsProblem = details && heldArgumentsProblem(details.args);
    if (argsProblem !== undefined) issues.push(`lifecycle.heldCalls[${index}].details.args: ${argsProblem}`);
  }
  return issues;
}

const snapshotSchema = z.lazy(() =>
  buildSnapshotShape().superRefine((snapshot, ctx) => {
    for (const message of consistencyIssues(snapshot)) ctx.addIssue({ code: 'custom', message });
  }),
);

/**
 * One governor's state as plain JSON (`governor.persist()`): what `createGovernor({ restore })`
 * needs to go on deciding as the governor it was taken from would.
 */
export type GovernorSnapshot = DeepReadonly<SnapshotShape>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A version-1 snapshot (one `pending` hold, a call or a control-file change) in this version's layout; anything else as it is. */
function upgradedSnapshot(value: unknown): unknown {
  if (
    !isRecord(value) ||
    value.format !== GOVERNOR_SNAPSHOT_FORMAT ||
    value.version !== 1 ||
    !isRecord(value.lifecycle)
  )
    return value;
  const { pending, ...lifecycle } = value.lifecycle;
  const held = isRecord(pending) ? (({ kind, ...rest }) => ({ kind, rest }))(pending) : undefined;
  return {
    ...value,
    version: GOVERNOR_SNAPSHOT_VERSION,
    lifecycle: {
      ...lifecycle,
      heldCalls: held?.kind === 'call' ? [held.rest] : [],
      ...(held?.kind === 'controlFiles' && { heldChange: held.rest }),
    },
  };
}

/** Validates a snapshot (this version or version 1), reporting every issue at once; throws InvalidSnapshotError. */
export function parseGovernorSnapshot(value: unknown): GovernorSnapshot {
  const result = snapshotSchema.safeParse(upgradedSnapshot(value));
  if (!result.success) throw new InvalidSnapshotError(formatIssues(result.error));
  return result.data;
}

/** Checks a snapshot a governor is about to hand out, so it never persists one it could not restore. */
export function checkedSnapshot(snapshot: GovernorSnapshot): GovernorSnapshot {
  const issues = consistencyIssues(snapshot);
  if (issues.length > 0) throw new InvalidSnapshotError(issues);
  return snapshot;
}
