import type { AgentHookAdapter, HookOutput } from '../agentHookAdapter';
import type { HookAnswer, HookEvent } from '../hookEvent';
import { readCodexEvent } from './codexEvent';
import { CODEX_GOVERNOR_OPTIONS } from './codexTools';
import {
  eventOutput,
  jsonOutput,
  PASS,
  refusalOf,
  sessionStartRefusal,
  withHumanNote,
  type EventOutputs,
} from './hookOutputs';

// Codex's hook protocol (0.169, measured): exit 0 with JSON on stdout is read, and a field it
// does not know makes the whole answer invalid, which lets the call run; exit 2 blocks with
// stderr as the reason; any other exit code, a crash or a timeout is a failed hook, and the call runs.

/** The block of anything that fails: exit 2 with the reason on stderr, read by every Codex event. */
const failure = (message: string): HookOutput => Object.freeze({ stdout: '', stderr: `${message}\n`, exitCode: 2 });

/** `decision: "block"`: refuses a prompt, replaces a tool's result, or keeps a turn going with the reason. */
const block = (reason: string): HookOutput => jsonOutput({ decision: 'block', reason });

// the events other than tool calls: where context goes, and how each is refused
const OUTPUTS: EventOutputs = {
  contextEvents: { session_start: 'SessionStart', user_prompt: 'UserPromptSubmit', post_tool: 'PostToolUse' },
  refusals: { session_start: sessionStartRefusal, user_prompt: block, post_tool: block, stop: block },
};

function answerToolCall(answer: HookAnswer): HookOutput {
  // a command that must run contained runs only as its contained line: Codex runs a rewritten
  // shell command (`updatedInput.command`, read only beside `allow`) in place of the model's
  if (answer.kind === 'allow' && answer.contained !== undefined) {
    return jsonOutput({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        updatedInput: { command: answer.contained.line },
      },
    });
  }
  // Codex reads `allow` only with a rewritten input: nothing printed leaves the call to its own approvals
  if (answer.kind === 'allow') return PASS;
  // Codex has no ask in PreToolUse ("unsupported permissionDecision:ask"): a held call is refused, saying a human decides
  const refused = refusalOf(answer);
  if (refused === undefined)
    return failure(`intentgate: no decision for a tool call (the answer was '${answer.kind}')`);
  // how to approve goes to systemMessage, which Codex shows its user as the hook's warning, not to the model
  return jsonOutput(
    withHumanNote(
      {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: refused,
        },
      },
      answer,
    ),
  );
}

/**
 * The answer to Codex's own approval prompt: `behavior: "allow"` runs the call without asking,
 * `"deny"` refuses it with the message (any deny wins over other hooks' allows), nothing
 * printed leaves the prompt to Codex's reviewer or its user.
 */
function answerPermission(answer: HookAnswer): HookOutput {
  const decided = (decision: Readonly<Record<string, unknown>>): HookOutput =>
    jsonOutput({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } });
  if (answer.kind === 'allow') return decided({ behavior: 'allow' });
  if (answer.kind === 'proceed') return PASS;
  const refused = refusalOf(answer);
  return refused === undefined
    ? failure(`intentgate: no decision for a permission request (the answer was '${answer.kind}')`)
    : decided({ behavior: 'deny', message: refused });
}

/**
 * Writes the governor's answer to one event as Codex reads it: a tool call is denied with
 * `permissionDecision`, a shell command that must run contained is handed back as its
 * contained line (`updatedInput`), Codex's own approval prompt is answered allow or deny (or
 * left to Codex), a prompt or a tool's result is blocked with `decision: "block"`,
 * context goes to `additionalContext`, and a refused stop keeps the turn going.
 */
function writeAnswer(answer: HookAnswer, event: HookEvent): HookOutput {
  if (event.kind === 'pre_tool') return answerToolCall(answer);
  if (event.kind === 'permission_request') return answerPermission(answer);
  if (event.kind === 'session_end' || event.kind === 'tool_selection')
    return failure(`intentgate: Codex has no ${event.kind} event`);
  return eventOutput(OUTPUTS, answer, event.kind) ?? failure(`intentgate: Codex cannot refuse a ${event.kind} event`);
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
  // Codex 0.169 runs the command a PreToolUse hook hands back (measured: codex.e2e.test.ts)
  rewritesShellCommands: true,
  readEvent: readCodexEvent,
  writeAnswer,
  pass: () => PASS,
  failure,
});
