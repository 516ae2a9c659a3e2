import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../../src/decision/decision';
import type { ReadHookEvent } from '../../../src/hooks/agentHookAdapter';
import { geminiAdapter } from '../../../src/hooks/agents/geminiAdapter';
import { GEMINI_SELECTABLE_TOOLS } from '../../../src/hooks/agents/geminiEvent';
import type { HookAnswer, HookEvent } from '../../../src/hooks/hookEvent';

const CWD = '/home/dev/project';
const SESSION = '215dfdc5-8db0-4af5-a457-d3664a6ed6a0';

/** A Gemini CLI 0.61 event as its hooks receive it (fields as measured). */
function geminiEvent(hook_event_name: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    session_id: SESSION,
    transcript_path: `/home/dev/.gemini/tmp/project/chats/session-2026-11-25T10-37-${SESSION.slice(0, 8)}.jsonl`,
    cwd: CWD,
    hook_event_name,
    timestamp: '2026-11-25T10:37:58.329Z',
    ...fields,
  };
}

const beforeTool = (
  tool_name: string,
  tool_input: unknown,
  fields: Record<string, unknown> = {},
): Record<string, unknown> => geminiEvent('BeforeTool', { tool_name, tool_input, ...fields });

const intentsContext = (tool: string): Record<string, unknown> => ({
  mcp_context: { server_name: 'intentgate', tool_name: tool, command: 'intentgate' },
});

const session = { sessionId: SESSION, cwd: CWD } as const;
const toolCall = (tool: string, args: unknown): ReadHookEvent => ({
  ok: true,
  event: { kind: 'pre_tool', ...session, tool, args },
});

const readCases: { name: string; raw: unknown; expected: ReadHookEvent }[] = [
  {
    name: 'reads SessionStart as the session start',
    raw: geminiEvent('SessionStart', { source: 'startup' }),
    expected: { ok: true, event: { kind: 'session_start', ...session } },
  },
  {
    name: "reads BeforeAgent as the user's prompt",
    raw: geminiEvent('BeforeAgent', { prompt: 'fix the login' }),
    expected: { ok: true, event: { kind: 'user_prompt', ...session, prompt: 'fix the login' } },
  },
  {
    name: 'reads AfterAgent as the stop',
    raw: geminiEvent('AfterAgent', { prompt: 'x', prompt_response: 'done', stop_hook_active: false }),
    expected: { ok: true, event: { kind: 'stop', ...session } },
  },
  {
    name: 'passes a stop that was refused once, so the agent is not sent back forever',
    raw: geminiEvent('AfterAgent', { stop_hook_active: true }),
    expected: { ok: 'pass', eventName: 'AfterAgent' },
  },
  {
    name: 'reads SessionEnd as the session end',
    raw: geminiEvent('SessionEnd', { reason: 'exit' }),
    expected: { ok: true, event: { kind: 'session_end', ...session } },
  },
  {
    name: 'reads BeforeToolSelection as the choice of tools, offering every tool the adapter knows',
    raw: geminiEvent('BeforeToolSelection', {
      llm_request: { model: 'gemini-3.1-pro-preview', messages: [], config: {} },
    }),
    expected: { ok: true, event: { kind: 'tool_selection', ...session, tools: GEMINI_SELECTABLE_TOOLS } },
  },
  {
    name: 'makes a file path under the workspace relative',
    raw: beforeTool('write_file', { file_path: `${CWD}/src/a.ts`, content: 'x' }),
    expected: toolCall('write_file', { file_path: 'src/a.ts', content: 'x' }),
  },
  {
    name: 'keeps a relative file path',
    raw: beforeTool('replace', { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }),
    expected: toolCall('replace', { file_path: 'src/a.ts', old_string: 'a', new_string: 'b' }),
  },
  {
    name: 'keeps a path outside the workspace as given',
    raw: beforeTool('read_file', { file_path: '/etc/passwd' }),
    expected: toolCall('read_file', { file_path: '/etc/passwd' }),
  },
  {
    name: "makes a shell call's folder relative",
    raw: beforeTool('run_shell_command', { command: 'ls', dir_path: `${CWD}/src` }),
    expected: toolCall('run_shell_command', { command: 'ls', dir_path: 'src' }),
  },
  {
    name: 'reads a shell call without a folder',
    raw: beforeTool('run_shell_command', { command: 'npm test' }),
    expected: toolCall('run_shell_command', { command: 'npm test' }),
  },
  {
    name: 'makes each path of a list relative',
    raw: beforeTool('read_many_files', { include: [`${CWD}/a.md`, 'b/**'] }),
    expected: toolCall('read_many_files', { include: ['a.md', 'b/**'] }),
  },
  {
    name: "makes a glob's absolute pattern relative",
    raw: beforeTool('glob', { pattern: `${CWD}/src/**/*.ts` }),
    expected: toolCall('glob', { pattern: 'src/**/*.ts' }),
  },
  {
    name: 'reads the workspace itself as "."',
    raw: beforeTool('list_directory', { dir_path: CWD }),
    expected: toolCall('list_directory', { dir_path: '.' }),
  },
  {
    name: "maps the intents server's select_active_intent to the handshake tool",
    raw: beforeTool(
      'mcp_intentgate_select_active_intent',
      { intent_id: 'INT-001' },
      intentsContext('select_active_intent'),
    ),
    expected: toolCall('select_active_intent', { intent_id: 'INT-001' }),
  },
  {
    name: "maps the intents server's attempt_completion to the handshake tool",
    raw: beforeTool('mcp_intentgate_attempt_completion', {}, intentsContext('attempt_completion')),
    expected: toolCall('attempt_completion', {}),
  },
  {
    name: 'keeps a handshake name from another server as an MCP tool (mcp_<server>_<tool> is ambiguous)',
    raw: beforeTool(
      'mcp_intentgate_select_active_intent',
      { intent_id: 'INT-001' },
      { mcp_context: { server_name: 'intentgate_select', tool_name: 'active_intent' } },
    ),
    expected: toolCall('mcp_intentgate_select_active_intent', { intent_id: 'INT-001' }),
  },
  {
    name: 'keeps a handshake name without an MCP context as an MCP tool',
    raw: beforeTool('mcp_intentgate_select_active_intent', { intent_id: 'INT-001' }),
    expected: toolCall('mcp_intentgate_select_active_intent', { intent_id: 'INT-001' }),
  },
  {
    name: "keeps another server's tool under its name",
    raw: beforeTool(
      'mcp_github_create_issue',
      { title: 'x' },
      { mcp_context: { server_name: 'github', tool_name: 'create_issue' } },
    ),
    expected: toolCall('mcp_github_create_issue', { title: 'x' }),
  },
  {
    name: 'reads AfterTool as the tool having run',
    raw: geminiEvent('AfterTool', {
      tool_name: 'write_file',
      tool_input: { file_path: `${CWD}/a.txt`, content: 'hi' },
      tool_response: { llmContent: 'ok', returnDisplay: '' },
    }),
    expected: {
      ok: true,
      event: { kind: 'post_tool', ...session, tool: 'write_file', args: { file_path: 'a.txt', content: 'hi' } },
    },
  },
  ...['BeforeModel', 'AfterModel', 'Notification', 'PreCompress'].map((eventName) => ({
    name: `passes ${eventName}`,
    raw: geminiEvent(eventName),
    expected: { ok: 'pass', eventName } as const,
  })),
];

/** A call about to run keeps its input as sent, to hand it back rewritten (a contained command). */
function withInput(expected: ReadHookEvent, raw: unknown): ReadHookEvent {
  if (expected.ok !== true || expected.event.kind !== 'pre_tool') return expected;
  const input = (raw as { readonly tool_input: Readonly<Record<string, unknown>> }).tool_input;
  return { ok: true, event: { ...expected.event, input } };
}

describe('geminiAdapter.readEvent', () => {
  it.each(readCases)('$name', ({ raw, expected }) => {
    expect(geminiAdapter.readEvent(raw)).toEqual(withInput(expected, raw));
  });
});

const badCases: { name: string; raw: unknown; problem: RegExp }[] = [
  { name: 'refuses a number', raw: 42, problem: /no hook_event_name/ },
  {
    name: 'refuses an unknown event',
    raw: geminiEvent('PreToolUse'),
    problem: /unknown Gemini CLI hook event 'PreToolUse'/,
  },
  {
    name: 'refuses an event without a session',
    raw: { hook_event_name: 'SessionEnd', cwd: CWD },
    problem: /session_id/,
  },
  { name: 'refuses a relative cwd', raw: geminiEvent('BeforeToolSelection', { cwd: '.' }), problem: /cwd/ },
  { name: 'refuses a prompt that is not text', raw: geminiEvent('BeforeAgent', { prompt: ['x'] }), problem: /prompt/ },
  {
    name: 'refuses a call without arguments',
    raw: geminiEvent('BeforeTool', { tool_name: 'write_file' }),
    problem: /tool_input/,
  },
  {
    name: 'refuses arguments that are a list',
    raw: beforeTool('write_file', []),
    problem: /tool_input: must be a plain object/,
  },
  {
    name: 'refuses arguments with a __proto__ key',
    raw: beforeTool('write_file', JSON.parse('{"__proto__": {}}')),
    problem: /__proto__/,
  },
  {
    name: 'refuses an MCP context that is not an object',
    raw: beforeTool('mcp_intentgate_select_active_intent', {}, { mcp_context: 'intentgate' }),
    problem: /mcp_context/,
  },
  {
    name: 'refuses a bare handshake name, which no Gemini tool has',
    raw: beforeTool('select_active_intent', { intent_id: 'INT-001' }),
    problem: /no Gemini CLI tool/,
  },
];

describe('geminiAdapter.readEvent on bad input', () => {
  it.each(badCases)('$name', ({ raw, problem }) => {
    const read = geminiAdapter.readEvent(raw);
    expect(read.ok).toBe(false);
    expect(read.ok === false && read.problem).toMatch(problem);
  });

  it('never throws, whatever the input', () => {
    const eventName = fc.constantFrom('BeforeTool', 'AfterTool', 'BeforeAgent', 'BeforeToolSelection', 'SessionStart');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            hook_event_name: eventName,
            session_id: fc.string(),
            cwd: fc.string(),
            tool_name: fc.string(),
            tool_input: fc.jsonValue(),
            mcp_context: fc.jsonValue(),
          }),
        ),
        (raw) => {
          expect([true, false, 'pass']).toContain(geminiAdapter.readEvent(raw).ok);
        },
      ),
    );
  });
});

const decision = { verdict: 'deny', reasons: [] } as unknown as Decision;
const HELD = 'This call is held until a human approves it; it did not run.';

const eventOf = (kind: HookEvent['kind'], tools: readonly string[] = GEMINI_SELECTABLE_TOOLS): HookEvent =>
  kind === 'pre_tool' || kind === 'post_tool' || kind === 'permission_request'
    ? { kind, ...session, tool: 'write_file', args: { file_path: 'a.ts' } }
    : kind === 'user_prompt'
      ? { kind, ...session, prompt: 'go' }
      : kind === 'tool_selection'
        ? { kind, ...session, tools }
        : { kind, ...session };

const json = (body: unknown): { stdout: string; stderr: string; exitCode: number } => ({
  stdout: `${JSON.stringify(body)}\n`,
  stderr: '',
  exitCode: 0,
});
const PASSED = { stdout: '', stderr: '', exitCode: 0 };
const selection = (toolConfig: unknown): unknown =>
  json({ hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig } });

const writeCases: { name: string; event: HookEvent; answer: HookAnswer; expected: unknown }[] = [
  {
    name: 'prints nothing for an allowed call, leaving it to Gemini',
    event: eventOf('pre_tool'),
    answer: { kind: 'allow', decision },
    expected: PASSED,
  },
  {
    name: 'denies a refused call with the reason for the model',
    event: eventOf('pre_tool'),
    answer: { kind: 'deny', message: 'State Violation' },
    expected: json({ decision: 'deny', reason: 'State Violation' }),
  },
  {
    name: "replaces a tool's result when refused after it ran",
    event: eventOf('post_tool'),
    answer: { kind: 'deny', message: 'hidden' },
    expected: json({ decision: 'deny', reason: 'hidden' }),
  },
  {
    name: 'adds context after a tool ran',
    event: eventOf('post_tool'),
    answer: { kind: 'proceed', context: 'noted' },
    expected: json({ hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'noted' } }),
  },
  {
    name: 'adds context to a prompt',
    event: eventOf('user_prompt'),
    answer: { kind: 'proceed', context: 'Select an intent.' },
    expected: json({ hookSpecificOutput: { hookEventName: 'BeforeAgent', additionalContext: 'Select an intent.' } }),
  },
  {
    name: 'blocks a refused prompt',
    event: eventOf('user_prompt'),
    answer: { kind: 'deny', message: 'no' },
    expected: json({ decision: 'deny', reason: 'no' }),
  },
  {
    name: 'adds context at the session start',
    event: eventOf('session_start'),
    answer: { kind: 'proceed', context: 'handshake' },
    expected: json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'handshake' } }),
  },
  {
    name: 'shows a refused session start to the user and the model',
    event: eventOf('session_start'),
    answer: { kind: 'deny', message: 'no orchestration' },
    expected: json({
      systemMessage: 'no orchestration',
      hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'no orchestration' },
    }),
  },
  { name: 'lets a stop be', event: eventOf('stop'), answer: { kind: 'proceed' }, expected: PASSED },
  {
    name: 'sends the agent back to work when a stop is refused',
    event: eventOf('stop'),
    answer: { kind: 'deny', message: 'finish first' },
    expected: json({ decision: 'deny', reason: 'finish first' }),
  },
  { name: 'lets a session end be', event: eventOf('session_end'), answer: { kind: 'proceed' }, expected: PASSED },
  {
    name: 'shows a refused session end to the user',
    event: eventOf('session_end'),
    answer: { kind: 'deny', message: 'held call dropped' },
    expected: json({ systemMessage: 'held call dropped' }),
  },
  {
    name: "narrows the tools to the allowed ones, in Gemini's names",
    event: eventOf('tool_selection', ['read_file', 'write_file', 'select_active_intent']),
    answer: { kind: 'tools', allowed: ['read_file', 'select_active_intent'] },
    expected: selection({ mode: 'AUTO', allowedFunctionNames: ['read_file', 'mcp_intentgate_select_active_intent'] }),
  },
  {
    name: 'offers no tool when none is allowed',
    event: eventOf('tool_selection', ['write_file']),
    answer: { kind: 'tools', allowed: [] },
    expected: selection({ mode: 'NONE' }),
  },
  {
    name: 'leaves the tools alone when every offered tool is allowed, so unknown MCP tools stay usable',
    event: eventOf('tool_selection', ['read_file', 'write_file']),
    answer: { kind: 'tools', allowed: ['write_file', 'read_file'] },
    expected: PASSED,
  },
];

const failures: { name: string; event: HookEvent; answer: HookAnswer }[] = [
  { name: 'blocks a tool call answered with proceed', event: eventOf('pre_tool'), answer: { kind: 'proceed' } },
  {
    name: 'blocks a tool call answered with a tool list',
    event: eventOf('pre_tool'),
    answer: { kind: 'tools', allowed: ['write_file'] },
  },
  {
    name: 'offers no tool when a tool selection is answered with anything but a list',
    event: eventOf('tool_selection'),
    answer: { kind: 'proceed' },
  },
];

describe('geminiAdapter.writeAnswer', () => {
  it('hands a command that must run contained back as the whole input with its contained line, since Gemini builds the call anew from it', () => {
    const contained = { argument: 'command', line: "/usr/bin/bwrap --ro-bind / / bash -c 'ls'" };
    const input = { command: 'ls', dir_path: 'src', description: 'list', is_background: false };
    const event: HookEvent = {
      kind: 'pre_tool',
      ...session,
      tool: 'run_shell_command',
      args: { command: 'ls', dir_path: 'src' },
      input,
    };
    const output = geminiAdapter.writeAnswer({ kind: 'allow', decision, contained }, event);
    expect(output).toEqual(
      json({ hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { ...input, command: contained.line } } }),
    );
  });

  it('blocks a command that must run contained when the input to hand back was not kept', () => {
    const contained = { argument: 'command', line: "/usr/bin/bwrap --ro-bind / / bash -c 'ls'" };
    const output = geminiAdapter.writeAnswer(
      { kind: 'allow', decision, contained },
      { kind: 'pre_tool', ...session, tool: 'run_shell_command', args: { command: 'ls' } },
    );
    expect(output.exitCode).toBe(2);
    expect(JSON.parse(output.stdout)).toMatchObject({ decision: 'deny' });
  });

  it('declares that Gemini CLI runs a rewritten shell command', () => {
    expect(geminiAdapter.rewritesShellCommands).toBe(true);
  });

  it.each(writeCases)('$name', ({ event, answer, expected }) => {
    expect(geminiAdapter.writeAnswer(answer, event)).toEqual(expected);
  });

  it('refuses a held call with its prompt, saying a human decides: an ask would wait forever in a headless run', () => {
    const output = geminiAdapter.writeAnswer(
      { kind: 'ask', message: '1) What I want to do: write a.ts', decision },
      eventOf('pre_tool'),
    );
    expect(JSON.parse(output.stdout)).toEqual({
      decision: 'deny',
      reason: expect.stringContaining('1) What I want to do: write a.ts'),
    });
    expect(output.stdout).toContain(HELD);
  });

  it("puts a held call's commands in systemMessage, for the user, not in the reason the model reads", () => {
    const output = geminiAdapter.writeAnswer(
      { kind: 'ask', message: '1) What I want to do: write a.ts', humanNote: 'run intentgate approve', decision },
      eventOf('pre_tool'),
    );
    expect(JSON.parse(output.stdout)).toEqual({
      systemMessage: 'run intentgate approve',
      decision: 'deny',
      reason: expect.not.stringContaining('intentgate approve'),
    });
  });

  it.each(failures)('$name', ({ event, answer }) => {
    const output = geminiAdapter.writeAnswer(answer, event);
    expect(output.exitCode).toBe(2);
    expect(JSON.parse(output.stdout)).toMatchObject({
      decision: 'deny',
      hookSpecificOutput: { toolConfig: { mode: 'NONE' } },
    });
  });

  it('never lets a refused or held call through, whatever the message', () => {
    fc.assert(
      fc.property(fc.constantFrom<'deny' | 'ask'>('deny', 'ask'), fc.string({ minLength: 1 }), (kind, message) => {
        const output = geminiAdapter.writeAnswer(
          kind === 'deny' ? { kind, message } : { kind, message, decision },
          eventOf('pre_tool'),
        );
        expect(JSON.parse(output.stdout)).toMatchObject({ decision: 'deny' });
      }),
    );
  });

  it("names exactly the allowed tools in Gemini's names, or leaves the tools alone when all are allowed", () => {
    const geminiName = (tool: string): string =>
      tool === 'select_active_intent' || tool === 'attempt_completion' ? `mcp_intentgate_${tool}` : tool;
    fc.assert(
      fc.property(fc.subarray([...GEMINI_SELECTABLE_TOOLS]), (allowed) => {
        const output = geminiAdapter.writeAnswer({ kind: 'tools', allowed }, eventOf('tool_selection'));
        if (allowed.length === GEMINI_SELECTABLE_TOOLS.length) expect(output).toEqual(PASSED);
        else
          expect(JSON.parse(output.stdout).hookSpecificOutput.toolConfig).toEqual(
            allowed.length === 0 ? { mode: 'NONE' } : { mode: 'AUTO', allowedFunctionNames: allowed.map(geminiName) },
          );
      }),
    );
  });
});

describe('geminiAdapter.failure and pass', () => {
  it('blocks with decision deny, no tools offered, and exit code 2', () => {
    const reason = 'intentgate: the session store is unavailable';
    expect(geminiAdapter.failure(reason)).toEqual({
      stdout: `${JSON.stringify({ decision: 'deny', reason, hookSpecificOutput: { toolConfig: { mode: 'NONE' } } })}\n`,
      stderr: `${reason}\n`,
      exitCode: 2,
    });
  });

  it('prints nothing for an event that passes', () => {
    expect(geminiAdapter.pass('BeforeModel')).toEqual(PASSED);
  });
});
