import { z } from 'zod';
import { HttpError } from './httpError';
import { sessionIdSchema } from './ids';

// tool arguments are a JSON object; arrays, null and scalars are refused here, not guessed at
const argsSchema = z.record(z.string(), z.unknown());

/** `POST /sessions/:id/prompt`: the user's text, optional. */
export const promptBodySchema = z.strictObject({ text: z.string().optional() });

/** `POST /sessions/:id/tool-calls` and `/decide`: the tool and its arguments. */
export const toolCallBodySchema = z.strictObject({ tool: z.string(), args: argsSchema.optional() });

/** `POST /approve-session` (seed 002 F): categories stay loose here so their own errors can name the valid ones. */
export const approveSessionBodySchema = z.strictObject({
  session_id: sessionIdSchema,
  categories: z.array(z.string()).optional(),
  // a grant's narrowing and lifetime; any of them makes the approval a grant (governor.grant checks each)
  commands: z.array(z.string()).optional(),
  paths: z.array(z.string()).optional(),
  hosts: z.array(z.string()).optional(),
  tools: z.array(z.string()).optional(),
  until: z.enum(['session', 'intent']).optional(),
  ttl_s: z.number().positive().optional(),
  // a person clears flow marks for the session instead of approving categories (docs/safe-mode.md#flow-rules)
  clear_flow: z
    .array(z.enum(['secret', 'untrusted']))
    .min(1)
    .optional(),
});

/** `POST /sessions/:id/approvals/:approvalId`: seed 002 E's buttons, Edit carrying new arguments. */
export const approvalAnswerBodySchema = z.strictObject({
  answer: z.union([z.enum(['continue', 'cancel', 'details']), z.strictObject({ edit: argsSchema })]),
});

/** An issue of a refused body: where (JSON path) and what. */
export interface BodyIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly code: string;
}

function issuePath(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>(
      (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
      '',
    ) || '(body)'
  );
}

/** Validates a body (absent counts as `{}`); 400 `invalid_body` listing every issue with its path. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body === undefined ? {} : body);
  if (result.success) return result.data;
  const issues: BodyIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
    message: issue.message,
    code: issue.code,
  }));
  throw new HttpError({
    status: 400,
    code: 'invalid_body',
    message: `invalid request body: ${issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`).join('; ')}`,
    details: { issues },
  });
}
