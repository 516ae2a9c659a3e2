import { z } from 'zod';
import { MAX_SCOPE_GLOB_SIZE, scopeGlobProblem } from './scopeGlob';

/** A scope glob: workspace-relative, no '..' segments, no absolute or drive-letter paths, in the language scopeGlob.ts reads. */
export const scopeGlobSchema = z
  .string()
  .min(1, 'a scope glob must not be empty')
  .max(MAX_SCOPE_GLOB_SIZE, `a scope glob is limited to ${MAX_SCOPE_GLOB_SIZE} characters`)
  .refine((glob) => !/^[\\/~]/.test(glob) && !/^[A-Za-z]:/.test(glob), {
    message: 'a scope glob must be relative to the workspace root',
  })
  .refine((glob) => !glob.split(/[\\/]/).includes('..'), {
    message: "a scope glob must not contain '..' segments",
  })
  // the glob language and its size limits, which keep every match fast (scopeGlob.ts)
  .superRefine((glob, ctx) => {
    const problem = glob.length > MAX_SCOPE_GLOB_SIZE ? undefined : scopeGlobProblem(glob);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  });
