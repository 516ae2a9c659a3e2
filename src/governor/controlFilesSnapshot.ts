import { z } from 'zod';
import { decisionSchema } from '../decision/decisionSchema';
import type { ControlFileChange, ControlFileChangePoint } from '../intents/controlFileChanges';
import { MAX_INTENT_IGNORE_BYTES } from '../intents/intentIgnore';
import { MAX_INTENTS_FILE_BYTES } from '../intents/intentsFile';
import type { DeepReadonly } from '../text/deepReadonly';
import { MAX_TOOL_NAME_LENGTH } from '../tools/toolRequest';
import { MAX_REJECTED_DIGESTS } from './controlFileWatch';

/** The DESTRUCTIVE calls a control-file prompt names: the last few since the last adoption. */
export const MAX_SUSPECTS = 3;

/** A suspect call's string arguments are kept up to this length: its prompt shows one line of them. */
export const MAX_SUSPECT_ARGUMENT_LENGTH = 4096;

// built on first use: a process that restores and persists no governor never builds it
function buildControlFilesSnapshotSchema() {
  const label = z.string().min(1).max(4096);
  // `missing`, `file:<sha256>`, `link:<target>:<sha256>`, or `unusable:<why>`
  const digest = z.string().min(1).max(8192);
  const short = z.string().max(4096);

  const keptFileSchema = z.strictObject({
    label,
    digest,
    /** the adopted text; absent when the file was missing */
    text: z.string().max(Math.max(MAX_INTENTS_FILE_BYTES, MAX_INTENT_IGNORE_BYTES)).optional(),
    link: short.optional(),
  });

  const markSchema = z.strictObject({ label, digest });

  const changePointSchema = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('intent_added'), id: short, scope: z.array(short) }),
    z.strictObject({ kind: z.literal('intent_removed'), id: short }),
    z.strictObject({ kind: z.literal('scope_changed'), id: short, before: z.array(short), after: z.array(short) }),
    z.strictObject({ kind: z.literal('intent_edited'), id: short, fields: z.array(short) }),
    z.strictObject({ kind: z.literal('rule_added'), rule: short }),
    z.strictObject({ kind: z.literal('rule_removed'), rule: short }),
    z.strictObject({ kind: z.literal('file_removed') }),
    z.strictObject({ kind: z.literal('file_created') }),
    z.strictObject({ kind: z.literal('now_a_link'), target: short }),
    z.strictObject({ kind: z.literal('unusable'), problem: z.string().max(64 * 1024) }),
    z.strictObject({ kind: z.literal('text_only') }),
  ]) satisfies z.ZodType<ControlFileChangePoint>;

  const changeSchema = z.strictObject({
    label,
    points: z.array(changePointSchema).max(100_000),
  }) satisfies z.ZodType<ControlFileChange>;

  return z.strictObject({
    /** the adopted content, which the governor enforces; its digests are checked against the texts on restore */
    adopted: z.strictObject({ intents: keptFileSchema.optional(), ignore: keptFileSchema }),
    /** per file, the digests a human rejected since the last adoption */
    rejected: z.array(z.strictObject({ label, digests: z.array(digest).max(MAX_REJECTED_DIGESTS) })).max(2),
    /** the DESTRUCTIVE calls since the last adoption, oldest first, with only their string arguments */
    suspects: z
      .array(
        z.strictObject({
          tool: z.string().min(1).max(MAX_TOOL_NAME_LENGTH),
          args: z.record(z.string(), z.string().max(MAX_SUSPECT_ARGUMENT_LENGTH)),
        }),
      )
      .max(MAX_SUSPECTS),
    /** the change a human is asked about: what they were shown, and its decision */
    held: z
      .strictObject({
        id: short,
        proposal: z.strictObject({ intents: markSchema.optional(), ignore: markSchema }),
        changes: z.array(changeSchema).max(2),
        decision: decisionSchema,
      })
      .optional(),
  });
}

/** What a governor keeps of its control files between processes: adopted texts, rejections, suspects, a held change. */
export const controlFilesSnapshotSchema = z.lazy(buildControlFilesSnapshotSchema);

export type ControlFilesSnapshot = DeepReadonly<z.infer<typeof controlFilesSnapshotSchema>>;

/** A suspect call's arguments as a snapshot keeps them: the strings, each cut to a length a prompt line never reaches. */
export function suspectArguments(args: Readonly<Record<string, unknown>>): Record<string, string> {
  // fromEntries defines own properties, so a '__proto__' argument stays an argument
  return Object.fromEntries(
    Object.entries(args).flatMap(([key, value]) =>
      typeof value === 'string' ? [[key, value.slice(0, MAX_SUSPECT_ARGUMENT_LENGTH)]] : [],
    ),
  );
}
