import { z } from 'zod';
import { formatIssues } from '../intent';

/**
 * Formats schema issues as `path: message` lines, with each unknown key named in its own
 * path (`service.hots: unknown key`), so a typo points at itself rather than at its parent.
 */
export function formatPolicyIssues(error: z.ZodError): string[] {
  const issues = error.issues.flatMap((issue): z.core.$ZodIssue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ code: 'custom', path: [...issue.path, key], message: 'unknown key; remove it or correct its spelling' }))
      : [issue],
  );
  return formatIssues(new z.ZodError(issues));
}
