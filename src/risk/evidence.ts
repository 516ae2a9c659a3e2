// kept until src/flow/flowFacts.ts and src/governor/callDecider.ts move to the new import, src/categories/evidence.ts
export { categorization, NO_RISK, type Categorization, type Evidence } from '../categories/evidence';
