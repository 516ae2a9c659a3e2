// A Claude Code hook that reads events with the real adapter and answers from a script, so
// the adapter's outputs are checked against the real binary apart from the governor.
// Env: SCRIPTED_HOOK_ANSWERS (JSON: "<event kind>" or "<event kind>:<tool>" -> answer, or
// "fail" for the adapter's failure), SCRIPTED_HOOK_LOG (a file that gets each read event).
import { appendFileSync, readFileSync } from 'node:fs';
import { claudeCodeAdapter } from '../../../src/hooks/agents/claudeCode';
import type { HookAnswer, HookEvent } from '../../../src/hooks/hookEvent';
import type { HookOutput } from '../../../src/hooks/agentHookAdapter';
import { createGovernor } from '../../../src/index';

/** A scripted answer: the answer's kind and text; the decision an allow or ask carries is made up here. */
export type ScriptedAnswer = { readonly kind: 'allow' } | { readonly kind: 'deny' | 'ask'; readonly message: string } | { readonly kind: 'proceed'; readonly context?: string } | 'fail';

export type AnswerScript = Readonly<Record<string, ScriptedAnswer>>;

function answerFor(script: AnswerScript, event: HookEvent): ScriptedAnswer {
  const tool = event.kind === 'pre_tool' || event.kind === 'post_tool' ? `${event.kind}:${event.tool}` : undefined;
  return (tool !== undefined ? script[tool] : undefined) ?? script[event.kind] ?? (event.kind === 'pre_tool' ? { kind: 'allow' } : { kind: 'proceed' });
}

function toHookAnswer(answer: Exclude<ScriptedAnswer, 'fail'>): HookAnswer {
  if (answer.kind === 'proceed') return answer;
  // the adapter writes no part of the decision; any real one will do
  const decision = createGovernor({ workspaceRoot: process.cwd(), trace: () => undefined }).isToolAllowed('read_file');
  return answer.kind === 'allow' ? { kind: 'allow', decision } : { kind: answer.kind, message: answer.message, decision };
}

function respond(raw: string): HookOutput {
  const script = JSON.parse(process.env.SCRIPTED_HOOK_ANSWERS ?? '{}') as AnswerScript;
  const read = claudeCodeAdapter.readEvent(JSON.parse(raw));
  if (read.ok === 'pass') return claudeCodeAdapter.pass(read.eventName);
  if (read.ok === false) return claudeCodeAdapter.failure(read.problem);
  if (process.env.SCRIPTED_HOOK_LOG !== undefined) appendFileSync(process.env.SCRIPTED_HOOK_LOG, `${JSON.stringify(read.event)}\n`);
  const answer = answerFor(script, read.event);
  return answer === 'fail' ? claudeCodeAdapter.failure('scripted failure') : claudeCodeAdapter.writeAnswer(toHookAnswer(answer), read.event);
}

const output = respond(readFileSync(0, 'utf8'));
process.stdout.write(output.stdout);
process.stderr.write(output.stderr);
process.exitCode = output.exitCode;
