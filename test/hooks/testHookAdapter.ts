import type { AgentHookAdapter, HookOutput } from '../../src/hooks/agentHookAdapter';
import type { HookAnswer, HookEvent } from '../../src/hooks/hookEvent';

// A tiny agent protocol for tests of what adapters plug into: {"session", "event", ...} in, one
// JSON line out, exit 2 on a block. Its tools are the governor's own names, plus one of its own.

const json = (value: unknown, exitCode = 0): HookOutput => ({
  stdout: `${JSON.stringify(value)}\n`,
  stderr: '',
  exitCode,
});

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function readEvent(raw: unknown): ReturnType<AgentHookAdapter['readEvent']> {
  const event = asRecord(raw);
  const sessionId = event?.session;
  if (!event || typeof sessionId !== 'string') return { ok: false, problem: 'no session' };
  const base = { sessionId, cwd: typeof event.cwd === 'string' ? event.cwd : '/' };
  const tool = typeof event.tool === 'string' ? event.tool : '';
  switch (event.event) {
    case 'start':
      return { ok: true, event: { kind: 'session_start', ...base } };
    case 'prompt':
      return { ok: true, event: { kind: 'user_prompt', ...base, prompt: String(event.prompt ?? '') } };
    case 'pre':
      return { ok: true, event: { kind: 'pre_tool', ...base, tool, args: event.args } };
    case 'post':
      return { ok: true, event: { kind: 'post_tool', ...base, tool, args: event.args } };
    case 'tools':
      return {
        ok: true,
        event: { kind: 'tool_selection', ...base, tools: Array.isArray(event.tools) ? event.tools.map(String) : [] },
      };
    case 'end':
      return { ok: true, event: { kind: 'session_end', ...base } };
    case 'note':
      return { ok: 'pass', eventName: 'note' };
    default:
      return { ok: false, problem: `unknown event ${String(event.event)}` };
  }
}

function writeAnswer(answer: HookAnswer, _event: HookEvent): HookOutput {
  switch (answer.kind) {
    case 'proceed':
      return json({ answer: 'proceed', context: answer.context ?? null });
    case 'allow':
      return json({ answer: 'allow', code: answer.decision.code });
    case 'ask':
      return json({
        answer: 'ask',
        code: answer.decision.code,
        message: answer.message,
        humanNote: answer.humanNote ?? null,
      });
    case 'deny':
      return json({ answer: 'deny', code: answer.decision?.code ?? null, message: answer.message }, 2);
    case 'tools':
      return json({ answer: 'tools', tools: answer.allowed });
  }
}

export const testHookAdapter: AgentHookAdapter = {
  name: 'test-agent',
  governorOptions: { classification: { take_note: 'SAFE' }, toolKinds: { take_note: { kind: 'none' } } },
  readEvent,
  writeAnswer,
  pass: (eventName) => ({ stdout: '', stderr: `passed ${eventName}\n`, exitCode: 0 }),
  failure: (message) => json({ answer: 'block', message }, 2),
};
