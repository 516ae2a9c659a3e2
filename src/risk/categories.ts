// kept until src/flow/flowFacts.ts, src/governor/callDecider.ts, src/governor/governorOptions.ts and
// src/governor/liveGovernor.ts move to the new import, src/categories/riskCategories.ts
export {
  CATEGORY_TEXTS,
  isRiskCategory,
  LOCALES,
  RISK_CATEGORIES,
  sortCategories,
  type CategoryText,
  type Locale,
  type RiskCategory,
} from '../categories/riskCategories';
