import type { ToolExecutionOptions } from 'ai';
import type { Decision } from '../../decision/decision';

/** Where a tool keeps the run that takes the gate's decision along with the input. */
export const DECIDED_RUN: unique symbol = Symbol('intentgate.aiSdk.decidedRun');

/** A run that needs the decision that allowed it: a command a person allowed once runs with exactly those paths writable. */
export type DecidedRun = (input: unknown, options: ToolExecutionOptions, decision: Decision) => unknown;

/** The tool's decided run, when it has one; the gate calls it instead of `execute`. */
export function decidedRunOf(tool: object): DecidedRun | undefined {
  const run: unknown = Reflect.get(tool, DECIDED_RUN);
  return typeof run === 'function' ? (run as DecidedRun) : undefined;
}
