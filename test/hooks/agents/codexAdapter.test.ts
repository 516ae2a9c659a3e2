import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codexAdapter } from '../../../src/hooks/agents/codexAdapter';
import type { ReadHookEvent } from '../../../src/hooks/agentHookAdapter';
import type { HookAnswer, HookEvent } from '../../../src/hooks/hookEvent';
import type { Decision } from '../../../src/decision/decision';

const CWD = '/home/dev/project';
const SESSION = '01a21247-6bbb-7130-8232-4ea39035d8ed';

/** A Codex 0.169 event as its hooks receive it (fields as measured). */
function codexEvent(hookEventName: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: SESSION,
    turn_id: '01a21247-6bd5-7063-86fe-bf9c3a19390a',
    transcript_path: `/home/dev/.codex/sessions/2026/11/25/rollout-${SESSION}.jsonl`,
    cwd: CWD,
    hook_event_name: hookEventName,
    model: 'gpt-5.5',
    permission_mode: 'bypassPermissions',
    ...fields,
  };
}

const preTool = (
  tool_name: string,
  tool_input: unknown,
  fields: Record<string, unknown> = {},
): Record<string, unknown> => codexEvent('PreToolUse', { tool_name, tool_input, tool_use_id: 'call_1', ...fields });

const session = { sessionId: SESSION, cwd: CWD } as const;
const toolCall = (tool: string, args: unknown, cwd: string = CWD): ReadHookEvent => ({
  ok: true,
  event: { kind: 'pre_tool', sessionId: SESSION, cwd, tool, args, callId: 'call_1' },
});

const PATCH = '*** Begin Patch\n*** Add File: src/a.ts\n+export {};\n*** End Patch\n';

const readCases: { name: string; raw: unknown; expected: ReadHookEvent }[] = [
  {
    name: 'reads SessionStart as the session start',
    raw: codexEvent('SessionStart', { source: 'startup' }),
    expected: { ok: true, event: { kind: 'session_start', ...session } },
  },
  {
    name: 'reads UserPromptSubmit as the prompt',
    raw: codexEvent('UserPromptSubmit', { prompt: 'add a login page' }),
    expected: { ok: true, event: { kind: 'user_prompt', ...session, prompt: 'add a login page' } },
  },
  {
    name: 'reads Stop as the stop',
    raw: codexEvent('Stop', { stop_hook_active: false, last_assistant_message: 'done' }),
    expected: { ok: true, event: { kind: 'stop', ...session } },
  },
  {
    name: 'passes a stop that was refused once, so the turn cannot be kept going forever',
    raw: codexEvent('Stop', { stop_hook_active: true }),
    expected: { ok: 'pass', eventName: 'Stop' },
  },
  {
    name: 'reads a shell call (Bash) with the event folder as its cwd',
    raw: preTool('Bash', { command: 'echo hi > a.txt' }),
    expected: toolCall('Bash', { command: 'echo hi > a.txt', cwd: CWD }),
  },
  {
    name: "keeps a shell call's own folder, which Codex reports as the event's cwd",
    raw: preTool('Bash', { command: 'rm -rf src' }, { cwd: '/home/dev/other' }),
    expected: toolCall('Bash', { command: 'rm -rf src', cwd: '/home/dev/other' }, '/home/dev/other'),
  },
  {
    name: 'quotes an argv into one command line',
    raw: preTool('Bash', { command: ['bash', '-lc', "echo 'a b' > s.txt"] }),
    expected: toolCall('Bash', { command: `bash -lc 'echo '\\''a b'\\'' > s.txt'`, cwd: CWD }),
  },
  {
    name: 'drops any field but the command from a shell call, so a cwd cannot be smuggled in',
    raw: preTool('Bash', { command: 'ls', cwd: '/', workdir: '/' }),
    expected: toolCall('Bash', { command: 'ls', cwd: CWD }),
  },
  {
    name: "reads apply_patch's body as the patch",
    raw: preTool('apply_patch', { command: PATCH }),
    expected: toolCall('apply_patch', { patch: PATCH }),
  },
  {
    name: 'makes an absolute path under the workspace relative',
    raw: preTool('view_image', { path: `${CWD}/docs/shot.png` }),
    expected: toolCall('view_image', { path: 'docs/shot.png' }),
  },
  {
    name: 'keeps a path outside the workspace as given',
    raw: preTool('view_image', { path: '/etc/shot.png' }),
    expected: toolCall('view_image', { path: '/etc/shot.png' }),
  },
  {
    name: 'reads the workspace itself as "."',
    raw: preTool('view_image', { path: CWD }),
    expected: toolCall('view_image', { path: '.' }),
  },
  {
    name: 'keeps a path that is not normalised as given',
    raw: preTool('view_image', { path: `${CWD}/../x.png` }),
    expected: toolCall('view_image', { path: `${CWD}/../x.png` }),
  },
  {
    name: "maps the intents server's select_active_intent to the handshake tool",
    raw: preTool('mcp__intentgate__select_active_intent', { intent_id: 'INT-001' }),
    expected: toolCall('select_active_intent', { intent_id: 'INT-001' }),
  },
  {
    name: "maps the intents server's attempt_completion to the handshake tool",
    raw: preTool('mcp__intentgate__attempt_completion', { result: 'done' }),
    expected: toolCall('attempt_completion', { result: 'done' }),
  },
  {
    name: "keeps another server's select_active_intent as an MCP tool",
    raw: preTool('mcp__evil__select_active_intent', { intent_id: 'INT-001' }),
    expected: toolCall('mcp__evil__select_active_intent', { intent_id: 'INT-001' }),
  },
  ...[
    'spawn_agent',
    'request_user_input',
    'get_goal',
    'create_goal',
    'update_goal',
    'list_mcp_resources',
    'read_mcp_resource',
  ].map((tool) => ({
    name: `reads ${tool} under its own name`,
    raw: preTool(tool, { any: 'thing' }),
    expected: toolCall(tool, { any: 'thing' }),
  })),
  {
    name: 'reads PostToolUse as the tool having run',
    raw: codexEvent('PostToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: 'a.txt',
      tool_use_id: 'call_2',
    }),
    expected: {
      ok: true,
      event: { kind: 'post_tool', ...session, tool: 'Bash', args: { command: 'ls', cwd: CWD }, callId: 'call_2' },
    },
  },
  {
    name: 'reads a call without a tool_use_id',
    raw: codexEvent('PreToolUse', { tool_name: 'get_goal', tool_input: {} }),
    expected: { ok: true, event: { kind: 'pre_tool', ...session, tool: 'get_goal', args: {} } },
  },
  ...['PreCompact', 'PostCompact', 'SubagentStart', 'SubagentStop', 'StopFailure'].map((eventName) => ({
    name: `passes ${eventName}`,
    raw: codexEvent(eventName),
    expected: { ok: 'pass', eventName } as const,
  })),
];

/** A call about to run keeps its input as sent, to hand it back rewritten (a contained command). */
function withInput(expected: ReadHookEvent, raw: unknown): ReadHookEvent {
  if (expected.ok !== true || expected.event.kind !== 'pre_tool') return expected;
  const input = (raw as { readonly tool_input: Readonly<Record<string, unknown>> }).tool_input;
  return { ok: true, event: { ...expected.event, input } };
}

describe('codexAdapter.readEvent', () => {
  it.each(readCases)('$name', ({ raw, expected }) => {
    expect(codexAdapter.readEvent(raw)).toEqual(withInput(expected, raw));
  });
});

const protoInput: unknown = JSON.parse('{"__proto__": {"command": "ls"}}');

const badCases: { name: string; raw: unknown; problem: RegExp }[] = [
  { name: 'refuses null', raw: null, problem: /no hook_event_name/ },
  { name: 'refuses an array', raw: [codexEvent('Stop')], problem: /no hook_event_name/ },
  { name: 'refuses text', raw: 'PreToolUse', problem: /no hook_event_name/ },
  { name: 'refuses an event without its name', raw: { session_id: SESSION, cwd: CWD }, problem: /no hook_event_name/ },
  { name: 'refuses an unknown event', raw: codexEvent('BeforeTool'), problem: /unknown Codex hook event 'BeforeTool'/ },
  { name: 'refuses an event without a session', raw: { hook_event_name: 'Stop', cwd: CWD }, problem: /session_id/ },
  { name: 'refuses an empty session id', raw: codexEvent('Stop', { session_id: '' }), problem: /session_id/ },
  {
    name: 'refuses a session id past 256 characters',
    raw: codexEvent('Stop', { session_id: 'x'.repeat(257) }),
    problem: /session_id/,
  },
  {
    name: 'refuses a relative cwd',
    raw: codexEvent('Stop', { cwd: 'project' }),
    problem: /cwd: must be an absolute, normalised path/,
  },
  { name: 'refuses a cwd with a trailing slash', raw: codexEvent('Stop', { cwd: `${CWD}/` }), problem: /cwd/ },
  { name: 'refuses a cwd with ".." in it', raw: codexEvent('Stop', { cwd: `${CWD}/../x` }), problem: /cwd/ },
  { name: 'refuses a cwd with a NUL', raw: codexEvent('Stop', { cwd: `${CWD}\0x` }), problem: /NUL/ },
  { name: 'refuses a prompt event without its prompt', raw: codexEvent('UserPromptSubmit'), problem: /prompt/ },
  {
    name: 'refuses a call without a tool name',
    raw: codexEvent('PreToolUse', { tool_input: {} }),
    problem: /tool_name/,
  },
  { name: 'refuses an empty tool name', raw: preTool('', {}), problem: /tool_name/ },
  { name: 'refuses a tool name past 256 characters', raw: preTool('x'.repeat(257), {}), problem: /tool_name/ },
  {
    name: 'refuses arguments that are a list',
    raw: preTool('Bash', ['ls']),
    problem: /tool_input: must be a plain object/,
  },
  { name: 'refuses arguments that are text', raw: preTool('Bash', 'ls'), problem: /tool_input/ },
  { name: 'refuses arguments with a __proto__ key', raw: preTool('Bash', protoInput), problem: /__proto__/ },
  {
    name: 'refuses a shell call whose command is a number',
    raw: preTool('Bash', { command: 1 }),
    problem: /Bash's 'command' must be a string or a list of strings, got 1/,
  },
  {
    name: 'refuses a shell call with an empty argv',
    raw: preTool('Bash', { command: [] }),
    problem: /Bash's 'command'/,
  },
  {
    name: 'refuses a shell call whose argv holds a number',
    raw: preTool('Bash', { command: ['rm', 1] }),
    problem: /Bash's 'command'/,
  },
  { name: 'refuses a shell call without a command', raw: preTool('Bash', {}), problem: /Bash's 'command'/ },
  {
    name: 'refuses apply_patch without its patch text',
    raw: preTool('apply_patch', { patch: PATCH }),
    problem: /apply_patch's 'command' must be the patch text/,
  },
  {
    name: 'refuses a bare handshake name, which no Codex tool has',
    raw: preTool('select_active_intent', { intent_id: 'INT-001' }),
    problem: /no Codex tool/,
  },
  { name: 'refuses a bare attempt_completion', raw: preTool('attempt_completion', {}), problem: /no Codex tool/ },
];

describe('codexAdapter.readEvent on bad input', () => {
  it.each(badCases)('$name', ({ raw, problem }) => {
    const read = codexAdapter.readEvent(raw);
    expect(read.ok).toBe(false);
    expect(read.ok === false && read.problem).toMatch(problem);
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            hook_event_name: fc.constantFrom('PreToolUse', 'PostToolUse', 'Stop', 'UserPromptSubmit'),
            session_id: fc.string(),
            cwd: fc.string(),
            tool_name: fc.string(),
            tool_input: fc.jsonValue(),
          }),
        ),
        (raw) => {
          const read = codexAdapter.readEvent(raw);
          expect([true, false, 'pass']).toContain(read.ok);
        },
      ),
    );
  });
});

const decision = { verdict: 'deny', reasons: [] } as unknown as Decision;
const PROMPT = '1) What I want to do: write src/a.ts';
const HELD = 'This call is held until a human approves it; it did not run.';

const eventOf = (kind: HookEvent['kind']): HookEvent =>
  kind === 'pre_tool' || kind === 'post_tool' || kind === 'permission_request'
    ? { kind, ...session, tool: 'Bash', args: { command: 'ls' } }
    : kind === 'user_prompt'
      ? { kind, ...session, prompt: 'go' }
      : kind === 'tool_selection'
        ? { kind, ...session, tools: ['Bash'] }
        : { kind, ...session };

const json = (body: unknown): { stdout: string; stderr: string; exitCode: number } => ({
  stdout: `${JSON.stringify(body)}\n`,
  stderr: '',
  exitCode: 0,
});
const PASSED = { stdout: '', stderr: '', exitCode: 0 };

const writeCases: { name: string; kind: HookEvent['kind']; answer: HookAnswer; expected: unknown }[] = [
  {
    name: 'prints nothing for an allowed call, leaving it to Codex',
    kind: 'pre_tool',
    answer: { kind: 'allow', decision },
    expected: PASSED,
  },
  {
    name: 'denies a refused call with the reason for the model',
    kind: 'pre_tool',
    answer: { kind: 'deny', message: 'State Violation', decision },
    expected: json({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'State Violation',
      },
    }),
  },
  {
    name: 'adds context to a prompt',
    kind: 'user_prompt',
    answer: { kind: 'proceed', context: 'Select an intent.' },
    expected: json({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'Select an intent.' },
    }),
  },
  {
    name: 'prints nothing for a prompt without context',
    kind: 'user_prompt',
    answer: { kind: 'proceed' },
    expected: PASSED,
  },
  {
    name: 'prints nothing for empty context',
    kind: 'user_prompt',
    answer: { kind: 'proceed', context: '' },
    expected: PASSED,
  },
  {
    name: 'blocks a refused prompt',
    kind: 'user_prompt',
    answer: { kind: 'deny', message: 'no' },
    expected: json({ decision: 'block', reason: 'no' }),
  },
  {
    name: 'adds context after a tool ran',
    kind: 'post_tool',
    answer: { kind: 'proceed', context: 'noted' },
    expected: json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'noted' } }),
  },
  {
    name: "replaces a tool's result when refused after it ran",
    kind: 'post_tool',
    answer: { kind: 'deny', message: 'hidden' },
    expected: json({ decision: 'block', reason: 'hidden' }),
  },
  {
    name: 'adds context at the session start',
    kind: 'session_start',
    answer: { kind: 'proceed', context: 'handshake' },
    expected: json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'handshake' } }),
  },
  {
    name: 'shows a refused session start to the user and the model',
    kind: 'session_start',
    answer: { kind: 'deny', message: 'no orchestration' },
    expected: json({
      systemMessage: 'no orchestration',
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'no orchestration' },
    }),
  },
  { name: 'lets a stop be', kind: 'stop', answer: { kind: 'proceed' }, expected: PASSED },
  {
    name: 'keeps the turn going when a stop is refused',
    kind: 'stop',
    answer: { kind: 'deny', message: 'finish with attempt_completion' },
    expected: json({ decision: 'block', reason: 'finish with attempt_completion' }),
  },
];

const blockCases: { name: string; kind: HookEvent['kind']; answer: HookAnswer }[] = [
  { name: 'blocks a tool call answered with proceed', kind: 'pre_tool', answer: { kind: 'proceed' } },
  { name: 'blocks a tool call answered with a tool list', kind: 'pre_tool', answer: { kind: 'tools', allowed: [] } },
  { name: 'blocks a session end, which Codex never sends', kind: 'session_end', answer: { kind: 'proceed' } },
  {
    name: 'blocks a tool selection, which Codex never sends',
    kind: 'tool_selection',
    answer: { kind: 'tools', allowed: ['Bash'] },
  },
];

describe('codexAdapter.writeAnswer', () => {
  it("answers Codex's approval prompt: allow runs the call, a refusal or a hold denies it with the message, nothing leaves it to Codex", () => {
    const event: HookEvent = { kind: 'permission_request', ...session, tool: 'Bash', args: { command: 'ls' } };
    const decided = (decision: unknown) =>
      json({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } });
    expect(codexAdapter.writeAnswer({ kind: 'allow', decision }, event)).toEqual(decided({ behavior: 'allow' }));
    expect(codexAdapter.writeAnswer({ kind: 'deny', message: 'no', decision }, event)).toEqual(
      decided({ behavior: 'deny', message: 'no' }),
    );
    expect(JSON.parse(codexAdapter.writeAnswer({ kind: 'ask', message: PROMPT, decision }, event).stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: expect.stringContaining(HELD) },
      },
    });
    expect(codexAdapter.writeAnswer({ kind: 'proceed' }, event)).toEqual(PASSED);
    expect(codexAdapter.writeAnswer({ kind: 'tools', allowed: [] }, event).exitCode).toBe(2);
  });

  it("hands a command that must run contained back as its contained line, which Codex runs in place of the model's", () => {
    const contained = { argument: 'command', line: "/usr/bin/bwrap --ro-bind / / bash -c 'ls'" };
    const output = codexAdapter.writeAnswer({ kind: 'allow', decision, contained }, {
      ...eventOf('pre_tool'),
      input: { command: 'ls' },
    } as HookEvent);
    expect(output).toEqual(
      json({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          updatedInput: { command: contained.line },
        },
      }),
    );
  });

  it('declares that Codex runs a rewritten shell command', () => {
    expect(codexAdapter.rewritesShellCommands).toBe(true);
  });

  it.each(writeCases)('$name', ({ kind, answer, expected }) => {
    expect(codexAdapter.writeAnswer(answer, eventOf(kind))).toEqual(expected);
  });

  it('refuses a held call with its prompt, saying a human decides, Codex having no ask', () => {
    const output = codexAdapter.writeAnswer({ kind: 'ask', message: PROMPT, decision }, eventOf('pre_tool'));
    const body: unknown = JSON.parse(output.stdout);
    expect(body).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: expect.stringContaining(PROMPT),
      },
    });
    expect(output.stdout).toContain(HELD);
  });

  it("puts a held call's commands in systemMessage, for the user, not in the reason the model reads", () => {
    const output = codexAdapter.writeAnswer(
      { kind: 'ask', message: PROMPT, humanNote: 'run intentgate approve', decision },
      eventOf('pre_tool'),
    );
    const body = JSON.parse(output.stdout) as {
      systemMessage?: string;
      hookSpecificOutput: { permissionDecisionReason: string };
    };
    expect(body.systemMessage).toBe('run intentgate approve');
    expect(body.hookSpecificOutput.permissionDecisionReason).not.toContain('intentgate approve');
  });

  it('blocks a prompt that is held, saying it is held', () => {
    const output = codexAdapter.writeAnswer({ kind: 'ask', message: PROMPT, decision }, eventOf('user_prompt'));
    expect(JSON.parse(output.stdout)).toEqual({ decision: 'block', reason: expect.stringContaining(HELD) });
  });

  it.each(blockCases)('$name', ({ kind, answer }) => {
    const output = codexAdapter.writeAnswer(answer, eventOf(kind));
    expect(output.exitCode).toBe(2);
    expect(output.stderr).toMatch(/^intentgate: .+\n$/);
  });

  it('never lets a refused or held call through, whatever the message', () => {
    fc.assert(
      fc.property(fc.constantFrom<'deny' | 'ask'>('deny', 'ask'), fc.string({ minLength: 1 }), (kind, message) => {
        const output = codexAdapter.writeAnswer(
          kind === 'deny' ? { kind, message } : { kind, message, decision },
          eventOf('pre_tool'),
        );
        expect(JSON.parse(output.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
      }),
    );
  });
});

describe('codexAdapter.failure and pass', () => {
  it('blocks with exit code 2 and the reason on stderr', () => {
    expect(codexAdapter.failure('intentgate: the session store is unavailable')).toEqual({
      stdout: '',
      stderr: 'intentgate: the session store is unavailable\n',
      exitCode: 2,
    });
  });

  it('prints nothing for an event that passes', () => {
    expect(codexAdapter.pass('PreCompact')).toEqual(PASSED);
  });
});
