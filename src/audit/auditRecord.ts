import { existsSync } from 'node:fs';
import { z } from 'zod';
import { VERDICTS } from '../decision/reasons';
import { LIFECYCLE_STATES } from '../lifecycle/lifecycleState';
import { RISK_CATEGORIES } from '../categories/riskCategories';
import { TraceUnreadableError } from '../errors/TraceUnreadableError';
import { readTrace, type TraceContents } from '../trace/readTrace';
import { FLOW_KINDS } from '../flow/flowMarks';
import { TRACE_ANSWERS, type TraceNotice } from '../trace/traceRecord';
import { rotatedTraceFiles } from '../trace/traceRotation';

const text = z.string().max(64 * 1024);

const reasonSchema = z.object({
  code: text,
  message: z.string(),
  category: z.enum(RISK_CATEGORIES).optional(),
  grant: text.optional(),
});

/**
 * A trace record as the audit and the replay read it: checked, since anything that can write
 * the file could have written it. Lines written before a field existed lack it; unknown fields are dropped.
 */
const flowSourceSchema = z.object({ call: z.number().int().positive(), tool: text, what: z.string().max(4096) });

export const auditRecordSchema = z.object({
  time: text,
  session_id: text,
  intent_id: text.nullable(),
  tool: text,
  categories: z.array(z.enum(RISK_CATEGORIES)),
  verdict: z.enum(VERDICTS),
  reasons: z.array(reasonSchema).min(1),
  state: z.enum(LIFECYCLE_STATES).optional(),
  safe_mode: z.boolean().optional(),
  approved_categories: z.array(z.enum(RISK_CATEGORIES)).optional(),
  args: z.unknown().optional(),
  redacted: z.array(text).optional(),
  redaction_changes_decision: z.literal(true).optional(),
  approval_id: text.optional(),
  answer: z.enum(TRACE_ANSWERS).optional(),
  approver: text.optional(),
  flow: z
    .object({
      secret: flowSourceSchema.optional(),
      untrusted: flowSourceSchema.optional(),
    })
    .optional(),
});

const clearingSchema = z.object({
  time: text,
  session_id: text,
  flow_cleared: z.enum(FLOW_KINDS),
  set_by: flowSourceSchema,
  approver: text.optional(),
});

/** A checked line saying a person cleared a flow mark. */
export type AuditFlowClearing = z.infer<typeof clearingSchema>;

const noticeSchema = z.object({
  time: text,
  session_id: text,
  notice: z.literal('trace_changed'),
  change: z.object({
    kind: z.enum(['truncated', 'rewritten', 'replaced']),
    vouchedBytes: z.number(),
    foundBytes: z.number(),
    message: text,
  }),
}) satisfies z.ZodType<TraceNotice>;

/** A checked trace record. */
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** A trace as the audit reads it: its checked records, in order, and what it could not use. */
export interface AuditTrace {
  /** the trace file and its rotated files that exist, oldest first */
  readonly files: readonly string[];
  readonly records: readonly AuditRecord[];
  readonly notices: readonly TraceNotice[];
  /** the flow marks people cleared, in order */
  readonly clearings: readonly AuditFlowClearing[];
  /** lines that are not whole JSON (a torn line) or not a record or notice */
  readonly skipped: number;
  /** JSON lines shaped like a record or a notice that fail its checks */
  readonly invalid: number;
}

/**
 * Reads a trace and its rotated files, oldest first, and checks each record. Throws
 * TraceUnreadableError when there is no such trace (neither the file nor a rotated one) or it cannot be read.
 */
export function readAuditTrace(file: string): AuditTrace {
  let files: string[];
  let contents: TraceContents;
  try {
    files = [...rotatedTraceFiles(file), ...(existsSync(file) ? [file] : [])];
    contents = readTrace(file, { rotated: true });
  } catch (error) {
    throw new TraceUnreadableError(file, error instanceof Error ? error.message : String(error), error);
  }
  if (files.length === 0)
    throw new TraceUnreadableError(file, `neither the file nor rotated files (${file}.1, ...) exist; check the path`);
  const records = contents.records.flatMap((record) => auditRecordSchema.safeParse(record).data ?? []);
  const notices = contents.notices.flatMap((notice) => noticeSchema.safeParse(notice).data ?? []);
  const written = contents.clearings ?? [];
  const clearings = written.flatMap((clearing) => clearingSchema.safeParse(clearing).data ?? []);
  const invalid =
    contents.records.length -
    records.length +
    contents.notices.length -
    notices.length +
    written.length -
    clearings.length;
  return { files, records, notices, clearings, skipped: contents.skipped, invalid };
}
