import { z } from 'zod';

/** The service's options of its shell analysis pool, shared by `createGovernanceServer` and the policy's `service` section. */
export const analysisPoolFields = {
  analysisWorkers: z
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe('worker threads that analyse shell commands off the event loop; default min(2, cores - 1), at least 1'),
  analysisBudgetMs: z
    .number()
    .int()
    .min(1)
    .max(10 * 60 * 1000)
    .optional()
    .describe(
      "a command's analysis running longer is stopped and its call refused (`analysis_over_budget`); default 2000",
    ),
  analysisQueue: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe('analyses waiting for a worker; one more is refused at once (`analysis_unavailable`); default 64'),
};
