import type { GovernorSessions } from '../sessions/governorSessions';
import type { AgentHookAdapter, HookOutput } from './agentHookAdapter';
import { answerHookEvent, type AnswerOptions } from './answerHookEvent';

/** The largest hook event read, from stdin or a request body: a tool call with a large file in it fits. */
export const MAX_HOOK_EVENT_BYTES = 4 * 1024 * 1024;

/** Where an event's session is kept, and how a human approves; made only for an event to govern. */
export interface HookAnswering {
  /** may wait (a route that finds out once whether it can contain commands) */
  sessions(): GovernorSessions | Promise<GovernorSessions>;
  readonly answer?: AnswerOptions;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One raw hook event (the agent's JSON text) to the agent's output: read by the adapter,
 * answered by the session's governor, written in the agent's format. An event the governor
 * has nothing to say about passes; text that is not JSON, an event the adapter cannot read and
 * any failure on the way answer with the adapter's failure, which blocks. It never throws.
 */
export async function hookOutputFor(
  adapter: AgentHookAdapter,
  text: string,
  answering: HookAnswering,
): Promise<HookOutput> {
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return adapter.failure(`intentgate: the hook event is not JSON (${messageOf(error)})`);
    }
    const read = adapter.readEvent(raw);
    if (read.ok === 'pass') return adapter.pass(read.eventName);
    if (!read.ok) return adapter.failure(`intentgate: cannot read the hook event: ${read.problem}`);
    const answer = await answerHookEvent(read.event, await answering.sessions(), answering.answer);
    // a call allowed only as a contained command must not run as the model wrote it
    if (
      (answer.kind === 'allow' || answer.kind === 'ask') &&
      answer.contained !== undefined &&
      adapter.rewritesShellCommands !== true
    ) {
      return adapter.failure(
        `intentgate: this command may run only contained, and ${adapter.name}'s hook cannot hand back a rewritten command; it is blocked`,
      );
    }
    return adapter.writeAnswer(answer, read.event);
  } catch (error) {
    return adapter.failure(`intentgate failed, so the call is blocked: ${messageOf(error)}`);
  }
}
