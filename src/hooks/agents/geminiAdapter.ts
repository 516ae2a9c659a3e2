import type { AgentHookAdapter, HookOutput } from '../agentHookAdapter';
import type { HookAnswer, HookEvent } from '../hookEvent';
import { readGeminiEvent } from './geminiEvent';
import { GEMINI_GOVERNOR_OPTIONS, GEMINI_HANDSHAKE_TOOLS } from './geminiTools';
import {
  eventOutput,
  jsonOutput,
  PASS,
  refusalOf,
  sessionStartRefusal,
  withHumanNote,
  type EventOutputs,
} from './hookOutputs';

// Gemini CLI's hook protocol (0.61, measured): stdout JSON is read whatever the exit code, and
// stderr only when stdout is empty; `decision: "deny"` or exit 2 blocks; exit 1, a crash that
// prints nothing, or a timeout lets things run. An `ask` waits for a confirmation that a
// headless run (`gemini -p`) never gives, so a held call is refused with how to approve it.

/**
 * The block of anything that fails: `decision: "deny"`, which blocks a tool, a prompt or a
 * tool's result, and no tools at all if the failure was in choosing the tools to offer.
 */
function failure(message: string): HookOutput {
  const body = { decision: 'deny', reason: message, hookSpecificOutput: { toolConfig: { mode: 'NONE' } } };
  return Object.freeze({ stdout: `${JSON.stringify(body)}\n`, stderr: `${message}\n`, exitCode: 2 });
}

/** `decision: "deny"`: blocks a call or a prompt, replaces a tool's result, or sends the agent back to work. */
const deny = (reason: string): HookOutput => jsonOutput({ decision: 'deny', reason });

/** Gemini's name of each tool the governor names. */
const geminiName = (tool: string): string =>
  Object.keys(GEMINI_HANDSHAKE_TOOLS).find((name) => GEMINI_HANDSHAKE_TOOLS[name] === tool) ?? tool;

/**
 * The tools the model may call: none when the list is empty; no restriction at all when every
 * offered tool is allowed, so tools the adapter does not know (other MCP servers) stay usable.
 */
function toolSelection(answer: HookAnswer, offered: readonly string[]): HookOutput {
  if (answer.kind !== 'tools')
    return failure(`intentgate: no tool list for a tool selection (the answer was '${answer.kind}')`);
  if (offered.every((tool) => answer.allowed.includes(tool))) return PASS;
  const toolConfig =
    answer.allowed.length === 0
      ? { mode: 'NONE' }
      : { mode: 'AUTO', allowedFunctionNames: answer.allowed.map(geminiName) };
  return jsonOutput({ hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig } });
}

// the events other than tool calls and the tool choice: where context goes, and how each is refused
const OUTPUTS: EventOutputs = {
  contextEvents: { session_start: 'SessionStart', user_prompt: 'BeforeAgent', post_tool: 'AfterTool' },
  refusals: {
    session_start: sessionStartRefusal,
    user_prompt: deny,
    post_tool: deny,
    stop: deny,
    session_end: (reason) => jsonOutput({ systemMessage: reason }),
  },
};

function answerToolCall(answer: HookAnswer, event: Extract<HookEvent, { kind: 'pre_tool' }>): HookOutput {
  if (answer.kind === 'allow' && answer.contained !== undefined) {
    // Gemini builds the call anew from the input a BeforeTool hook hands back, so every field
    // the model sent is kept and only the command becomes its contained line
    if (event.input === undefined)
      return failure(
        "intentgate: the command must run contained, and the call's input was not kept to hand it back rewritten",
      );
    const toolInput = { ...event.input, [answer.contained.argument]: answer.contained.line };
    return jsonOutput({ hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: toolInput } });
  }
  // nothing printed leaves the call to Gemini's own approvals: intentgate only ever narrows them
  if (answer.kind === 'allow') return PASS;
  const refused = refusalOf(answer);
  // how to approve goes to systemMessage, which Gemini CLI shows its user, not to the model
  return refused === undefined
    ? failure(`intentgate: no decision for a tool call (the answer was '${answer.kind}')`)
    : jsonOutput(withHumanNote({ decision: 'deny', reason: refused }, answer));
}

/**
 * Writes the governor's answer to one event as Gemini CLI reads it: `decision: "deny"` blocks
 * a tool call or a prompt, a shell command that must run contained is handed back as its
 * contained line (`hookSpecificOutput.tool_input`), replaces a tool's result, or sends the agent back to work after it
 * stopped; context goes to `additionalContext`; the tool choice to `toolConfig`.
 */
function writeAnswer(answer: HookAnswer, event: HookEvent): HookOutput {
  if (event.kind === 'pre_tool') return answerToolCall(answer, event);
  if (event.kind === 'tool_selection') return toolSelection(answer, event.tools);
  return (
    eventOutput(OUTPUTS, answer, event.kind) ?? failure(`intentgate: Gemini CLI cannot refuse a ${event.kind} event`)
  );
}

/**
 * Gemini CLI's hooks (`intentgate hook gemini`): its tools classified for the governor, its
 * events read into neutral ones, and answers written as its hook protocol reads them.
 * Anything that fails blocks: `decision: "deny"` and exit code 2.
 *
 * @example
 * const read = geminiAdapter.readEvent(JSON.parse(stdin));
 * if (read.ok === true) print(geminiAdapter.writeAnswer(await answerHookEvent(read.event, sessions), read.event));
 */
export const geminiAdapter: AgentHookAdapter = Object.freeze({
  name: 'gemini',
  governorOptions: GEMINI_GOVERNOR_OPTIONS,
  // Gemini CLI 0.61 runs the input a BeforeTool hook hands back (`hookSpecificOutput.tool_input`; measured: gemini.e2e.test.ts)
  rewritesShellCommands: true,
  readEvent: readGeminiEvent,
  writeAnswer,
  pass: () => PASS,
  failure,
});
