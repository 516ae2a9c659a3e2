import type { Decision } from '../../decision/decision';
import type { DecisionCode } from '../../decision/reasons';

/** What the model reads as the tool result when intentgate refuses a call. */
export interface ToolDenial {
  readonly error: 'denied';
  readonly tool: string;
  /** the code of the rule that refused the call */
  readonly code: DecisionCode;
  /** the rule's message: why, and what to do instead */
  readonly reason: string;
}

/** The tool result of a refused call: a value the model reads, never a thrown error that ends the loop. */
export function toolDenial(decision: Decision): ToolDenial {
  return Object.freeze({
    error: 'denied',
    tool: decision.tool,
    code: decision.code,
    reason: decision.reason ?? `'${decision.tool}' may not run (${decision.code}).`,
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Whether a tool output is intentgate's refusal (also after a JSON round trip through a chat UI). */
export function isToolDenial(value: unknown): value is ToolDenial {
  return (
    isRecord(value) &&
    value.error === 'denied' &&
    typeof value.tool === 'string' &&
    typeof value.code === 'string' &&
    typeof value.reason === 'string'
  );
}
