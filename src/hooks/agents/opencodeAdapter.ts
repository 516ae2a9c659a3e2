import type { AgentHookAdapter, HookOutput } from '../agentHookAdapter';
import type { HookAnswer, HookEvent } from '../hookEvent';
import { jsonOutput, PASS, refusalOf } from './hookOutputs';
import { readOpencodeEvent } from './opencodeEvent';
import { OPENCODE_GOVERNOR_OPTIONS } from './opencodeTools';

// OpenCode has no command hooks: intentgate's plugin (opencodePlugin.ts) runs this hook for
// each call and reads what it prints. `decision: "deny"` makes the plugin throw before the
// call, which OpenCode reports to the model as the call's result (measured, 1.18.33), or
// replace a result after it; `additionalContext` is added to a result; any other exit code
// than 0, or output that is not this JSON, makes the plugin throw too. `updatedArgs` are set
// on the call's arguments before it runs: a shell command that must run contained becomes its
// contained line (OpenCode runs the changed `output.args`; measured: agentsContained.e2e.test.ts).

/** The block of anything that fails: exit 2 and a body that refuses the call. */
function failure(message: string): HookOutput {
  return Object.freeze({
    stdout: `${JSON.stringify({ decision: 'deny', reason: message })}\n`,
    stderr: `${message}\n`,
    exitCode: 2,
  });
}

/**
 * Writes the governor's answer to a tool call, or to its result, as intentgate's OpenCode
 * plugin reads it. A shell command allowed only contained is answered with its contained line
 * as `updatedArgs`. A held call is refused with the prompt saying a human decides: OpenCode's
 * plugins cannot put a question to its user.
 */
function writeAnswer(answer: HookAnswer, event: HookEvent): HookOutput {
  if (event.kind !== 'pre_tool' && event.kind !== 'post_tool')
    return failure(`intentgate: the OpenCode plugin sends no ${event.kind} event`);
  // the plugin sets these on the call's arguments, which OpenCode then runs: only the command changes
  if (answer.kind === 'allow' && answer.contained !== undefined)
    return jsonOutput({ updatedArgs: { [answer.contained.argument]: answer.contained.line } });
  if (answer.kind === 'allow') return PASS;
  const refused = refusalOf(answer);
  if (refused !== undefined) return jsonOutput({ decision: 'deny', reason: refused });
  if (answer.kind === 'proceed')
    return answer.context === undefined || answer.context === '' || event.kind === 'pre_tool'
      ? PASS
      : jsonOutput({ additionalContext: answer.context });
  return failure(`intentgate: no decision for a tool call (the answer was '${answer.kind}')`);
}

/**
 * OpenCode's plugin hooks (`intentgate hook opencode`, run by intentgate's plugin in
 * `.opencode/plugin/`): its tools classified for the governor, the plugin's events read into
 * neutral ones, and answers written as the plugin reads them. Anything that fails blocks.
 */
export const opencodeAdapter: AgentHookAdapter = Object.freeze({
  name: 'opencode',
  governorOptions: OPENCODE_GOVERNOR_OPTIONS,
  // the plugin sets the hook's `updatedArgs` on `output.args`, which OpenCode 1.18.33 runs (agentsContained.e2e.test.ts)
  rewritesShellCommands: true,
  readEvent: readOpencodeEvent,
  writeAnswer,
  pass: () => PASS,
  failure,
});
