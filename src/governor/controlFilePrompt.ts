import type { ConfirmationPrompt } from '../approval/confirmationPrompt';
import { oneLine } from '../approval/oneLine';
import { describeAction } from '../approval/promptWords';
import type { ControlFileChange, ControlFileChangePoint } from '../intents/controlFileChanges';
import type { Locale } from '../categories/riskCategories';

/** A DESTRUCTIVE call that ran since the control files were last adopted: one that could have changed them. */
export interface SuspectCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** The points of a prompt (seed 002 E: at most three); past that, the last one counts the rest. */
const MAX_POINTS = 3;

interface ControlFileWords {
  readonly action: string;
  readonly why: string;
  readonly whyUnknown: string;
  readonly risk: string;
  readonly buttons: { readonly continue: string; readonly cancel: string; readonly details: string };
  readonly and: string;
  readonly more: string;
  readonly point: Readonly<{ [K in ControlFileChangePoint['kind']]: string }>;
  readonly none: string;
}

/** The prompt's words; `{name}` is filled in. */
const WORDS: Readonly<Record<Locale, ControlFileWords>> = {
  en: {
    action: 'Accept a change to {files}',
    why: 'It changed after a DESTRUCTIVE call of the agent ran ({call}), so the agent may have made it itself.',
    whyUnknown: 'It changed after the agent ran a DESTRUCTIVE tool, so the agent may have made it itself.',
    risk: 'An agent that edits its own intents or ignore rules can widen what it may change or read. Until you answer, every call waits.',
    buttons: { continue: 'Accept the change', cancel: 'Reject the change', details: 'Show details' },
    and: ' and ',
    more: '{count} more changes',
    none: 'none',
    point: {
      intent_added: '{file}: intent {id} added, scope {scope}',
      intent_removed: '{file}: intent {id} removed',
      scope_changed: '{file}: scope of {id}: {before} → {after}',
      intent_edited: '{file}: {id} changed ({fields})',
      rule_added: '{file}: rule added: {rule}',
      rule_removed: '{file}: rule removed: {rule}',
      file_removed: '{file}: removed',
      file_created: '{file}: created',
      now_a_link: '{file}: now a symbolic link to {target}',
      unusable: '{file}: cannot be used ({problem}); fix the file before accepting',
      text_only: '{file}: text changed, nothing enforced',
    },
  },
  ru: {
    action: 'Принять изменение: {files}',
    why: 'Файл изменился после изменяющего вызова агента ({call}), поэтому изменение мог сделать сам агент.',
    whyUnknown:
      'Файл изменился после того, как агент выполнил изменяющий инструмент, поэтому изменение мог сделать сам агент.',
    risk:
      'Агент, меняющий свои намерения или правила игнорирования, может расширить то, что ему ' +
      'разрешено менять или читать. До вашего ответа все вызовы ждут.',
    buttons: { continue: 'Принять изменение', cancel: 'Отклонить изменение', details: 'Показать детали' },
    and: ' и ',
    more: 'ещё изменений: {count}',
    none: 'нет',
    point: {
      intent_added: '{file}: добавлено намерение {id}, область {scope}',
      intent_removed: '{file}: удалено намерение {id}',
      scope_changed: '{file}: область {id}: {before} → {after}',
      intent_edited: '{file}: {id} изменено ({fields})',
      rule_added: '{file}: добавлено правило: {rule}',
      rule_removed: '{file}: удалено правило: {rule}',
      file_removed: '{file}: удалён',
      file_created: '{file}: создан',
      now_a_link: '{file}: теперь символическая ссылка на {target}',
      unusable: '{file}: нельзя использовать ({problem}); исправьте файл, прежде чем принять',
      text_only: '{file}: изменён текст, правила те же',
    },
  },
};

const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

function pointText(file: string, point: ControlFileChangePoint, words: ControlFileWords): string {
  const list = (items: readonly string[]): string => (items.length > 0 ? items.join(', ') : words.none);
  const values: Record<string, string> = { file };
  switch (point.kind) {
    case 'intent_added':
      Object.assign(values, { id: point.id, scope: list(point.scope) });
      break;
    case 'intent_removed':
      values.id = point.id;
      break;
    case 'scope_changed':
      Object.assign(values, { id: point.id, before: list(point.before), after: list(point.after) });
      break;
    case 'intent_edited':
      Object.assign(values, { id: point.id, fields: point.fields.join(', ') });
      break;
    case 'rule_added':
    case 'rule_removed':
      values.rule = point.rule;
      break;
    case 'now_a_link':
      values.target = point.target;
      break;
    case 'unusable':
      values.problem = point.problem;
      break;
    case 'file_removed':
    case 'file_created':
    case 'text_only':
      break;
  }
  return oneLine(fill(words.point[point.kind], values));
}

/** Every change as one line each, intents file first. */
export function controlFileChangeLines(changes: readonly ControlFileChange[], locale: Locale): string[] {
  const words = WORDS[locale];
  return changes.flatMap((change) => change.points.map((point) => pointText(change.label, point, words)));
}

/**
 * The confirmation prompt of a held control-file change, in seed 002 E's five parts: what
 * would be adopted (the files), why it is asked (the agent's calls that could have made it),
 * the risk, what changed (at most three points; the decision's message lists them all) and
 * the answers: Continue accepts, Cancel rejects, Show details.
 */
export function controlFilePrompt(
  changes: readonly ControlFileChange[],
  suspects: readonly SuspectCall[],
  locale: Locale,
): ConfirmationPrompt {
  const words = WORDS[locale];
  const lines = controlFileChangeLines(changes, locale);
  const shown =
    lines.length > MAX_POINTS
      ? [...lines.slice(0, MAX_POINTS - 1), fill(words.more, { count: String(lines.length - MAX_POINTS + 1) })]
      : lines;
  const last = suspects.at(-1);
  return Object.freeze({
    locale,
    action: oneLine(fill(words.action, { files: changes.map((change) => change.label).join(words.and) })),
    why: last ? oneLine(fill(words.why, { call: describeAction(last.tool, last.args, locale) })) : words.whyUnknown,
    risk: words.risk,
    changes: Object.freeze(shown),
    actions: Object.freeze([
      { id: 'continue', label: words.buttons.continue },
      { id: 'cancel', label: words.buttons.cancel },
      { id: 'details', label: words.buttons.details },
    ] as const),
    categories: Object.freeze([]),
    details: Object.freeze([]),
  });
}
