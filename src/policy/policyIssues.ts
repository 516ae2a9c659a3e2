import { z } from 'zod';
import { formatIssues } from '../intents/intent';

type Issue = z.core.$ZodIssue;

// a branch refused the value's very shape: it was written for another branch
const refusesShape = (branch: readonly Issue[]): boolean =>
  branch.some((issue) => issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value'));

/**
 * The issues of a union's one branch whose shape the value has (a rule object rather than a
 * class name), with full paths; the union's own issue when no single branch fits.
 */
function unionIssues(issue: z.core.$ZodIssueInvalidUnion): Issue[] {
  const fitting = issue.errors.filter((branch) => !refusesShape(branch));
  const [branch] = fitting;
  if (fitting.length !== 1 || branch === undefined) return [issue];
  return branch.flatMap((inner) => expand({ ...inner, path: [...issue.path, ...inner.path] } as Issue));
}

/** An issue as a person reads it: one per unknown key, a union's fitting branch in place of the union. */
function expand(issue: Issue): Issue[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      code: 'custom',
      path: [...issue.path, key],
      message: 'unknown key; remove it or correct its spelling',
    }));
  }
  return issue.code === 'invalid_union' ? unionIssues(issue) : [issue];
}

/**
 * Formats schema issues as `path: message` lines, with each unknown key named in its own
 * path (`service.hots: unknown key`), so a typo points at itself rather than at its parent.
 */
export function formatPolicyIssues(error: z.ZodError): string[] {
  return formatIssues(new z.ZodError(error.issues.flatMap(expand)));
}
