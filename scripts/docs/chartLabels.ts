import { and, not, or } from 'xstate';

/** A property of a guard or action value, which xstate gives as a string, an object or a function. */
function field(value: unknown, name: string): unknown {
  return (typeof value === 'object' || typeof value === 'function') && value !== null
    ? Reflect.get(value, name)
    : undefined;
}

// xstate marks its combinators by their check function, the same object for every call
const COMBINATORS = [
  { check: field(and([]), 'check'), join: ' & ' },
  { check: field(or([]), 'check'), join: ' | ' },
] as const;
const NOT_CHECK = field(not('guard'), 'check');

function inlineName(value: unknown, fallback: string): string {
  const name = field(value, 'name');
  return typeof name === 'string' && name !== '' ? name : fallback;
}

function guardText(guard: unknown, nested: boolean): string {
  if (typeof guard === 'string') return guard;
  const type = field(guard, 'type');
  if (typeof type === 'string') return type;
  const check = field(guard, 'check');
  const parts = field(guard, 'guards');
  const inner = Array.isArray(parts) ? parts : [];
  if (check === NOT_CHECK) return `!${guardText(inner[0], true)}`;
  const combinator = COMBINATORS.find((candidate) => candidate.check === check);
  if (combinator === undefined) return inlineName(guard, 'inline guard');
  const text = inner.map((part: unknown) => guardText(part, true)).join(combinator.join);
  return nested && inner.length > 1 ? `(${text})` : text;
}

/**
 * A guard as readable text: named guards by name, `and`/`or`/`not` as `&`, `|`, `!`.
 * @example guardLabel(and(['isSafeTool', not('needsApproval')])) // 'isSafeTool & !needsApproval'
 */
export function guardLabel(guard: unknown): string | undefined {
  return guard === undefined ? undefined : guardText(guard, false);
}

/** The reason code of a `decide` action, or undefined for any other action. */
export function decideCode(action: unknown): string | undefined {
  if (field(action, 'type') !== 'decide') return undefined;
  const code = field(field(action, 'params'), 'code');
  return typeof code === 'string' ? code : undefined;
}

/** An action as readable text: its name, or `decide(code)` for the lifecycle's decision action. */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  const code = decideCode(action);
  if (code !== undefined) return `decide(${code})`;
  const type = field(action, 'type');
  return typeof type === 'string' ? type : inlineName(action, 'inline action');
}
