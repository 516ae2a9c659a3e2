import type { Decision } from '../decision/decision';

/** A call as a load-time issue shows it: the tool and enough of its arguments to recognise it. */
export function callText(tool: string, args: unknown): string {
  const text = JSON.stringify(args);
  return `${tool} ${text.length > 120 ? `${text.slice(0, 119)}…` : text}`;
}

/** A decision as a load-time issue shows it: `ask (needs_approval: ...)`. */
export function decisionSummary(decision: Decision): string {
  return `${decision.verdict} (${decision.code}${decision.reason ? `: ${decision.reason}` : ''})`;
}
