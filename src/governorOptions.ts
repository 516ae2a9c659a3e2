import path from 'node:path';
import { z } from 'zod';
import { TOOL_CLASSES, type ToolClass } from './classification';
import { InvalidOptionsError } from './errors/InvalidOptionsError';
import { HANDSHAKE_TOOLS } from './handshakeTools';
import { formatIssues, freezeIntents, intentListSchema, type Intent } from './intent';
import { MAX_TOOL_NAME_LENGTH } from './toolRequest';

/** The orchestration directory's default name under the workspace root. */
export const DEFAULT_ORCHESTRATION_DIR = '.orchestration';

const toolNameSchema = z
  .string()
  .min(1, 'a tool name must not be empty')
  .max(MAX_TOOL_NAME_LENGTH)
  .refine((name) => name.trim() === name, { message: 'a tool name must not start or end with whitespace' });

const classificationSchema = z.record(toolNameSchema, z.enum(TOOL_CLASSES)).superRefine((table, ctx) => {
  for (const name of HANDSHAKE_TOOLS) {
    if (Object.hasOwn(table, name) && table[name] !== 'SAFE') {
      ctx.addIssue({ code: 'custom', path: [name], message: `'${name}' drives the lifecycle and stays SAFE` });
    }
  }
});

const modeSchema = z.strictObject({
  /** tool names or globs (picomatch) the mode permits */
  tools: z.array(z.string().min(1)),
});

export const governorOptionsSchema = z.strictObject({
  workspaceRoot: z.string().min(1).optional(),
  orchestrationDir: z.string().min(1).optional(),
  intents: intentListSchema.optional(),
  classification: classificationSchema.optional(),
  modes: z.record(z.string().min(1), modeSchema).optional(),
  safeMode: z.boolean().optional(),
});

/** Options of `createGovernor`; every field is optional. */
export type GovernorOptions = z.input<typeof governorOptionsSchema>;

/** A mode: the tools (names or globs) it lets the model see. */
export type ModeDefinition = z.infer<typeof modeSchema>;

/** Options after validation, with defaults applied and paths made absolute. */
export interface GovernorConfig {
  readonly workspaceRoot: string;
  /** absolute path of the orchestration directory */
  readonly orchestrationDir: string;
  /** the directory as the user named it, for messages */
  readonly orchestrationDirLabel: string;
  /** intents given in options; undefined means they are read from the intents file */
  readonly intents: readonly Intent[] | undefined;
  readonly classification: Readonly<Record<string, ToolClass>>;
  readonly modes: Readonly<Record<string, ModeDefinition>>;
  readonly safeMode: boolean;
}

/** Validates `createGovernor` options, reporting every issue at once. */
export function parseGovernorOptions(options: unknown, cwd: string): GovernorConfig {
  const result = governorOptionsSchema.safeParse(options ?? {});
  if (!result.success) throw new InvalidOptionsError(formatIssues(result.error));
  const parsed = result.data;
  const workspaceRoot = path.resolve(cwd, parsed.workspaceRoot ?? '.');
  const orchestrationDirLabel = parsed.orchestrationDir ?? DEFAULT_ORCHESTRATION_DIR;
  return {
    workspaceRoot,
    orchestrationDir: path.resolve(workspaceRoot, orchestrationDirLabel),
    orchestrationDirLabel,
    intents: parsed.intents && freezeIntents(parsed.intents),
    classification: Object.freeze({ ...parsed.classification }),
    modes: Object.freeze({ ...parsed.modes }),
    safeMode: parsed.safeMode ?? true,
  };
}
