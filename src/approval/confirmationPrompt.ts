import { CATEGORY_TEXTS, sortCategories, type Locale, type RiskCategory } from '../risk/categories';
import type { Categorization, Evidence } from '../risk/evidence';
import { describeAction, describeChange, PROMPT_WORDS } from './promptWords';

/** The four answers of seed 002 E's buttons. */
export const CONFIRMATION_ACTIONS = ['continue', 'cancel', 'details', 'edit'] as const;

export type ConfirmationAction = (typeof CONFIRMATION_ACTIONS)[number];

/** One category's risk and its at most three details, filled from the call (Show details). */
export interface CategoryDetails {
  readonly category: RiskCategory;
  readonly risk: string;
  readonly details: readonly { readonly label: string; readonly value: string }[];
}

/** Seed 002 E's five-part confirmation prompt, as data. */
export interface ConfirmationPrompt {
  readonly locale: Locale;
  /** 1) what I want to do, one line */
  readonly action: string;
  /** 2) why, one line */
  readonly why: string;
  /** 3) the risk in plain words, one line */
  readonly risk: string;
  /** 4) what will change, at most three points */
  readonly changes: readonly string[];
  /** 5) the buttons: Continue / Cancel / Show details / Edit */
  readonly actions: readonly { readonly id: ConfirmationAction; readonly label: string }[];
  /** the categories awaiting approval */
  readonly categories: readonly RiskCategory[];
  /** what Show details reveals */
  readonly details: readonly CategoryDetails[];
}

export interface PromptInput {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly risk: Categorization;
  /** the categories the human is asked about; default every category of the call */
  readonly categories?: readonly RiskCategory[];
  /** the active intent, the usual answer to "why" */
  readonly intent?: { readonly id: string; readonly name?: string | undefined };
  readonly locale?: Locale;
}

const oneLine = (text: string, max = 160): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function categoryDetails(category: RiskCategory, evidence: readonly Evidence[], locale: Locale): CategoryDetails {
  const text = CATEGORY_TEXTS[locale][category];
  const first = evidence.find((item) => item.category === category);
  const details = text.details
    .map((label, index) => ({ label, value: oneLine(first?.details[index] ?? '', 120) }))
    .filter((detail) => detail.value !== '');
  return { category, risk: text.risk, details };
}

function why(input: PromptInput, locale: Locale): string {
  const stated = ['description', 'reason', 'explanation'].map((key) => input.args[key]).find((value) => typeof value === 'string' && value.trim() !== '');
  if (typeof stated === 'string') return oneLine(stated);
  if (input.intent) return oneLine(PROMPT_WORDS[locale].forIntent(input.intent.id, input.intent.name));
  return PROMPT_WORDS[locale].noReason;
}

/** Builds the confirmation prompt for a call that safe mode holds (seed 002 E). */
export function confirmationPrompt(input: PromptInput): ConfirmationPrompt {
  const locale = input.locale ?? 'en';
  const categories = sortCategories(input.categories ?? input.risk.categories);
  const details = categories.map((category) => categoryDetails(category, input.risk.evidence, locale));
  const changes = input.risk.evidence
    .filter((item) => categories.includes(item.category))
    .map((item) => oneLine(describeChange(item, locale)))
    .filter((line, index, all) => line !== '' && all.indexOf(line) === index)
    .slice(0, 3);
  return Object.freeze({
    locale,
    action: oneLine(describeAction(input.tool, input.args, locale)),
    why: why(input, locale),
    risk: oneLine(categories.map((category) => CATEGORY_TEXTS[locale][category].risk).join(' '), 400),
    changes,
    actions: CONFIRMATION_ACTIONS.map((id) => ({ id, label: PROMPT_WORDS[locale].buttons[id] })),
    categories,
    details,
  });
}

/** The prompt as plain text, for terminals and logs. `withDetails` adds what Show details reveals. */
export function renderConfirmationPrompt(prompt: ConfirmationPrompt, withDetails = false): string {
  const words = PROMPT_WORDS[prompt.locale];
  const lines = [
    `1) ${words.headings.action}: ${prompt.action}`,
    `2) ${words.headings.why}: ${prompt.why}`,
    `3) ${words.headings.risk}: ${prompt.risk}`,
    `4) ${words.headings.changes}:`,
    ...(prompt.changes.length > 0 ? prompt.changes : [words.nothingListed]).map((change) => `   - ${change}`),
    `5) ${prompt.actions.map((action) => `[${action.label}]`).join(' ')}`,
  ];
  if (withDetails) {
    for (const detail of prompt.details) {
      lines.push(`${detail.category}: ${detail.risk}`);
      for (const { label, value } of detail.details) lines.push(`   ${label}: ${value}`);
    }
  }
  return lines.join('\n');
}
