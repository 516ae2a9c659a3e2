import { z } from 'zod';

const argumentName = z.string().min(1).max(256);
const argumentNames = z.union([argumentName, z.array(argumentName).min(1)]);

/**
 * How a tool acts, and which of its arguments carry the command, path or URL. Hosts map
 * their own tool names to these kinds; seed 002's and seed 000's tools are built in.
 */
export const toolKindSpecSchema = z.discriminatedUnion('kind', [
  /** runs a shell command: the command text is parsed and analysed */
  z.strictObject({ kind: z.literal('shell'), command: argumentName, cwd: argumentName.optional() }),
  /** writes (or deletes) the files its path arguments name; `patch` names an apply_patch body */
  z.strictObject({
    kind: z.literal('file_write'),
    path: argumentNames.optional(),
    patch: argumentName.optional(),
    operation: z.enum(['write', 'delete']).optional(),
  }),
  /** like file_write, but a real boolean `true` in the dry-run argument makes it change nothing */
  z.strictObject({ kind: z.literal('file_patch'), path: argumentName, dryRun: argumentName.optional() }),
  /** seed 002's `fs`: an operation on a path relative to the sandbox root */
  z.strictObject({ kind: z.literal('fs'), op: argumentName, path: argumentName }),
  /** fetches a URL */
  z.strictObject({ kind: z.literal('web'), url: argumentName }),
  /** runs a script file of the workspace */
  z.strictObject({ kind: z.literal('run'), path: argumentName }),
  /** reads the files or folders its path arguments name; a `file:` URI in `uri` (an MCP resource) is a read of its path */
  z.strictObject({ kind: z.literal('read'), path: argumentNames, uri: argumentName.optional() }),
  /** has no effect outside the conversation */
  z.strictObject({ kind: z.literal('none') }),
]);

export type ToolKindSpec = z.infer<typeof toolKindSpecSchema>;

export type ToolKind = ToolKindSpec['kind'];

export const toolKindsSchema = z.record(z.string().min(1).max(256), toolKindSpecSchema);
