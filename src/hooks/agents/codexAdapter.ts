import type { AgentHookAdapter, HookOutput } from '../agentHookAdapter';
import type { HookAnswer, HookEvent } from '../hookEvent';
import { readCodexEvent } from './codexEvent';
import { CODEX_GOVERNOR_OPTIONS } from './codexTools';
import { contextOf, contextOutput, jsonOutput, PASS, refusalOf, sessionStartRefusal } from './hookOutputs';

// Codex's hook protocol (0.169, measured): exit 0 with JSON on stdout is read, and a field it
// does not know makes the whole answer invalid, which lets the call run; exit 2 blocks with
// stderr as the reason; any other exit code, a crash or a timeout is a failed hook, and the call runs.

/** The block of anything that fails: exit 2 with the reason on stderr, read by every Codex event. */
const failure = (message: string): HookOutput => Object.freeze({ stdout: '', stderr: `${message}\n`, exitCode: 2 });

/** `decision: "block"`: refuses a prompt, replaces a tool's result, or keeps a turn going with the reason. */
const block = (reason: string): HookOutput => jsonOutput({ decision: 'block', reason });

function answerToolCall(answer: HookAnswer, refused: string | undefined): HookOutput {
  // Codex reads `allow` only with a rewritten input: nothing printed leaves the call to its own approvals
  if (answer.kind === 'allow') return PASS;
  // Codex has no ask in PreToolUse ("unsupported permissionDecision:ask"): a held call is refused with how to approve it
  if (refused === undefined) return failure(`intentgate: no decision for a tool call (the answer was '${answer.kind}')`);
  return jsonOutput({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: refused } });
}

/**
 * Writes the governor's answer to one event as Codex reads it: a tool call is denied with
 * `permissionDecision`, a prompt or a tool's result is blocked with `decision: "block"`,
 * context goes to `additionalContext`, and a refused stop keeps the turn going.
 */
function writeAnswer(answer: HookAnswer, event: HookEvent): HookOutput {
  const refused = refusalOf(answer);
  const text = contextOf(answer);
  switch (event.kind) {
    case 'pre_tool':
      return answerToolCall(answer, refused);
    case 'user_prompt':
      return refused === undefined ? contextOutput('UserPromptSubmit', text) : block(refused);
    case 'post_tool':
      return refused === undefined ? contextOutput('PostToolUse', text) : block(refused);
    case 'session_start':
      return refused === undefined ? contextOutput('SessionStart', text) : sessionStartRefusal(refused);
    case 'stop':
      return refused === undefined ? PASS : block(refused);
    case 'session_end':
    case 'tool_selection':
      return failure(`intentgate: Codex has no ${event.kind} event`);
  }
}

/**
 * Codex CLI's hooks (`intentgate hook codex`): its tools classified for the governor, its
 * events read into neutral ones, and answers written as its hook protocol reads them.
 * Anything that fails blocks with exit code 2.
 *
 * @example
 * const read = codexAdapter.readEvent(JSON.parse(stdin));
 * if (read.ok === true) print(codexAdapter.writeAnswer(await answerHookEvent(read.event, sessions), read.event));
 */
export const codexAdapter: AgentHookAdapter = Object.freeze({
  name: 'codex',
  governorOptions: CODEX_GOVERNOR_OPTIONS,
  readEvent: readCodexEvent,
  writeAnswer,
  pass: () => PASS,
  failure,
});
