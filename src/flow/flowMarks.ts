/**
 * What a session has read that decides where its data may go: a secret, or content from
 * outside (a web page, a fetched file, an untrusted MCP tool's answer) that may carry
 * instructions. Each mark names the call that set it, so a hold can say where it came from.
 */

/** The two kinds of read the flow rules remember. */
export const FLOW_KINDS = ['secret', 'untrusted'] as const;

export type FlowKind = (typeof FLOW_KINDS)[number];

export function isFlowKind(value: unknown): value is FlowKind {
  return value === 'secret' || value === 'untrusted';
}

/** The four states of the lifecycle chart's flow region, one per combination of marks. */
export const FLOW_STATES = ['clean', 'secretRead', 'untrustedRead', 'secretAndUntrusted'] as const;

export type FlowState = (typeof FLOW_STATES)[number];

/** The call that first read a secret or untrusted content in the session. */
export interface FlowSource {
  /** the call's number in the session, counting from 1 */
  readonly call: number;
  readonly tool: string;
  /** what it read, as a person names it: `.env`, `https://example.com/page`, `printenv` */
  readonly what: string;
}

/** The marks a session carries: the first source of each kind, until a human clears it. */
export interface FlowMarks {
  readonly secret?: FlowSource;
  readonly untrusted?: FlowSource;
}

export const NO_FLOW_MARKS: FlowMarks = Object.freeze({});

/** The flow state a set of marks stands for. */
export function flowStateOfMarks(marks: FlowMarks): FlowState {
  if (marks.secret !== undefined) return marks.untrusted !== undefined ? 'secretAndUntrusted' : 'secretRead';
  return marks.untrusted !== undefined ? 'untrustedRead' : 'clean';
}

export function isFlowState(value: unknown): value is FlowState {
  return typeof value === 'string' && (FLOW_STATES as readonly string[]).includes(value);
}
