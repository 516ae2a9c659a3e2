import { CATEGORY_TEXTS, type Locale, type RiskCategory } from '../categories/riskCategories';
import type { Evidence } from '../categories/evidence';
import { localDetails } from './evidenceWords';
import { oneLine } from './oneLine';
import { PROMPT_WORDS } from './promptWords';

/** One category's risk and its at most three details, filled from the call (Show details). */
export interface CategoryDetails {
  readonly category: RiskCategory;
  readonly risk: string;
  readonly details: readonly { readonly label: string; readonly value: string }[];
}

const MAX_VALUE = 120;

/**
 * Seed 002 C's risk text and details of one category. Each detail lists the distinct values of
 * every piece of evidence of the category, so a second URL or path is not hidden behind the first.
 */
export function categoryDetails(
  category: RiskCategory,
  evidence: readonly Evidence[],
  locale: Locale,
): CategoryDetails {
  const text = CATEGORY_TEXTS[locale][category];
  const values = evidence.filter((item) => item.category === category).map((item) => localDetails(item, locale));
  const labels = PROMPT_WORDS[locale].labels;
  const details = text.details
    .map((label, index) => {
      const distinct = [...new Set(values.map((detail) => detail[index]).filter((value) => value !== ''))];
      return { label: labels[label] ?? label, value: oneLine(distinct.join('; '), MAX_VALUE) };
    })
    .filter((detail) => detail.value !== '');
  return { category, risk: text.risk, details };
}
