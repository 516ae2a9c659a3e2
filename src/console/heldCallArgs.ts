import type { SessionEvent } from '../server/sessionEvents';

/** The arguments of held calls, as the routes saw them, for the console's Edit. */
export interface HeldCallArgs {
  /** Takes in what the routes publish. */
  record(event: SessionEvent): void;
  /** The arguments a call was held with; undefined when they were not seen or were too large to keep. */
  argsOf(sessionId: string, approvalId: string): Readonly<Record<string, unknown>> | undefined;
  clear(): void;
}

/** How much is kept. */
export interface HeldCallArgsLimits {
  /** per session, the newest held calls (a queue may hold several) */
  readonly perSession: number;
  /** sessions remembered; the one held longest ago is forgotten first */
  readonly sessions: number;
  /** arguments larger than this, as JSON, are not kept: they are edited with a client, not a textarea */
  readonly maxJsonLength: number;
}

/** Defaults of HeldCallArgsLimits. */
export const HELD_CALL_ARGS_LIMITS: HeldCallArgsLimits = Object.freeze({ perSession: 8, sessions: 1000, maxJsonLength: 64 * 1024 });

function jsonLength(args: unknown): number {
  try {
    return JSON.stringify(args)?.length ?? Infinity;
  } catch {
    // a value JSON cannot hold cannot be edited as JSON either
    return Infinity;
  }
}

/** Creates the memory; it forgets a session's calls when the session is reset or its calls answered. */
export function createHeldCallArgs(limits: HeldCallArgsLimits = HELD_CALL_ARGS_LIMITS): HeldCallArgs {
  const bySession = new Map<string, Map<string, Readonly<Record<string, unknown>>>>();
  return {
    record(event) {
      if (event.type === 'session.reset' || event.type === 'session.started') {
        bySession.delete(event.sessionId);
      } else if (event.type === 'call.answered') {
        bySession.get(event.sessionId)?.delete(event.approvalId);
      } else if (event.type === 'call.held' && jsonLength(event.args) <= limits.maxJsonLength) {
        const calls = bySession.get(event.sessionId) ?? new Map<string, Readonly<Record<string, unknown>>>();
        calls.set(event.approvalId, event.args);
        if (calls.size > limits.perSession) calls.delete(calls.keys().next().value ?? '');
        bySession.delete(event.sessionId);
        bySession.set(event.sessionId, calls);
        if (bySession.size > limits.sessions) bySession.delete(bySession.keys().next().value ?? '');
      }
    },
    argsOf: (sessionId, approvalId) => bySession.get(sessionId)?.get(approvalId),
    clear: () => bySession.clear(),
  };
}
