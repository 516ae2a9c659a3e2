import type { Decision } from '../../decision/decision';

/** Where a tool keeps the invocation that takes the gateway's decision along with the input. */
export const DECIDED_INVOKE: unique symbol = Symbol('intentgate.openaiAgents.decidedInvoke');

/** An invocation that needs the decision that allowed it: a command a person allowed once runs with exactly those paths writable. */
export type DecidedInvoke = (input: string, decision: Decision) => Promise<string>;

/** The tool's decided invocation, when it has one; the governed tool calls it instead of `invoke`. */
export function decidedInvokeOf(tool: object): DecidedInvoke | undefined {
  const invoke: unknown = Reflect.get(tool, DECIDED_INVOKE);
  return typeof invoke === 'function' ? (invoke as DecidedInvoke) : undefined;
}
