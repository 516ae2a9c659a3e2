import { z } from 'zod';
import { scopeGlobSchema } from './scopeGlobSchema';
import { approvalSchema } from '../grants/grant';

const MAX_ID_LENGTH = 256;

export const intentSchema = z.object({
  id: z.string().trim().min(1, 'an intent id must not be empty').max(MAX_ID_LENGTH),
  name: z.string().optional(),
  status: z.string().optional(),
  owned_scope: z.array(scopeGlobSchema),
  constraints: z.array(z.string()).optional(),
  acceptance_criteria: z.array(z.string()).optional(),
  /** approvals the person who writes the intent gives its plan: live only while it is the active intent */
  approvals: z.array(approvalSchema).max(64).optional(),
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
  return error.issues
    .flatMap((issue) => explainedIssues(issue))
    .map((issue) => {
      const path = issue.path.reduce<string>(
        (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
        prefix,
      );
      return `${path || '(root)'}: ${issue.message}`;
    });
}

type ExplainedIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * A union's "Invalid input" says nothing of what is wrong. The branch that got furthest into
 * the value (an issue deepest below it), or else the one branch that took the value's type, is
 * what the writer meant, so its own issues are reported in the union's place, with full paths.
 */
function explainedIssues(issue: z.core.$ZodIssue): ExplainedIssue[] {
  // a union with a message of its own already says what it expects
  if (issue.code !== 'invalid_union' || issue.errors.length === 0 || issue.message !== 'Invalid input') return [issue];
  const depth = (branch: readonly z.core.$ZodIssue[]): number =>
    Math.max(0, ...branch.map((inner) => inner.path.length));
  const deepest = Math.max(...issue.errors.map(depth));
  const candidates =
    deepest > 0
      ? issue.errors.filter((branch) => depth(branch) === deepest)
      : issue.errors.filter((branch) => branch.length > 0 && !branch.every((inner) => inner.code === 'invalid_type'));
  const [branch] = candidates;
  if (candidates.length !== 1 || branch === undefined) return [issue];
  return branch
    .flatMap((inner) => explainedIssues(inner))
    .map((inner) => ({ path: [...issue.path, ...inner.path], message: inner.message }));
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
        ...(intent.approvals && {
          approvals: Object.freeze(
            intent.approvals.map((approval) => Object.freeze({ ...approval })),
          ) as Intent['approvals'],
        }),
      }),
    ),
  );
}
