import { ATTEMPT_COMPLETION, SELECT_ACTIVE_INTENT } from '../../tools/handshakeTools';
import type { AgentHookAdapter, HookOutput } from '../agentHookAdapter';
import type { ContainedCommand, HookAnswer, HookEvent } from '../hookEvent';
import { readClaudeCodeEvent } from './claudeCodeEvent';
import { CLAUDE_CODE_GOVERNOR_OPTIONS } from './claudeCodeTools';

// Claude Code's hook protocol: JSON on stdout with exit 0 is read; exit 2 blocks and shows
// stderr, ignoring stdout; any other exit code is a non-blocking error, and the call runs.

const PASS: HookOutput = Object.freeze({ stdout: '', stderr: '', exitCode: 0 });

const json = (body: Readonly<Record<string, unknown>>): HookOutput => ({
  stdout: `${JSON.stringify(body)}\n`,
  stderr: '',
  exitCode: 0,
});

/**
 * What Claude Code shows its user about a held call, as `systemMessage` ("PreToolUse:Write
 * says: …" in the transcript, never the model's context): the five-part prompt, then how a human
 * approves it. The prompt goes here as well as in `permissionDecisionReason` because Claude Code
 * 2.1.197 shows the reason only in the dialogs of commands and MCP tools: its dialog for a file
 * write or edit shows the diff and no reason.
 */
function heldCallNotice(answer: Extract<HookAnswer, { kind: 'ask' }>): Readonly<Record<string, unknown>> {
  return {
    systemMessage: answer.humanNote === undefined ? answer.message : `${answer.message}\n\n${answer.humanNote}`,
  };
}

/**
 * A PreToolUse answer: deny blocks the call and tells the model why (how a human approves goes
 * to `systemMessage`, which Claude Code shows its user and not the model); ask puts the prompt
 * to the user (in `-p` mode it is a denial whose reason the model reads).
 */
function permission(decision: 'deny' | 'ask', answer: Extract<HookAnswer, { kind: 'deny' | 'ask' }>): HookOutput {
  const hookSpecificOutput = {
    hookEventName: 'PreToolUse',
    permissionDecision: decision,
    permissionDecisionReason: answer.message,
  };
  return json(answer.kind === 'ask' ? { ...heldCallNotice(answer), hookSpecificOutput } : { hookSpecificOutput });
}

// the handshake tools change only intentgate's lifecycle, which the governor has just decided:
// Claude Code's own approval of them would be a second dialog about the same thing
const HANDSHAKE_TOOLS: readonly string[] = [SELECT_ACTIVE_INTENT, ATTEMPT_COMPLETION];

/**
 * An allowed handshake call (from intentgate's intents server: a bare handshake name is no
 * Claude Code tool) is answered `allow`, so it runs without Claude Code's dialog. Every other
 * allowed call gets nothing and stays under Claude Code's own permissions.
 */
const allowHandshake = (): HookOutput =>
  json({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      permissionDecisionReason: 'intentgate: the handshake changes only the lifecycle, which intentgate governs',
    },
  });

/** Text added to the model's context, on the events that take it. */
const context = (hookEventName: string, text: string | undefined): HookOutput =>
  text === undefined || text === '' ? PASS : json({ hookSpecificOutput: { hookEventName, additionalContext: text } });

/** The message of an answer that refuses or holds, or undefined for one that lets things be. */
function refusal(answer: HookAnswer): string | undefined {
  return answer.kind === 'deny' || answer.kind === 'ask' ? answer.message : undefined;
}

const failure = (message: string): HookOutput => ({
  // over HTTP there is no exit code: the body blocks on its own (PreToolUse, UserPromptSubmit)
  stdout: `${JSON.stringify({ decision: 'block', reason: message })}\n`,
  stderr: `${message}\n`,
  exitCode: 2,
});

/**
 * The call's input with its command replaced by the contained command line. Claude Code runs
 * `updatedInput` in place of the model's input (2.0.10 and later; checked with 2.1.197 in
 * test/hooks/agents/claudeCodeContained.e2e.test.ts), `run_in_background` included.
 */
function containedInput(event: HookEvent, contained: ContainedCommand): Readonly<Record<string, unknown>> | undefined {
  if (event.kind !== 'pre_tool' || event.input === undefined) return undefined;
  return { ...event.input, [contained.argument]: contained.line };
}

/**
 * An allowed call that must run contained: `updatedInput` with no `permissionDecision`, so
 * Claude Code's own permission rules still apply, now to the contained line (a decision of
 * `allow` would skip them: intentgate only ever narrows them).
 */
function allowContained(event: HookEvent, contained: ContainedCommand): HookOutput {
  const updatedInput = containedInput(event, contained);
  if (updatedInput === undefined)
    return failure('intentgate: the call may run only contained, and its input was not kept to rewrite; it is blocked');
  return json({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput } });
}

/** A held call that must run contained if the user approves it in Claude Code's prompt: the prompt shows the contained line. */
function askContained(
  event: HookEvent,
  answer: Extract<HookAnswer, { kind: 'ask' }>,
  contained: ContainedCommand,
): HookOutput {
  const updatedInput = containedInput(event, contained);
  if (updatedInput === undefined)
    return failure('intentgate: the call may run only contained, and its input was not kept to rewrite; it is blocked');
  return json({
    ...heldCallNotice(answer),
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'ask',
      permissionDecisionReason: answer.message,
      updatedInput,
    },
  });
}

function answerToolCall(answer: HookAnswer, event: HookEvent): HookOutput {
  switch (answer.kind) {
    // an allow leaves the call to Claude Code's own permissions: intentgate only ever narrows them
    case 'allow':
      if (answer.contained !== undefined) return allowContained(event, answer.contained);
      return event.kind === 'pre_tool' && HANDSHAKE_TOOLS.includes(event.tool) ? allowHandshake() : PASS;
    case 'deny':
      return permission('deny', answer);
    case 'ask':
      return answer.contained === undefined ? permission('ask', answer) : askContained(event, answer, answer.contained);
    default:
      return failure(`intentgate: no decision for a tool call (the answer was '${answer.kind}')`);
  }
}

/**
 * Writes the governor's answer to one event as Claude Code reads it. A tool call is denied
 * or held with `permissionDecision`; a prompt is blocked with `decision: "block"`; context
 * goes to `additionalContext`; a refusal after a tool ran is fed back to the model; a stop or
 * a session's end cannot be refused, so its message is shown to the user.
 */
function writeAnswer(answer: HookAnswer, event: HookEvent): HookOutput {
  const refused = refusal(answer);
  const text = answer.kind === 'proceed' ? answer.context : undefined;
  switch (event.kind) {
    case 'pre_tool':
      return answerToolCall(answer, event);
    case 'user_prompt':
      return refused === undefined ? context('UserPromptSubmit', text) : json({ decision: 'block', reason: refused });
    case 'post_tool':
      return refused === undefined ? context('PostToolUse', text) : json({ decision: 'block', reason: refused });
    case 'session_start':
      return refused === undefined
        ? context('SessionStart', text)
        : json({
            systemMessage: refused,
            hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: refused },
          });
    case 'stop':
    case 'session_end':
      return refused === undefined ? PASS : json({ systemMessage: refused });
    case 'tool_selection':
      return failure('intentgate: Claude Code has no tool-selection event');
    // its PermissionRequest passes ungoverned (readEvent), so no such event reaches here
    case 'permission_request':
      return failure('intentgate: Claude Code permission requests are not answered');
  }
}

/**
 * Claude Code's hooks (`intentgate hook claude-code`): its tools classified for the governor,
 * its events read into neutral ones, and answers written as its hook protocol reads them.
 * Anything that fails blocks: exit code 2, with a `decision: "block"` body for the HTTP hook.
 *
 * @example
 * const read = claudeCodeAdapter.readEvent(JSON.parse(stdin));
 * if (read.ok === true) print(claudeCodeAdapter.writeAnswer(await answerHookEvent(read.event, sessions), read.event));
 */
export const claudeCodeAdapter: AgentHookAdapter = Object.freeze({
  name: 'claude-code',
  governorOptions: CLAUDE_CODE_GOVERNOR_OPTIONS,
  readEvent: readClaudeCodeEvent,
  rewritesShellCommands: true,
  writeAnswer,
  pass: () => PASS,
  failure,
});
