import { sortCategories, type RiskCategory } from './riskCategories';

/** Why one category was raised: which argument, and which word, command or path part. */
export interface Evidence {
  readonly category: RiskCategory;
  /** the argument that carried it: 'command', 'path', 'url', 'op', 'cwd', ... */
  readonly argument: string;
  /** the word, command or path part that triggered it */
  readonly trigger: string;
  /** why, in a few words */
  readonly note: string;
  /** up to three detail values, aligned with the category's detail labels; '' when unknown */
  readonly details: readonly [string, string, string];
  /**
   * Raised because the analysis could not see the effect (code it cannot read, a command built
   * at run time, a possible write of a program it does not know): a guess that fails closed.
   * Where the command runs contained, the sandbox holds what such a guess stands for.
   */
  readonly unseen?: true;
}

/** The result of `categorize`: the categories in the seed's order, and the evidence for each. */
export interface Categorization {
  readonly categories: readonly RiskCategory[];
  readonly evidence: readonly Evidence[];
}

export const NO_RISK: Categorization = Object.freeze({ categories: Object.freeze([]), evidence: Object.freeze([]) });

/** Collects evidence and derives the category list from it. */
export function categorization(evidence: readonly Evidence[]): Categorization {
  if (evidence.length === 0) return NO_RISK;
  // one pass: each item frozen into the copy, and its category noted
  const items: Evidence[] = [];
  const raised: RiskCategory[] = [];
  for (const item of evidence) {
    items.push(Object.freeze(item));
    raised.push(item.category);
  }
  return Object.freeze({ categories: Object.freeze(sortCategories(raised)), evidence: Object.freeze(items) });
}
