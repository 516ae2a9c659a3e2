import { z } from 'zod';
import { InvalidOptionsError } from '../../errors/InvalidOptionsError';
import { formatIssues } from '../../intents/intent';

const governOptionsSchema = z.strictObject({
  /** a mode from the governor's `modes`: the model sees only the tools it permits */
  mode: z.string().min(1).optional(),
  /** add a `select_active_intent` tool when the host has none; default true */
  selectActiveIntent: z.boolean().optional(),
});

/** Options of `governAgentTools`; every field is optional. */
export type GovernAgentToolsOptions = z.input<typeof governOptionsSchema>;

/** Validates `governAgentTools` options, reporting every issue at once. */
export function parseGovernOptions(options: unknown): z.output<typeof governOptionsSchema> {
  const result = governOptionsSchema.safeParse(options ?? {});
  if (!result.success) throw new InvalidOptionsError(formatIssues(result.error, 'governAgentTools options'));
  return result.data;
}
