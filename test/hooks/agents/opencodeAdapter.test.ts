import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../../src/decision/decision';
import type { ReadHookEvent } from '../../../src/hooks/agentHookAdapter';
import { opencodeAdapter } from '../../../src/hooks/agents/opencodeAdapter';
import { opencodePluginSource } from '../../../src/hooks/agents/opencodePlugin';
import type { HookEvent } from '../../../src/hooks/hookEvent';
import { tempDir } from '../../support/agents/agentCli';

const CWD = '/home/dev/project';
const SESSION = 'ses_dca62e37affeaYm64DTmQFQAWh';

/** An event as intentgate's OpenCode plugin sends it. */
const pluginEvent = (
  hook_event_name: string,
  tool_name: string,
  tool_input: Record<string, unknown>,
): Record<string, unknown> => ({ hook_event_name, session_id: SESSION, cwd: CWD, tool_name, tool_input });
const before = (tool: string, input: Record<string, unknown>) => pluginEvent('tool.execute.before', tool, input);
const session = { sessionId: SESSION, cwd: CWD } as const;
const toolCall = (tool: string, args: unknown, input: Record<string, unknown>): ReadHookEvent => ({
  ok: true,
  event: { kind: 'pre_tool', ...session, tool, args, input },
});

describe('opencodeAdapter.readEvent', () => {
  it.each([
    {
      name: "makes write's absolute filePath relative",
      raw: before('write', { filePath: `${CWD}/src/a.ts`, content: 'x' }),
      expected: toolCall(
        'write',
        { filePath: 'src/a.ts', content: 'x' },
        { filePath: `${CWD}/src/a.ts`, content: 'x' },
      ),
    },
    {
      name: "makes bash's workdir relative",
      raw: before('bash', { command: 'ls', workdir: `${CWD}/src` }),
      expected: toolCall('bash', { command: 'ls', workdir: 'src' }, { command: 'ls', workdir: `${CWD}/src` }),
    },
    {
      name: 'maps the intents server tool to the handshake tool',
      raw: before('intentgate_select_active_intent', { intent_id: 'INT-001' }),
      expected: toolCall('select_active_intent', { intent_id: 'INT-001' }, { intent_id: 'INT-001' }),
    },
    {
      name: 'reads tool.execute.after as the result',
      raw: pluginEvent('tool.execute.after', 'read', { filePath: `${CWD}/a.md` }),
      expected: {
        ok: true,
        event: { kind: 'post_tool', ...session, tool: 'read', args: { filePath: 'a.md' } },
      } as ReadHookEvent,
    },
  ])('$name', ({ raw, expected }) => {
    expect(opencodeAdapter.readEvent(raw)).toEqual(expected);
  });

  it.each([
    ['a bare handshake name', before('select_active_intent', { intent_id: 'INT-001' })],
    ['another plugin hook', pluginEvent('chat.message', 'read', {})],
    ['a relative folder', { ...before('read', {}), cwd: 'project' }],
  ])('refuses %s', (_name, raw) => {
    expect(opencodeAdapter.readEvent(raw)).toMatchObject({ ok: false });
  });
});

const decision = { verdict: 'deny', reasons: [] } as unknown as Decision;
const pre = (
  opencodeAdapter.readEvent(before('write', { filePath: `${CWD}/a.ts`, content: 'x' })) as { event: HookEvent }
).event;
const post: HookEvent = { kind: 'post_tool', ...session, tool: 'read', args: {} };

describe('opencodeAdapter.writeAnswer', () => {
  it('prints nothing for an allowed call', () => {
    expect(opencodeAdapter.writeAnswer({ kind: 'allow', decision }, pre)).toEqual({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
  });

  it('denies a refused or held call', () => {
    expect(JSON.parse(opencodeAdapter.writeAnswer({ kind: 'deny', message: 'no intent' }, pre).stdout)).toEqual({
      decision: 'deny',
      reason: 'no intent',
    });
    expect(JSON.parse(opencodeAdapter.writeAnswer({ kind: 'ask', message: 'risky', decision }, pre).stdout)).toEqual({
      decision: 'deny',
      reason: expect.stringContaining('held until a human approves it'),
    });
  });

  it('adds context to a result', () => {
    expect(JSON.parse(opencodeAdapter.writeAnswer({ kind: 'proceed', context: 'note' }, post).stdout)).toEqual({
      additionalContext: 'note',
    });
  });

  it('hands back a command that may run only contained as its contained line, in updatedArgs', () => {
    const output = opencodeAdapter.writeAnswer(
      { kind: 'allow', decision, contained: { argument: 'command', line: 'bwrap -- bash -c x' } },
      pre,
    );
    expect(output.exitCode).toBe(0);
    expect(JSON.parse(output.stdout)).toEqual({ updatedArgs: { command: 'bwrap -- bash -c x' } });
    expect(opencodeAdapter.rewritesShellCommands).toBe(true);
  });

  it('blocks events the plugin never sends', () => {
    expect(opencodeAdapter.writeAnswer({ kind: 'proceed' }, { kind: 'stop', ...session }).exitCode).toBe(2);
  });
});

interface PluginHooks {
  'tool.execute.before'(
    input: { tool: string; sessionID: string; callID: string },
    output: { args: Record<string, unknown> },
  ): Promise<void>;
  'tool.execute.after'(
    input: { tool: string; sessionID: string; callID: string; args: Record<string, unknown> },
    output: { title: string; output: string; metadata: unknown },
  ): Promise<void>;
}

/** The plugin as OpenCode loads it, with `hookCommand` as its hook. */
async function plugin(hookCommand: string): Promise<PluginHooks> {
  const file = path.join(tempDir('opencode-plugin-'), 'intentgate.js');
  writeFileSync(file, opencodePluginSource(hookCommand));
  const loaded = (await import(pathToFileURL(file).href)) as {
    IntentGate: (context: { directory: string }) => Promise<PluginHooks>;
  };
  return loaded.IntentGate({ directory: path.dirname(file) });
}

const call = { tool: 'write', sessionID: SESSION, callID: 'call_1' };

describe("intentgate's OpenCode plugin", () => {
  it('lets a call run when the hook prints nothing, handing the hook the event on stdin', async () => {
    const dir = tempDir('opencode-seen-');
    const hooks = await plugin(`cat > ${path.join(dir, 'event.json')}`);
    await expect(hooks['tool.execute.before'](call, { args: { filePath: 'a' } })).resolves.toBeUndefined();
    expect(JSON.parse(readFileSync(path.join(dir, 'event.json'), 'utf8'))).toEqual({
      hook_event_name: 'tool.execute.before',
      session_id: SESSION,
      cwd: expect.any(String),
      tool_name: 'write',
      tool_input: { filePath: 'a' },
    });
  });

  it.each([
    ['the hook denies', `echo '{"decision":"deny","reason":"no intent"}'`, 'no intent'],
    ['the hook fails', 'echo broken >&2; exit 1', 'broken'],
    ['the hook prints no JSON', 'echo allow', 'the hook printed no JSON'],
    ['the program is missing', '/no/such/program', 'No such file'],
  ])('throws, so the call does not run, when %s', async (_name, command, message) => {
    const hooks = await plugin(command);
    await expect(hooks['tool.execute.before'](call, { args: {} })).rejects.toThrow(message);
  });

  it("sets the hook's updatedArgs on the call's arguments, keeping the others", async () => {
    const output = { args: { command: 'touch x', description: 'd', workdir: 'src' } as Record<string, unknown> };
    const hooks = await plugin(`echo '{"updatedArgs":{"command":"bwrap -- bash -c x"}}'`);
    await expect(hooks['tool.execute.before']({ ...call, tool: 'bash' }, output)).resolves.toBeUndefined();
    expect(output.args).toEqual({ command: 'bwrap -- bash -c x', description: 'd', workdir: 'src' });
  });

  it("replaces a result the hook refuses, and adds the hook's context to one it lets be", async () => {
    const refused = { title: 't', output: 'secret', metadata: {} };
    await (
      await plugin(`echo '{"decision":"deny","reason":"hidden"}'`)
    )['tool.execute.after']({ ...call, args: {} }, refused);
    expect(refused.output).toBe('hidden');
    const noted = { title: 't', output: 'text', metadata: {} };
    await (await plugin(`echo '{"additionalContext":"note"}'`))['tool.execute.after']({ ...call, args: {} }, noted);
    expect(noted.output).toBe('text\n\nnote');
  });
});
