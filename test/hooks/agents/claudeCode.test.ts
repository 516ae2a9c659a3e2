import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HookAnswer, HookEvent } from '../../../src/hooks/hookEvent';
import { claudeCodeAdapter } from '../../../src/hooks/agents/claudeCode';
import { createGovernor } from '../../../src/index';
import { claudeEvent, ROOT, TRANSCRIPT } from '../../support/agents/claudeCodeEvents';
import { makeWorkspace } from '../../support/workspace';

const read = (raw: unknown) => claudeCodeAdapter.readEvent(raw);

describe('reading Claude Code events', () => {
  const cases: { name: string; raw: unknown; event: HookEvent }[] = [
    {
      name: 'SessionStart',
      raw: claudeEvent('SessionStart', { source: 'startup' }),
      event: { kind: 'session_start', sessionId: 'sess-1', cwd: ROOT },
    },
    {
      name: 'UserPromptSubmit with its prompt',
      raw: claudeEvent('UserPromptSubmit', { prompt: 'add a login form' }),
      event: { kind: 'user_prompt', sessionId: 'sess-1', cwd: ROOT, prompt: 'add a login form' },
    },
    {
      name: 'PreToolUse with its call id',
      raw: claudeEvent('PreToolUse', {
        tool_name: 'Read',
        tool_input: { file_path: `${ROOT}/src/a.ts` },
        tool_use_id: 'toolu_1',
      }),
      event: {
        kind: 'pre_tool',
        sessionId: 'sess-1',
        cwd: ROOT,
        tool: 'Read',
        args: { file_path: 'src/a.ts' },
        callId: 'toolu_1',
        input: { file_path: `${ROOT}/src/a.ts` },
      },
    },
    {
      name: 'PostToolUse, its response left out',
      raw: claudeEvent('PostToolUse', {
        tool_name: 'Write',
        tool_input: { file_path: `${ROOT}/a.txt`, content: 'x' },
        tool_response: { type: 'create' },
        tool_use_id: 'toolu_2',
      }),
      event: {
        kind: 'post_tool',
        sessionId: 'sess-1',
        cwd: ROOT,
        tool: 'Write',
        args: { file_path: 'a.txt', content: 'x' },
        callId: 'toolu_2',
      },
    },
    {
      name: 'PreToolUse without a call id',
      raw: claudeEvent('PreToolUse', { tool_name: 'TaskList', tool_input: {} }),
      event: { kind: 'pre_tool', sessionId: 'sess-1', cwd: ROOT, tool: 'TaskList', args: {}, input: {} },
    },
    {
      name: 'Stop',
      raw: claudeEvent('Stop', { stop_hook_active: false, last_assistant_message: 'Done.' }),
      event: { kind: 'stop', sessionId: 'sess-1', cwd: ROOT },
    },
    {
      name: 'SessionEnd',
      raw: claudeEvent('SessionEnd', { reason: 'other' }),
      event: { kind: 'session_end', sessionId: 'sess-1', cwd: ROOT },
    },
    {
      name: 'an event with no transcript path, rooted at its cwd',
      raw: { ...claudeEvent('SessionStart'), transcript_path: undefined },
      event: { kind: 'session_start', sessionId: 'sess-1', cwd: ROOT },
    },
  ];

  it.each(cases)('reads $name', ({ raw, event }) => {
    expect(read(raw)).toEqual({ ok: true, event });
  });

  it.each(
    ['Notification', 'PreCompact', 'SubagentStop', 'PostToolUseFailure', 'PermissionRequest'].map((name) => ({ name })),
  )('passes $name, which it does not govern', ({ name }) => {
    expect(read(claudeEvent(name, { message: 'x' }))).toEqual({ ok: 'pass', eventName: name });
  });
});

describe('tool names and arguments as the governor reads them', () => {
  const cases: {
    name: string;
    tool: string;
    input: Record<string, unknown>;
    as: string;
    args: Record<string, unknown>;
  }[] = [
    {
      name: 'Write under the workspace, made relative',
      tool: 'Write',
      input: { file_path: `${ROOT}/src/auth/login.ts`, content: 'x' },
      as: 'Write',
      args: { file_path: 'src/auth/login.ts', content: 'x' },
    },
    {
      name: 'Write outside the workspace, left absolute',
      tool: 'Write',
      input: { file_path: '/etc/passwd', content: 'x' },
      as: 'Write',
      args: { file_path: '/etc/passwd', content: 'x' },
    },
    {
      name: 'Write to a sibling named like the workspace, left absolute',
      tool: 'Write',
      input: { file_path: `${ROOT}-evil/a.ts`, content: '' },
      as: 'Write',
      args: { file_path: `${ROOT}-evil/a.ts`, content: '' },
    },
    {
      name: 'Write through .., left for the governor to resolve',
      tool: 'Write',
      input: { file_path: `${ROOT}/../x`, content: '' },
      as: 'Write',
      args: { file_path: `${ROOT}/../x`, content: '' },
    },
    {
      name: 'Edit',
      tool: 'Edit',
      input: { file_path: `${ROOT}/a.ts`, old_string: 'a', new_string: 'b' },
      as: 'Edit',
      args: { file_path: 'a.ts', old_string: 'a', new_string: 'b' },
    },
    {
      name: 'MultiEdit',
      tool: 'MultiEdit',
      input: { file_path: `${ROOT}/a.ts`, edits: [] },
      as: 'MultiEdit',
      args: { file_path: 'a.ts', edits: [] },
    },
    {
      name: 'NotebookEdit',
      tool: 'NotebookEdit',
      input: { notebook_path: `${ROOT}/n.ipynb`, new_source: 'x' },
      as: 'NotebookEdit',
      args: { notebook_path: 'n.ipynb', new_source: 'x' },
    },
    {
      name: 'Read of the workspace root',
      tool: 'Read',
      input: { file_path: ROOT },
      as: 'Read',
      args: { file_path: '.' },
    },
    {
      name: 'Glob with an absolute pattern',
      tool: 'Glob',
      input: { pattern: `${ROOT}/src/**/*.ts`, path: `${ROOT}/src` },
      as: 'Glob',
      args: { pattern: 'src/**/*.ts', path: 'src' },
    },
    {
      name: 'Grep',
      tool: 'Grep',
      input: { pattern: 'TODO', path: `${ROOT}/src` },
      as: 'Grep',
      args: { pattern: 'TODO', path: 'src' },
    },
    {
      name: 'Bash, run in the workspace root',
      tool: 'Bash',
      input: { command: 'rm -rf build', description: 'clean' },
      as: 'Bash',
      args: { command: 'rm -rf build', description: 'clean', cwd: '.' },
    },
    {
      name: 'Bash with a cwd the model made up, replaced',
      tool: 'Bash',
      input: { command: 'ls', cwd: '/' },
      as: 'Bash',
      args: { command: 'ls', cwd: '.' },
    },
    {
      name: 'WebFetch',
      tool: 'WebFetch',
      input: { url: 'https://example.com', prompt: 'summarise' },
      as: 'WebFetch',
      args: { url: 'https://example.com', prompt: 'summarise' },
    },
    {
      name: 'WebSearch',
      tool: 'WebSearch',
      input: { query: 'xstate v5' },
      as: 'WebSearch',
      args: { query: 'xstate v5' },
    },
    {
      name: 'the intents server select_active_intent',
      tool: 'mcp__intentgate__select_active_intent',
      input: { intent_id: 'INT-001' },
      as: 'select_active_intent',
      args: { intent_id: 'INT-001' },
    },
    {
      name: 'the intents server attempt_completion',
      tool: 'mcp__intentgate__attempt_completion',
      input: { result: 'done' },
      as: 'attempt_completion',
      args: { result: 'done' },
    },
    {
      name: 'another server select_active_intent, kept unclassified',
      tool: 'mcp__evil__select_active_intent',
      input: { intent_id: 'INT-001' },
      as: 'mcp__evil__select_active_intent',
      args: { intent_id: 'INT-001' },
    },
    {
      name: 'another MCP tool, paths untouched',
      tool: 'mcp__github__create_issue',
      input: { path: `${ROOT}/a` },
      as: 'mcp__github__create_issue',
      args: { path: `${ROOT}/a` },
    },
    {
      name: 'an unknown tool, as named',
      tool: 'Workflow',
      input: { script: 'x' },
      as: 'Workflow',
      args: { script: 'x' },
    },
  ];

  it.each(cases)('reads $name', ({ tool, input, as, args }) => {
    const result = read(claudeEvent('PreToolUse', { tool_name: tool, tool_input: input }));
    // the input as sent is kept beside the governor's arguments, for an answer that rewrites it
    expect(result).toEqual({
      ok: true,
      event: { kind: 'pre_tool', sessionId: 'sess-1', cwd: ROOT, tool: as, args, input },
    });
  });

  it('keeps the project root after the shell moved into a subfolder, and runs Bash there', () => {
    const result = read(
      claudeEvent('PreToolUse', { cwd: `${ROOT}/packages/web`, tool_name: 'Bash', tool_input: { command: 'rm x' } }),
    );
    expect(result).toEqual({
      ok: true,
      event: {
        kind: 'pre_tool',
        sessionId: 'sess-1',
        cwd: ROOT,
        tool: 'Bash',
        args: { command: 'rm x', cwd: 'packages/web' },
        input: { command: 'rm x' },
      },
    });
  });

  it('relativizes a Write against the project root, not the folder the shell moved to', () => {
    const result = read(
      claudeEvent('PreToolUse', {
        cwd: `${ROOT}/packages`,
        tool_name: 'Write',
        tool_input: { file_path: `${ROOT}/packages/a.ts`, content: '' },
      }),
    );
    expect(result).toMatchObject({ ok: true, event: { cwd: ROOT, args: { file_path: 'packages/a.ts' } } });
  });

  it.each([
    { name: 'names no folder above the cwd', transcript_path: TRANSCRIPT },
    { name: 'is missing', transcript_path: undefined },
  ])('leaves every path absolute for the governor to place when the transcript $name', ({ transcript_path }) => {
    const result = read(
      claudeEvent('PreToolUse', {
        cwd: '/elsewhere/x',
        transcript_path,
        tool_name: 'Bash',
        tool_input: { command: 'rm /elsewhere/x/a.ts' },
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      event: { cwd: '/elsewhere/x', args: { command: 'rm /elsewhere/x/a.ts', cwd: '/elsewhere/x' } },
    });
    const write = read(
      claudeEvent('PreToolUse', {
        cwd: '/elsewhere/x',
        transcript_path,
        tool_name: 'Write',
        tool_input: { file_path: '/elsewhere/x/a.ts', content: '' },
      }),
    );
    expect(write).toMatchObject({ ok: true, event: { cwd: '/elsewhere/x', args: { file_path: '/elsewhere/x/a.ts' } } });
  });

  it('leaves the arguments object Claude Code sent unchanged', () => {
    const input = { file_path: `${ROOT}/a.ts`, content: '' };
    read(claudeEvent('PreToolUse', { tool_name: 'Write', tool_input: input }));
    expect(input.file_path).toBe(`${ROOT}/a.ts`);
  });
});

describe('bad input is refused, never passed', () => {
  const huge = 'x'.repeat(100_000);
  const cases: { name: string; raw: unknown; problem: RegExp }[] = [
    { name: 'null', raw: null, problem: /no hook_event_name/ },
    { name: 'an array', raw: [claudeEvent('SessionStart')], problem: /no hook_event_name/ },
    { name: 'a string', raw: 'PreToolUse', problem: /no hook_event_name/ },
    {
      name: 'no event name',
      raw: { ...claudeEvent('Stop'), hook_event_name: undefined },
      problem: /no hook_event_name/,
    },
    {
      name: 'a numeric event name',
      raw: { ...claudeEvent('Stop'), hook_event_name: 7 },
      problem: /no hook_event_name/,
    },
    {
      name: 'an unknown event',
      raw: claudeEvent('BeforeTool'),
      problem: /unknown Claude Code hook event 'BeforeTool'/,
    },
    {
      name: 'an inherited key as event name',
      raw: claudeEvent('constructor'),
      problem: /unknown Claude Code hook event/,
    },
    {
      name: 'a huge event name, cut in the message',
      raw: claudeEvent(huge),
      problem: /^unknown Claude Code hook event '.{0,300}'$/,
    },
    {
      name: 'no session id',
      raw: { ...claudeEvent('Stop'), session_id: undefined },
      problem: /malformed Stop event: session_id/,
    },
    { name: 'an empty session id', raw: claudeEvent('Stop', { session_id: '' }), problem: /session_id/ },
    { name: 'a huge session id', raw: claudeEvent('Stop', { session_id: huge }), problem: /session_id/ },
    { name: 'no cwd', raw: { ...claudeEvent('SessionStart'), cwd: undefined }, problem: /cwd/ },
    {
      name: 'a relative cwd',
      raw: claudeEvent('SessionStart', { cwd: 'project' }),
      problem: /cwd: must be an absolute, normalised path/,
    },
    { name: 'a cwd with ..', raw: claudeEvent('SessionStart', { cwd: `${ROOT}/../etc` }), problem: /cwd/ },
    { name: 'a cwd with a NUL', raw: claudeEvent('SessionStart', { cwd: `${ROOT}\0x` }), problem: /NUL/ },
    { name: 'a huge cwd', raw: claudeEvent('SessionStart', { cwd: `/${huge}` }), problem: /cwd/ },
    { name: 'a prompt that is not text', raw: claudeEvent('UserPromptSubmit', { prompt: 42 }), problem: /prompt/ },
    { name: 'no tool name', raw: claudeEvent('PreToolUse', { tool_input: {} }), problem: /tool_name/ },
    {
      name: 'a huge tool name',
      raw: claudeEvent('PreToolUse', { tool_name: huge, tool_input: {} }),
      problem: /tool_name/,
    },
    { name: 'no tool input', raw: claudeEvent('PreToolUse', { tool_name: 'Write' }), problem: /tool_input/ },
    {
      name: 'a tool input array',
      raw: claudeEvent('PreToolUse', { tool_name: 'Write', tool_input: [] }),
      problem: /tool_input: must be a plain object/,
    },
    {
      name: 'a tool input string',
      raw: claudeEvent('PreToolUse', { tool_name: 'Bash', tool_input: 'rm -rf /' }),
      problem: /tool_input/,
    },
    {
      name: 'a tool input with a __proto__ key',
      raw: claudeEvent('PreToolUse', {
        tool_name: 'Write',
        tool_input: JSON.parse('{"__proto__":{"file_path":"/etc/x"}}'),
      }),
      problem: /tool_input/,
    },
    {
      name: 'a bare select_active_intent',
      raw: claudeEvent('PreToolUse', { tool_name: 'select_active_intent', tool_input: { intent_id: 'INT-001' } }),
      problem: /no Claude Code tool/,
    },
    {
      name: 'a bare attempt_completion after a tool ran',
      raw: claudeEvent('PostToolUse', { tool_name: 'attempt_completion', tool_input: {} }),
      problem: /no Claude Code tool/,
    },
  ];

  it.each(cases)('refuses $name', ({ raw, problem }) => {
    const result = read(raw);
    expect(result.ok).toBe(false);
    if (result.ok === false) expect(result.problem).toMatch(problem);
  });

  it('never throws, and reads an event only from an object naming a known event', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              hook_event_name: fc.constantFrom('PreToolUse', 'Stop', 'UserPromptSubmit'),
              session_id: fc.jsonValue(),
              cwd: fc.jsonValue(),
              tool_name: fc.jsonValue(),
              tool_input: fc.jsonValue(),
              prompt: fc.jsonValue(),
            },
            { requiredKeys: ['hook_event_name'] },
          ),
        ),
        (raw) => {
          const result = read(raw);
          if (result.ok === true)
            expect(typeof raw === 'object' && raw !== null && 'hook_event_name' in raw).toBe(true);
          expect([true, false, 'pass']).toContain(result.ok);
        },
      ),
    );
  });
});

describe('answers as Claude Code reads them', () => {
  const preTool: HookEvent = { kind: 'pre_tool', sessionId: 's', cwd: ROOT, tool: 'Write', args: {} };
  const decision = createGovernor({ workspaceRoot: makeWorkspace(), trace: () => undefined }).isToolAllowed(
    'read_file',
  );
  const at = (
    kind: Exclude<
      HookEvent['kind'],
      'pre_tool' | 'post_tool' | 'user_prompt' | 'tool_selection' | 'permission_request'
    >,
  ): HookEvent => ({ kind, sessionId: 's', cwd: ROOT });
  const prompt: HookEvent = { kind: 'user_prompt', sessionId: 's', cwd: ROOT, prompt: 'p' };
  const postTool: HookEvent = { ...preTool, kind: 'post_tool' };
  const bashCall: HookEvent = {
    kind: 'pre_tool',
    sessionId: 's',
    cwd: ROOT,
    tool: 'Bash',
    args: { command: 'make', cwd: '.' },
    input: { command: 'make', description: 'build', run_in_background: true },
  };
  const cases: { name: string; answer: HookAnswer; event: HookEvent; stdout: unknown }[] = [
    {
      name: 'an allowed call, left to Claude Code permissions',
      answer: { kind: 'allow', decision },
      event: preTool,
      stdout: '',
    },
    {
      name: 'a denied call',
      answer: { kind: 'deny', message: 'State Violation', decision },
      event: preTool,
      stdout: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'State Violation',
        },
      },
    },
    {
      name: 'a held call, put to the user',
      answer: { kind: 'ask', message: '1) What I want to do', decision },
      event: preTool,
      stdout: {
        systemMessage: '1) What I want to do',
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: '1) What I want to do',
        },
      },
    },
    {
      name: "a held call's commands, shown to the user only",
      answer: { kind: 'ask', message: '1) What I want to do', humanNote: 'run intentgate approve', decision },
      event: preTool,
      stdout: {
        systemMessage: '1) What I want to do\n\nrun intentgate approve',
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: '1) What I want to do',
        },
      },
    },
    {
      name: 'a prompt with context',
      answer: { kind: 'proceed', context: 'Select an intent first.' },
      event: prompt,
      stdout: {
        hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'Select an intent first.' },
      },
    },
    { name: 'a prompt with nothing to add', answer: { kind: 'proceed' }, event: prompt, stdout: '' },
    {
      name: 'a refused prompt, blocked',
      answer: { kind: 'deny', message: 'no orchestration' },
      event: prompt,
      stdout: { decision: 'block', reason: 'no orchestration' },
    },
    {
      name: 'a session start with context',
      answer: { kind: 'proceed', context: 'Intents: INT-001' },
      event: at('session_start'),
      stdout: { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'Intents: INT-001' } },
    },
    {
      name: 'a refused session start, told to both',
      answer: { kind: 'deny', message: 'broken' },
      event: at('session_start'),
      stdout: {
        systemMessage: 'broken',
        hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'broken' },
      },
    },
    { name: 'a tool that ran', answer: { kind: 'proceed' }, event: postTool, stdout: '' },
    {
      name: 'a refusal after a tool ran, fed back',
      answer: { kind: 'deny', message: 'out of scope' },
      event: postTool,
      stdout: { decision: 'block', reason: 'out of scope' },
    },
    { name: 'a stop', answer: { kind: 'proceed' }, event: at('stop'), stdout: '' },
    {
      name: 'a refused stop, shown to the user only',
      answer: { kind: 'deny', message: 'pending approval' },
      event: at('stop'),
      stdout: { systemMessage: 'pending approval' },
    },
    { name: 'a session end', answer: { kind: 'proceed', context: 'ignored' }, event: at('session_end'), stdout: '' },
    {
      name: 'an allowed call that runs contained: the input as sent, its command replaced, left to Claude Code permissions',
      answer: {
        kind: 'allow',
        decision,
        contained: { argument: 'command', line: "/usr/bin/bwrap ... -- bash -c 'make'" },
      },
      event: bashCall,
      stdout: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          updatedInput: {
            command: "/usr/bin/bwrap ... -- bash -c 'make'",
            description: 'build',
            run_in_background: true,
          },
        },
      },
    },
    {
      name: 'a held call that runs contained if the user approves it',
      answer: {
        kind: 'ask',
        message: '1) What I want to do',
        decision,
        contained: { argument: 'command', line: 'contained make' },
      },
      event: bashCall,
      stdout: {
        systemMessage: '1) What I want to do',
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: '1) What I want to do',
          updatedInput: { command: 'contained make', description: 'build', run_in_background: true },
        },
      },
    },
  ];

  it.each(cases)('writes $name', ({ answer, event, stdout }) => {
    const output = claudeCodeAdapter.writeAnswer(answer, event);
    expect(output.exitCode).toBe(0);
    expect(output.stderr).toBe('');
    expect(output.stdout === '' ? '' : JSON.parse(output.stdout)).toEqual(stdout);
  });

  it.each([
    { name: 'proceed', answer: { kind: 'proceed' } as HookAnswer },
    { name: 'a tool list', answer: { kind: 'tools', allowed: ['Write'] } as HookAnswer },
  ])('blocks a tool call answered with $name, which decides nothing', ({ answer }) => {
    const output = claudeCodeAdapter.writeAnswer(answer, preTool);
    expect(output.exitCode).toBe(2);
    expect(JSON.parse(output.stdout)).toMatchObject({ decision: 'block' });
  });

  it('never writes an allow of its own for a tool call, whatever the answer', () => {
    const answers = fc.oneof(
      fc.constant<HookAnswer>({ kind: 'allow', decision }),
      fc.string().map<HookAnswer>((message) => ({ kind: 'deny', message })),
      fc.string().map<HookAnswer>((message) => ({ kind: 'ask', message, decision })),
      fc
        .option(fc.string(), { nil: undefined })
        .map<HookAnswer>((context) => (context === undefined ? { kind: 'proceed' } : { kind: 'proceed', context })),
    );
    fc.assert(
      fc.property(answers, (answer) => {
        const output = claudeCodeAdapter.writeAnswer(answer, preTool);
        expect(output.stdout).not.toMatch(/"permissionDecision":"allow"/);
        if (answer.kind === 'deny' || answer.kind === 'ask') {
          expect(JSON.parse(output.stdout).hookSpecificOutput).toEqual({
            hookEventName: 'PreToolUse',
            permissionDecision: answer.kind,
            permissionDecisionReason: answer.message,
          });
        }
      }),
    );
  });

  it('blocks a call that must run contained when its input was not kept to rewrite', () => {
    const output = claudeCodeAdapter.writeAnswer(
      { kind: 'allow', decision, contained: { argument: 'command', line: 'contained make' } },
      preTool,
    );
    expect(output.exitCode).toBe(2);
    expect(JSON.parse(output.stdout)).toMatchObject({ decision: 'block' });
  });

  it('fails by blocking: exit code 2 with the message on stderr, and a blocking body for the HTTP hook', () => {
    const output = claudeCodeAdapter.failure('intentgate: the session store is unreadable');
    expect(output).toEqual({
      stdout: `${JSON.stringify({ decision: 'block', reason: 'intentgate: the session store is unreadable' })}\n`,
      stderr: 'intentgate: the session store is unreadable\n',
      exitCode: 2,
    });
  });

  it('passes an ungoverned event with nothing on stdout and exit code 0', () => {
    expect(claudeCodeAdapter.pass('Notification')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('is named for the command line', () => {
    expect(claudeCodeAdapter.name).toBe('claude-code');
    expect(TRANSCRIPT).toContain('/projects/-home-dev-project/');
  });
});
