import { controlFilePairs, type ControlFiles, type ControlFileVersion } from './controlFiles';
import type { Intent } from './intent';

/** One thing that differs between two versions of a control file, as data for a prompt. */
export type ControlFileChangePoint =
  | { readonly kind: 'intent_added'; readonly id: string; readonly scope: readonly string[] }
  | { readonly kind: 'intent_removed'; readonly id: string }
  | {
      readonly kind: 'scope_changed';
      readonly id: string;
      readonly before: readonly string[];
      readonly after: readonly string[];
    }
  /** a field other than the scope: name, status, constraints, acceptance criteria */
  | { readonly kind: 'intent_edited'; readonly id: string; readonly fields: readonly string[] }
  | { readonly kind: 'rule_added'; readonly rule: string }
  | { readonly kind: 'rule_removed'; readonly rule: string }
  | { readonly kind: 'file_removed' }
  | { readonly kind: 'file_created' }
  | { readonly kind: 'now_a_link'; readonly target: string }
  /** the file cannot be read or parsed, so nothing in it can be enforced */
  | { readonly kind: 'unusable'; readonly problem: string }
  /** the bytes differ but nothing enforced does (comments, spacing, order) */
  | { readonly kind: 'text_only' };

/** What changed in one control file. */
export interface ControlFileChange {
  readonly label: string;
  readonly points: readonly ControlFileChangePoint[];
}

const OTHER_INTENT_FIELDS = [
  'name',
  'status',
  'constraints',
  'acceptance_criteria',
] as const satisfies readonly (keyof Intent)[];

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((item, index) => item === (b ?? [])[index]);

function intentPoints(before: readonly Intent[], after: readonly Intent[]): ControlFileChangePoint[] {
  const points: ControlFileChangePoint[] = [];
  const old = new Map(before.map((intent) => [intent.id, intent]));
  for (const intent of after) {
    const previous = old.get(intent.id);
    if (!previous) {
      points.push({ kind: 'intent_added', id: intent.id, scope: intent.owned_scope });
      continue;
    }
    if (!sameList(previous.owned_scope, intent.owned_scope))
      points.push({ kind: 'scope_changed', id: intent.id, before: previous.owned_scope, after: intent.owned_scope });
    const fields = OTHER_INTENT_FIELDS.filter(
      (field) => JSON.stringify(previous[field]) !== JSON.stringify(intent[field]),
    );
    if (fields.length > 0) points.push({ kind: 'intent_edited', id: intent.id, fields });
  }
  const kept = new Set(after.map((intent) => intent.id));
  for (const intent of before) if (!kept.has(intent.id)) points.push({ kind: 'intent_removed', id: intent.id });
  return points;
}

/** The rules of an ignore file: its lines that are neither blank nor comments. */
const rulesOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));

function rulePoints(before: string | undefined, after: string | undefined): ControlFileChangePoint[] {
  const old = rulesOf(before);
  const now = rulesOf(after);
  return [
    ...now.filter((rule) => !old.includes(rule)).map((rule): ControlFileChangePoint => ({ kind: 'rule_added', rule })),
    ...old
      .filter((rule) => !now.includes(rule))
      .map((rule): ControlFileChangePoint => ({ kind: 'rule_removed', rule })),
  ];
}

const isIntentList = (value: unknown): value is readonly Intent[] => Array.isArray(value);

function pointsOf(before: ControlFileVersion<unknown>, after: ControlFileVersion<unknown>): ControlFileChangePoint[] {
  if (!after.content.usable) return [{ kind: 'unusable', problem: after.content.error.message }];
  const points: ControlFileChangePoint[] = [];
  if (after.content.text === undefined) points.push({ kind: 'file_removed' });
  else if (before.content.usable && before.content.text === undefined) points.push({ kind: 'file_created' });
  if (after.link !== undefined && after.link !== before.link) points.push({ kind: 'now_a_link', target: after.link });
  const previous = before.content.usable ? before.content : undefined;
  const meaning = isIntentList(after.content.value)
    ? intentPoints(previous && isIntentList(previous.value) ? previous.value : [], after.content.value)
    : rulePoints(previous?.text, after.content.text);
  points.push(...meaning);
  return points.length > 0 ? points : [{ kind: 'text_only' }];
}

/** What changed in each control file whose digest differs, intents file first. */
export function describeControlFileChanges(before: ControlFiles, after: ControlFiles): ControlFileChange[] {
  return controlFilePairs<ControlFileVersion<unknown>, ControlFileVersion<unknown>>(before, after)
    .filter((pair) => pair.before.digest !== pair.after.digest)
    .map((pair) => ({ label: pair.after.label, points: pointsOf(pair.before, pair.after) }));
}
