// An agent hook that reads events with the real adapter and answers from a script, so the
// adapter's outputs are checked against the real binary apart from the governor.
// Env: SCRIPTED_HOOK_AGENT (the adapter's name; default claude-code), SCRIPTED_HOOK_ANSWERS
// (JSON: "<event kind>" or "<event kind>:<tool>" -> answer, or "fail" for the adapter's failure;
// a tool selection allows every offered tool unless told), SCRIPTED_HOOK_LOG (a file that gets each read event).
import { appendFileSync, readFileSync } from 'node:fs';
import { findHookAdapter } from '../../../src/hooks/hookAdapters';
import type { HookAnswer, HookEvent } from '../../../src/hooks/hookEvent';
import type { HookOutput } from '../../../src/hooks/agentHookAdapter';
import { createGovernor } from '../../../src/index';

/** A scripted answer: the answer's kind and text; the decision an allow or ask carries is made up here. */
export type ScriptedAnswer =
  | { readonly kind: 'allow' }
  | { readonly kind: 'deny' | 'ask'; readonly message: string; readonly humanNote?: string }
  | { readonly kind: 'proceed'; readonly context?: string }
  | { readonly kind: 'tools'; readonly allowed: readonly string[] }
  | 'fail';

export type AnswerScript = Readonly<Record<string, ScriptedAnswer>>;

function answerFor(script: AnswerScript, event: HookEvent): ScriptedAnswer {
  const tool = event.kind === 'pre_tool' || event.kind === 'post_tool' ? `${event.kind}:${event.tool}` : undefined;
  const fallback: ScriptedAnswer =
    event.kind === 'pre_tool'
      ? { kind: 'allow' }
      : event.kind === 'tool_selection'
        ? { kind: 'tools', allowed: event.tools }
        : { kind: 'proceed' };
  return (tool !== undefined ? script[tool] : undefined) ?? script[event.kind] ?? fallback;
}

function toHookAnswer(answer: Exclude<ScriptedAnswer, 'fail'>): HookAnswer {
  if (answer.kind === 'proceed' || answer.kind === 'tools') return answer;
  // the adapter writes no part of the decision; any real one will do
  const decision = createGovernor({ workspaceRoot: process.cwd(), trace: () => undefined }).isToolAllowed('read_file');
  if (answer.kind === 'allow') return { kind: 'allow', decision };
  if (answer.kind === 'ask')
    return {
      kind: 'ask',
      message: answer.message,
      ...(answer.humanNote !== undefined && { humanNote: answer.humanNote }),
      decision,
    };
  return { kind: answer.kind, message: answer.message, decision };
}

function respond(raw: string): HookOutput {
  const adapter = findHookAdapter(process.env.SCRIPTED_HOOK_AGENT ?? 'claude-code');
  if (adapter === undefined) throw new Error(`no adapter named '${String(process.env.SCRIPTED_HOOK_AGENT)}'`);
  const script = JSON.parse(process.env.SCRIPTED_HOOK_ANSWERS ?? '{}') as AnswerScript;
  const read = adapter.readEvent(JSON.parse(raw));
  if (read.ok === 'pass') return adapter.pass(read.eventName);
  if (read.ok === false) return adapter.failure(read.problem);
  if (process.env.SCRIPTED_HOOK_LOG !== undefined)
    appendFileSync(process.env.SCRIPTED_HOOK_LOG, `${JSON.stringify(read.event)}\n`);
  const answer = answerFor(script, read.event);
  return answer === 'fail'
    ? adapter.failure('intentgate: scripted failure')
    : adapter.writeAnswer(toHookAnswer(answer), read.event);
}

const output = respond(readFileSync(0, 'utf8'));
process.stdout.write(output.stdout);
process.stderr.write(output.stderr);
process.exitCode = output.exitCode;
