import type { RiskCategory } from '../risk/categories';

/** Who approved each category for the current session, as far as the host said. */
export interface SessionApprovers {
  /** Notes a session approval; an approval with no approver forgets the name a category had. */
  approve(sessionId: string, categories: readonly RiskCategory[], approver: string | undefined): void;
  /** The names that approved these categories in this session, joined with ', '; undefined when none is known. */
  approverOf(sessionId: string, categories: readonly RiskCategory[]): string | undefined;
}

/** Creates the record; it holds one session's names, and a new session starts it afresh. */
export function createSessionApprovers(): SessionApprovers {
  let session: string | undefined;
  // made on the first approval: most governors never have one, and an empty Map costs ~180 B each
  let byCategory: Map<RiskCategory, string> | undefined;
  return {
    approve(sessionId, categories, approver) {
      if (session !== sessionId || byCategory === undefined) byCategory = new Map();
      session = sessionId;
      for (const category of categories) {
        if (approver === undefined) byCategory.delete(category);
        else byCategory.set(category, approver);
      }
    },
    approverOf(sessionId, categories) {
      if (session !== sessionId || byCategory === undefined) return undefined;
      const names = byCategory;
      const found = [...new Set(categories.flatMap((category) => names.get(category) ?? []))];
      return found.length === 0 ? undefined : found.join(', ');
    },
  };
}
