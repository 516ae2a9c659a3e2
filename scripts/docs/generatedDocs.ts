import { lifecycleDoc } from './lifecycleDoc';
import { riskCategoriesDoc } from './riskCategoriesDoc';

/** One generated doc: where it is committed, relative to the repository root, and its text now. */
export interface GeneratedDoc {
  readonly path: string;
  readonly render: () => string;
}

/** Every doc `npm run docs` writes; the tests compare each committed file with its render. */
export const GENERATED_DOCS: readonly GeneratedDoc[] = [
  { path: 'docs/lifecycle.md', render: lifecycleDoc },
  { path: 'docs/risk-categories.md', render: riskCategoriesDoc },
];
