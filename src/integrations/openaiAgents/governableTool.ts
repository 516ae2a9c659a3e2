import type { Tool } from '@openai/agents';
import { describeValue } from '../../text/describeValue';

/** A function tool of the Agents SDK (made with `tool()`), the only kind the adapter governs. */
export type GovernableTool<Context = unknown> = Extract<Tool<Context>, { type: 'function' }>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const FUNCTION_MEMBERS = ['invoke', 'needsApproval', 'isEnabled'] as const;

/** What keeps `value` from being a governable function tool, or undefined when it is one. */
export function toolProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return `is not a tool object, got ${describeValue(value)}`;
  const name = typeof value.name === 'string' && value.name !== '' ? value.name : undefined;
  const label = name === undefined ? '' : ` ('${name}')`;
  if (value.type !== 'function') {
    // hosted, shell, computer and apply_patch tools run outside the function-tool path the adapter wraps
    return `${label} is a ${describeValue(value.type)} tool; only function tools made with tool() can be governed`.trimStart();
  }
  if (name === undefined) return 'has no name';
  const missing = FUNCTION_MEMBERS.filter((member) => typeof value[member] !== 'function');
  return missing.length > 0
    ? `${label} lacks ${missing.join(', ')}; create it with tool() from @openai/agents`.trimStart()
    : undefined;
}
