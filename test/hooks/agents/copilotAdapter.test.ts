import { describe, expect, it } from 'vitest';
import type { Decision } from '../../../src/decision/decision';
import type { ReadHookEvent } from '../../../src/hooks/agentHookAdapter';
import { copilotAdapter } from '../../../src/hooks/agents/copilotAdapter';
import type { HookAnswer, HookEvent } from '../../../src/hooks/hookEvent';

const CWD = '/home/dev/project';
const SESSION = '7538c1ab-616e-42ce-a7ef-937c741af966';

/** A GitHub Copilot CLI 1.0.102 event as a hook configured under a PascalCase event name receives it (fields as measured). */
const copilotEvent = (hook_event_name: string, fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  hook_event_name,
  session_id: SESSION,
  timestamp: '2026-12-02T07:05:46.313Z',
  cwd: CWD,
  ...fields,
});

const preTool = (tool_name: string, tool_input: Record<string, unknown>): Record<string, unknown> =>
  copilotEvent('PreToolUse', { tool_name, tool_input });
const session = { sessionId: SESSION, cwd: CWD } as const;
const toolCall = (tool: string, args: unknown, input: Record<string, unknown>): ReadHookEvent => ({
  ok: true,
  event: { kind: 'pre_tool', ...session, tool, args, input },
});

const readCases: { name: string; raw: Record<string, unknown>; expected: ReadHookEvent }[] = [
  {
    name: 'reads SessionStart',
    raw: copilotEvent('SessionStart', { source: 'new', initial_prompt: 'x' }),
    expected: { ok: true, event: { kind: 'session_start', ...session } },
  },
  {
    name: 'reads UserPromptSubmit as the prompt',
    raw: copilotEvent('UserPromptSubmit', { prompt: 'fix the login' }),
    expected: { ok: true, event: { kind: 'user_prompt', ...session, prompt: 'fix the login' } },
  },
  {
    name: 'reads Stop',
    raw: copilotEvent('Stop', { stop_reason: 'end_turn', stop_hook_active: false }),
    expected: { ok: true, event: { kind: 'stop', ...session } },
  },
  {
    name: 'passes a stop refused once, which Copilot asks again and again',
    raw: copilotEvent('Stop', { stop_hook_active: true }),
    expected: { ok: 'pass', eventName: 'Stop' },
  },
  {
    name: 'reads SessionEnd',
    raw: copilotEvent('SessionEnd', { reason: 'complete' }),
    expected: { ok: true, event: { kind: 'session_end', ...session } },
  },
  {
    name: "makes create's absolute path relative",
    raw: preTool('Write', { path: `${CWD}/src/a.ts`, file_text: 'x' }),
    expected: toolCall('Write', { path: 'src/a.ts', file_text: 'x' }, { path: `${CWD}/src/a.ts`, file_text: 'x' }),
  },
  {
    name: 'keeps a path outside the workspace',
    raw: preTool('Read', { path: '/etc/passwd' }),
    expected: toolCall('Read', { path: '/etc/passwd' }, { path: '/etc/passwd' }),
  },
  {
    name: 'gives a shell call the session folder',
    raw: preTool('Bash', { command: 'ls', description: 'd' }),
    expected: toolCall('Bash', { command: 'ls', description: 'd', cwd: CWD }, { command: 'ls', description: 'd' }),
  },
  {
    name: "maps the intents server's select_active_intent to the handshake tool",
    raw: preTool('intentgate-select_active_intent', { intent_id: 'INT-001' }),
    expected: toolCall('select_active_intent', { intent_id: 'INT-001' }, { intent_id: 'INT-001' }),
  },
  {
    name: 'passes a notification',
    raw: copilotEvent('Notification', { notification_type: 'idle' }),
    expected: { ok: 'pass', eventName: 'Notification' },
  },
];

describe('copilotAdapter.readEvent', () => {
  it.each(readCases)('$name', ({ raw, expected }) => {
    expect(copilotAdapter.readEvent(raw)).toEqual(expected);
  });

  it.each([
    [
      'a bare handshake name, which only the intents server may offer',
      preTool('select_active_intent', { intent_id: 'INT-001' }),
    ],
    ['an unknown event', copilotEvent('SomethingNew')],
    [
      'the camelCase format, which has no hook_event_name',
      { sessionId: SESSION, timestamp: 1, cwd: CWD, toolName: 'bash', toolArgs: '{}' },
    ],
    ['a relative cwd', { ...preTool('Read', { path: 'a' }), cwd: 'project' }],
  ])('refuses %s', (_name, raw) => {
    expect(copilotAdapter.readEvent(raw)).toMatchObject({ ok: false });
  });
});

const decision = { verdict: 'deny', reasons: [] } as unknown as Decision;
const pre = (
  copilotAdapter.readEvent(preTool('Write', { path: `${CWD}/src/a.ts`, file_text: 'x' })) as { event: HookEvent }
).event;
const event = (kind: 'user_prompt' | 'post_tool' | 'stop' | 'session_start' | 'session_end'): HookEvent =>
  kind === 'user_prompt'
    ? { kind, ...session, prompt: 'p' }
    : kind === 'post_tool'
      ? { kind, ...session, tool: 'Read', args: {} }
      : { kind, ...session };
const json = (answer: HookAnswer, on: HookEvent): unknown => {
  const output = copilotAdapter.writeAnswer(answer, on);
  return output.stdout === '' ? undefined : JSON.parse(output.stdout);
};

describe('copilotAdapter.writeAnswer', () => {
  it('leaves an allowed call to Copilot: nothing printed', () => {
    expect(copilotAdapter.writeAnswer({ kind: 'allow', decision }, pre)).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
  });

  it('denies a refused call with permissionDecision', () => {
    expect(json({ kind: 'deny', message: 'no intent', decision }, pre)).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: 'no intent',
    });
  });

  it('denies a held call, saying a human decides, with how to approve for the human only', () => {
    expect(json({ kind: 'ask', message: 'risky', humanNote: 'run intentgate approve', decision }, pre)).toEqual({
      systemMessage: 'run intentgate approve',
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringContaining('held until a human approves it'),
    });
  });

  it("hands back a call that may run only contained as modifiedArgs, allowed: the model's input with its contained line", () => {
    const shell = (
      copilotAdapter.readEvent(preTool('Bash', { command: 'touch x', description: 'd' })) as { event: HookEvent }
    ).event;
    const output = copilotAdapter.writeAnswer(
      { kind: 'allow', decision, contained: { argument: 'command', line: 'bwrap -- bash -c x' } },
      shell,
    );
    expect(output.exitCode).toBe(0);
    expect(JSON.parse(output.stdout)).toEqual({
      permissionDecision: 'allow',
      modifiedArgs: { command: 'bwrap -- bash -c x', description: 'd' },
    });
    expect(copilotAdapter.rewritesShellCommands).toBe(true);
  });

  it.each(['user_prompt', 'post_tool', 'session_start'] as const)(
    'puts context on %s in a top-level additionalContext',
    (kind) => {
      expect(json({ kind: 'proceed', context: 'pick an intent' }, event(kind))).toEqual({
        additionalContext: 'pick an intent',
      });
    },
  );

  it.each(['user_prompt', 'post_tool', 'stop'] as const)('blocks %s with decision: block', (kind) => {
    expect(json({ kind: 'deny', message: 'no' }, event(kind))).toEqual({ decision: 'block', reason: 'no' });
  });

  it('prints nothing for a stop or a session end with nothing to say', () => {
    expect(copilotAdapter.writeAnswer({ kind: 'proceed' }, event('stop')).stdout).toBe('');
    expect(copilotAdapter.writeAnswer({ kind: 'proceed' }, event('session_end')).stdout).toBe('');
  });

  it('fails closed: exit 2 and a body that denies and blocks', () => {
    const output = copilotAdapter.failure('broken');
    expect(output.exitCode).toBe(2);
    expect(JSON.parse(output.stdout)).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: 'broken',
      decision: 'block',
      reason: 'broken',
    });
  });
});
