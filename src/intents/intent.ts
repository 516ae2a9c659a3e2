import { z } from 'zod';

const MAX_ID_LENGTH = 256;

/** A scope glob: workspace-relative, no '..' segments, no absolute or drive-letter paths. */
const scopeGlobSchema = z
  .string()
  .min(1, 'a scope glob must not be empty')
  .max(4096)
  .refine((glob) => !/^[\\/~]/.test(glob) && !/^[A-Za-z]:/.test(glob), {
    message: 'a scope glob must be relative to the workspace root',
  })
  .refine((glob) => !glob.split(/[\\/]/).includes('..'), {
    message: "a scope glob must not contain '..' segments",
  });

export const intentSchema = z.object({
  id: z.string().trim().min(1, 'an intent id must not be empty').max(MAX_ID_LENGTH),
  name: z.string().optional(),
  status: z.string().optional(),
  owned_scope: z.array(scopeGlobSchema),
  constraints: z.array(z.string()).optional(),
  acceptance_criteria: z.array(z.string()).optional(),
});

/** An intent authorizes DESTRUCTIVE tools on the paths its `owned_scope` globs cover. */
export type Intent = z.infer<typeof intentSchema>;

/** A list of intents whose ids are unique. */
export const intentListSchema = z.array(intentSchema).superRefine((intents, ctx) => {
  const seen = new Set<string>();
  intents.forEach((intent, index) => {
    if (seen.has(intent.id)) {
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate intent id '${intent.id}'` });
    }
    seen.add(intent.id);
  });
});

/** The shape of `active_intents.yaml`. */
export const intentsFileSchema = z.object({ active_intents: intentListSchema });

/** Formats zod issues as `path: message` lines, the form every intentgate config error uses. */
export function formatIssues(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.reduce<string>(
      (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
      prefix,
    );
    return `${path || '(root)'}: ${issue.message}`;
  });
}

/** Deep-freezes validated intents so a decision can never be changed through them. */
export function freezeIntents(intents: readonly Intent[]): readonly Intent[] {
  return Object.freeze(
    intents.map((intent) =>
      Object.freeze({
        ...intent,
        owned_scope: Object.freeze([...intent.owned_scope]) as string[],
        ...(intent.constraints && { constraints: Object.freeze([...intent.constraints]) as string[] }),
        ...(intent.acceptance_criteria && {
          acceptance_criteria: Object.freeze([...intent.acceptance_criteria]) as string[],
        }),
      }),
    ),
  );
}
