import type { AgentHookAdapter, HookOutput } from '../agentHookAdapter';
import type { HookAnswer, HookEvent } from '../hookEvent';
import { readCopilotEvent } from './copilotEvent';
import { COPILOT_GOVERNOR_OPTIONS } from './copilotTools';
import { jsonOutput, PASS, refusalOf, withHumanNote } from './hookOutputs';

// GitHub Copilot CLI's hook protocol (1.0.102, measured with hooks under PascalCase event names):
// `permissionDecision: "deny"` blocks a call; any exit code but 0 blocks it too ("hook errored");
// stdout that is not JSON, and a hook that outlives its timeoutSec, let the call run. An `ask`
// cannot be put to anyone in `-p` mode, so a held call is refused with how a human approves
// it. Context is read from a top-level `additionalContext` (not `hookSpecificOutput`), on
// SessionStart, UserPromptSubmit, PreToolUse and PostToolUse alike. A PreToolUse answer's
// `modifiedArgs` replace the call's arguments before it runs (its changelog: since 1.0.24;
// measured with 1.0.102), and PostToolUse reports them; without `permissionDecision: "allow"`
// Copilot's path check still sees the new arguments and asks about paths outside the workspace.

/**
 * The block of anything that fails: exit 2, which refuses a tool call, with a body that also
 * refuses it and blocks a prompt, a tool's result or a stop.
 */
function failure(message: string): HookOutput {
  const body = { permissionDecision: 'deny', permissionDecisionReason: message, decision: 'block', reason: message };
  return Object.freeze({ stdout: `${JSON.stringify(body)}\n`, stderr: `${message}\n`, exitCode: 2 });
}

/** `decision: "block"`: refuses a prompt (the run ends), replaces a tool's result, or sends the agent back to work. */
const block = (reason: string): HookOutput => jsonOutput({ decision: 'block', reason });

/** Text added to the model's context. */
const context = (answer: HookAnswer): HookOutput =>
  answer.kind === 'proceed' && answer.context !== undefined && answer.context !== ''
    ? jsonOutput({ additionalContext: answer.context })
    : PASS;

function answerToolCall(answer: HookAnswer, event: Extract<HookEvent, { kind: 'pre_tool' }>): HookOutput {
  if (answer.kind === 'allow' && answer.contained !== undefined) {
    // Copilot runs the arguments handed back in place of the model's: every field is kept, only the command changes
    if (event.input === undefined)
      return failure(
        "intentgate: the command must run contained, and the call's input was not kept to hand it back rewritten",
      );
    // `allow`: the line names bwrap's paths outside the workspace, which Copilot's path check would otherwise
    // put to a person (and refuse in -p mode); intentgate decided the model's command, the line only narrows it
    return jsonOutput({
      permissionDecision: 'allow',
      modifiedArgs: { ...event.input, [answer.contained.argument]: answer.contained.line },
    });
  }
  // nothing printed leaves the call to Copilot's own permissions: intentgate only ever narrows them
  if (answer.kind === 'allow') return PASS;
  const refused = refusalOf(answer);
  // how to approve goes to systemMessage, for the human, not the model
  return refused === undefined
    ? failure(`intentgate: no decision for a tool call (the answer was '${answer.kind}')`)
    : jsonOutput(withHumanNote({ permissionDecision: 'deny', permissionDecisionReason: refused }, answer));
}

/**
 * Writes the governor's answer to one event as GitHub Copilot CLI reads it: a tool call is
 * refused with `permissionDecision: "deny"`, a shell command that must run contained is handed
 * back as its contained line (`modifiedArgs`); a prompt, a tool's result or a stop with
 * `decision: "block"`; context goes to `additionalContext`. A session's start cannot be
 * refused, so its refusal becomes context the model reads; a session's end is only shown.
 */
function writeAnswer(answer: HookAnswer, event: HookEvent): HookOutput {
  const refused = refusalOf(answer);
  switch (event.kind) {
    case 'pre_tool':
      return answerToolCall(answer, event);
    case 'user_prompt':
    case 'post_tool':
    case 'stop':
      return refused === undefined ? (event.kind === 'stop' ? PASS : context(answer)) : block(refused);
    case 'session_start':
      return refused === undefined
        ? context(answer)
        : jsonOutput({ systemMessage: refused, additionalContext: refused });
    case 'session_end':
      return refused === undefined ? PASS : jsonOutput({ systemMessage: refused });
    case 'tool_selection':
      return failure('intentgate: GitHub Copilot CLI has no tool-selection event');
    case 'permission_request':
      return failure('intentgate: GitHub Copilot CLI permission requests are not answered');
  }
}

/**
 * GitHub Copilot CLI's hooks (`intentgate hook copilot`), configured under the PascalCase event
 * names in `.github/hooks/*.json`: its tools classified for the governor, its events read into
 * neutral ones, and answers written as its hook protocol reads them. Anything that fails blocks.
 *
 * @example
 * const read = copilotAdapter.readEvent(JSON.parse(stdin));
 * if (read.ok === true) print(copilotAdapter.writeAnswer(await answerHookEvent(read.event, sessions), read.event));
 */
export const copilotAdapter: AgentHookAdapter = Object.freeze({
  name: 'copilot',
  governorOptions: COPILOT_GOVERNOR_OPTIONS,
  // Copilot CLI 1.0.102 runs the arguments a PreToolUse hook hands back (`modifiedArgs`; agentsContained.e2e.test.ts)
  rewritesShellCommands: true,
  readEvent: readCopilotEvent,
  writeAnswer,
  pass: () => PASS,
  failure,
});
