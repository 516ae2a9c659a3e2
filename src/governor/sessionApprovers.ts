import type { RiskCategory } from '../categories/riskCategories';

/** Who approved each category for the current session, as far as the host said. */
export interface SessionApprovers {
  /** Notes a session approval; an approval with no approver forgets the name a category had. */
  approve(sessionId: string, categories: readonly RiskCategory[], approver: string | undefined): void;
  /** The names that approved these categories in this session, joined with ', '; undefined when none is known. */
  approverOf(sessionId: string, categories: readonly RiskCategory[]): string | undefined;
}

/** A class, so a governor's record holds two fields and no closures. */
class ApproversOfSession implements SessionApprovers {
  #session: string | undefined;
  // made on the first approval: most governors never have one, and an empty Map costs ~180 B each
  #byCategory: Map<RiskCategory, string> | undefined;

  approve(sessionId: string, categories: readonly RiskCategory[], approver: string | undefined): void {
    if (this.#session !== sessionId || this.#byCategory === undefined) this.#byCategory = new Map();
    this.#session = sessionId;
    for (const category of categories) {
      if (approver === undefined) this.#byCategory.delete(category);
      else this.#byCategory.set(category, approver);
    }
  }

  approverOf(sessionId: string, categories: readonly RiskCategory[]): string | undefined {
    const names = this.#byCategory;
    if (this.#session !== sessionId || names === undefined) return undefined;
    const found = [...new Set(categories.flatMap((category) => names.get(category) ?? []))];
    return found.length === 0 ? undefined : found.join(', ');
  }
}

/** Creates the record; it holds one session's names, and a new session starts it afresh. */
export function createSessionApprovers(): SessionApprovers {
  return new ApproversOfSession();
}
