import type { HookOutput } from '../agentHookAdapter';
import type { HookAnswer, HookEventKind } from '../hookEvent';

/** Nothing printed, exit 0: the agent goes on as it would without the hook. */
export const PASS: HookOutput = Object.freeze({ stdout: '', stderr: '', exitCode: 0 });

/** One JSON object on stdout, exit 0. */
export const jsonOutput = (body: Readonly<Record<string, unknown>>): HookOutput =>
  Object.freeze({ stdout: `${JSON.stringify(body)}\n`, stderr: '', exitCode: 0 });

/**
 * The refusal of a held call, for an agent that cannot put the question to its user from a
 * hook: the five-part prompt, with how a human approves it outside the agent.
 */
export const heldCallDenial = (message: string): string =>
  `This call is held until a human approves it; it did not run.\n${message}`;

/**
 * The body of a tool call's answer with the held call's note for the human, as `systemMessage`:
 * the three agents show it to their user and keep it out of the model's context.
 */
export function withHumanNote(
  body: Readonly<Record<string, unknown>>,
  answer: HookAnswer,
): Readonly<Record<string, unknown>> {
  return answer.kind === 'ask' && answer.humanNote !== undefined ? { systemMessage: answer.humanNote, ...body } : body;
}

/** The message of an answer that refuses or holds, or undefined for one that lets things be. */
export function refusalOf(answer: HookAnswer): string | undefined {
  if (answer.kind === 'deny') return answer.message;
  return answer.kind === 'ask' ? heldCallDenial(answer.message) : undefined;
}

/** The context an answer adds to the model's context, if any. */
const contextOf = (answer: HookAnswer): string | undefined =>
  answer.kind === 'proceed' && answer.context !== '' ? answer.context : undefined;

/** A refused session start, which cannot be stopped: the message shown to the user and put in the model's context. */
export const sessionStartRefusal = (message: string): HookOutput =>
  jsonOutput({
    systemMessage: message,
    hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: message },
  });

/** How one agent writes the answers to its events other than tool calls and tool choices. */
export interface EventOutputs {
  /** the agent's event name of each neutral event whose answer may add context (`hookSpecificOutput.additionalContext`) */
  readonly contextEvents: Partial<Readonly<Record<HookEventKind, string>>>;
  /** how the agent reads a refusal of each neutral event that can be refused */
  readonly refusals: Partial<Readonly<Record<HookEventKind, (reason: string) => HookOutput>>>;
}

/**
 * The output of an answer to one event: its refusal, its context, or nothing. Undefined when
 * the answer refuses an event the agent has no refusal for, which the adapter answers with its failure.
 */
export function eventOutput(outputs: EventOutputs, answer: HookAnswer, kind: HookEventKind): HookOutput | undefined {
  const refused = refusalOf(answer);
  if (refused !== undefined) return outputs.refusals[kind]?.(refused);
  const hookEventName = outputs.contextEvents[kind];
  const text = contextOf(answer);
  return hookEventName === undefined || text === undefined
    ? PASS
    : jsonOutput({ hookSpecificOutput: { hookEventName, additionalContext: text } });
}
