import { CATEGORY_TEXTS, sortCategories, type Locale, type RiskCategory } from '../categories/riskCategories';
import type { Categorization } from '../categories/evidence';
import { categoryDetails, type CategoryDetails } from './categoryDetails';
import { changePoints } from './changePoints';
import { oneLine } from './oneLine';
import { describeAction, fill, PROMPT_WORDS } from './promptWords';
import { describeSuggestion, type GrantSuggestion } from '../grants/grantSuggestion';

export type { CategoryDetails } from './categoryDetails';

/** The four answers of seed 002 E's buttons. */
export const CONFIRMATION_ACTIONS = ['continue', 'cancel', 'details', 'edit'] as const;

export type ConfirmationAction = (typeof CONFIRMATION_ACTIONS)[number];

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
  /** a grant that would cover this call and calls like it, in words, when one could */
  readonly grant?: string;
}

export interface PromptInput {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly risk: Categorization;
  /** the categories the human is asked about; default every category of the call */
  readonly categories?: readonly RiskCategory[];
  /** the policy's command rule that asks a human, when one holds the call */
  readonly askedBy?: string;
  /** the paths outside the active intent's scope the call would change, when that holds it */
  readonly outsideScope?: readonly string[];
  /** the narrowest grant that would cover the call, to name under the buttons */
  readonly grant?: GrantSuggestion;
  /** the active intent, the usual answer to "why" */
  readonly intent?: { readonly id: string; readonly name?: string | undefined };
  readonly locale?: Locale;
}

function why(input: PromptInput, locale: Locale): string {
  const stated = ['description', 'reason', 'explanation']
    .map((key) => input.args[key])
    .find((value) => typeof value === 'string' && value.trim() !== '');
  if (typeof stated === 'string') return oneLine(stated);
  if (input.intent)
    return oneLine(
      fill(PROMPT_WORDS[locale].forIntent, {
        id: input.intent.id,
        name: input.intent.name ? ` (${input.intent.name})` : '',
      }),
    );
  return PROMPT_WORDS[locale].noReason;
}

/** Builds the confirmation prompt for a call that safe mode holds (seed 002 E). */
export function confirmationPrompt(input: PromptInput): ConfirmationPrompt {
  const locale = input.locale ?? 'en';
  const categories = sortCategories(input.categories ?? input.risk.categories);
  const details = categories.map((category) => categoryDetails(category, input.risk.evidence, locale));
  return Object.freeze({
    locale,
    action: oneLine(describeAction(input.tool, input.args, locale)),
    why: why(input, locale),
    risk: oneLine(
      [
        ...(input.outsideScope === undefined
          ? []
          : [fill(PROMPT_WORDS[locale].outsideScope, { paths: input.outsideScope.join(', ') })]),
        ...(input.askedBy === undefined ? [] : [fill(PROMPT_WORDS[locale].policyAsks, { rule: input.askedBy })]),
        ...categories.map((category) => CATEGORY_TEXTS[locale][category].risk),
      ].join(' '),
      400,
    ),
    changes: changePoints(input.risk.evidence, categories, locale),
    actions: CONFIRMATION_ACTIONS.map((id) => ({ id, label: PROMPT_WORDS[locale].buttons[id] })),
    categories,
    details,
    ...(input.grant && {
      grant: oneLine(
        fill(PROMPT_WORDS[locale].grantLine, {
          grant: describeSuggestion(input.grant, {
            forIntent: PROMPT_WORDS[locale].grantForIntent,
            forSession: PROMPT_WORDS[locale].grantForSession,
          }),
        }),
        400,
      ),
    }),
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
    ...(prompt.grant === undefined ? [] : [`   ${prompt.grant}`]),
  ];
  if (withDetails) {
    for (const detail of prompt.details) {
      lines.push(`${detail.category}: ${detail.risk}`);
      for (const { label, value } of detail.details) lines.push(`   ${label}: ${value}`);
    }
  }
  return lines.join('\n');
}
