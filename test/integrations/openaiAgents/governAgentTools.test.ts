import { Agent, ModelBehaviorError, RunContext, Runner, shellTool, tool } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGovernor, InvalidArgumentError, InvalidOptionsError, STATE_VIOLATION_MESSAGE } from '../../../src/index';
import {
  governAgentTools,
  governedRunOptions,
  selectActiveIntentFunctionTool,
} from '../../../src/integrations/openaiAgents/index';
import { makeWorkspace } from '../../support/workspace';
import { hostTools } from './hostTools';
import { calls, functionCall, offeredTools, say, toolOutputs } from './scriptedModel';
import { governedSession, INTENTS_YAML } from './session';

const SELECT = functionCall('select_active_intent', { intent_id: 'INT-001' }, 'select-1');

describe('the tools the model sees', () => {
  it('offers no DESTRUCTIVE tool before select_active_intent and every tool after it', async () => {
    const session = governedSession({ turns: [calls(SELECT), say('ready')] });
    const result = await session.prompt('add login');

    expect(offeredTools(session.model.requests[0])).toEqual(['read_file', 'select_active_intent']);
    expect(offeredTools(session.model.requests[1])).toEqual([
      'read_file',
      'write_to_file',
      'execute_command',
      'select_active_intent',
    ]);
    expect(session.governor.state).toBe('ACTION');
    expect(session.governor.activeIntent?.id).toBe('INT-001');
    expect(toolOutputs(session.model.requests[1]).get('select-1')).toMatch(
      /^Active intent: INT-001: Login \(scope: src\/\*\*\)/,
    );
    expect(result.finalOutput).toBe('ready');
  });

  it('keeps the schemas of the host tools', () => {
    const session = governedSession({ turns: [] });
    session.hostToolList.forEach((hostTool, index) => {
      const governed = session.tools[index];
      expect(governed).not.toBe(hostTool);
      expect(governed).toMatchObject({
        type: 'function',
        name: hostTool.name,
        description: hostTool.description,
        strict: hostTool.strict,
      });
      expect(governed?.parameters).toBe(hostTool.parameters);
    });
  });

  it('narrows the tools to a mode of the governor', async () => {
    const workspaceRoot = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = createGovernor({
      workspaceRoot,
      trace: () => undefined,
      modes: { ask: { tools: ['read_file', 'select_active_intent'] } },
    });
    const tools = governAgentTools(governor, hostTools().tools, { mode: 'ask' });
    governor.userPrompt('look around');
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    const enabled = await Promise.all(
      tools.map(async (t) => [t.name, await t.isEnabled(new RunContext(), new Agent({ name: 'probe' }))] as const),
    );
    expect(enabled).toEqual([
      ['read_file', true],
      ['write_to_file', false],
      ['execute_command', false],
      ['select_active_intent', true],
    ]);
  });

  it('keeps a tool hidden that the host disables, even in ACTION', async () => {
    const hidden = tool({
      name: 'write_to_file',
      description: 'Write.',
      parameters: z.object({ path: z.string() }),
      isEnabled: false,
      execute: () => 'wrote',
    });
    const session = governedSession({ tools: [hidden], turns: [calls(SELECT), say('done')] });
    await session.prompt('add login');
    expect(offeredTools(session.model.requests[1])).toEqual(['select_active_intent']);
  });
});

describe('calls the governor refuses', () => {
  it('returns the scope reason as the output of an out-of-scope write', async () => {
    const write = functionCall('write_to_file', { path: 'docs/notes.md', content: 'x' }, 'write-1');
    const session = governedSession({ turns: [calls(SELECT), calls(write), say('done')] });
    await session.prompt('add login');

    const expected = session.governor.isToolAllowed('write_to_file', { path: 'docs/notes.md', content: 'x' });
    expect(expected.code).toBe('scope_violation');
    expect(toolOutputs(session.model.requests[2]).get('write-1')).toBe(expected.reason);
    expect(session.ran).toEqual([]);
  });

  it("answers a hallucinated DESTRUCTIVE call before the handshake with seed 001's reason", async () => {
    const write = functionCall('write_to_file', { path: 'src/a.ts', content: 'x' }, 'write-1');
    const session = governedSession({ turns: [calls(write), say('sorry')] });
    await session.prompt('add login');

    expect(offeredTools(session.model.requests[0])).not.toContain('write_to_file');
    expect(toolOutputs(session.model.requests[1]).get('write-1')).toBe(
      "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.",
    );
    expect(STATE_VIOLATION_MESSAGE).toBe(toolOutputs(session.model.requests[1]).get('write-1'));
    expect(session.ran).toEqual([]);
    expect(session.governor.state).toBe('REASONING');
  });

  it('leaves an unknown tool name to the SDK message', async () => {
    const session = governedSession({ turns: [calls(functionCall('deploy', {}, 'deploy-1')), say('sorry')] });
    await session.prompt('ship it');
    expect(toolOutputs(session.model.requests[1]).get('deploy-1')).toBe("Tool 'deploy' not found.");
  });

  it('lets the SDK raise on a hidden tool when the run has no governed options', async () => {
    const session = governedSession({
      turns: [calls(functionCall('write_to_file', { path: 'src/a.ts', content: 'x' }, 'write-1'))],
    });
    session.governor.userPrompt('add login');
    await expect(new Runner({ tracingDisabled: true }).run(session.agent, 'add login')).rejects.toBeInstanceOf(
      ModelBehaviorError,
    );
  });

  it('returns the valid ids for an unknown intent and stays in REASONING', async () => {
    const session = governedSession({
      turns: [calls(functionCall('select_active_intent', { intent_id: 'INT-404' }, 'select-1')), say('sorry')],
    });
    await session.prompt('add login');
    expect(toolOutputs(session.model.requests[1]).get('select-1')).toContain('INT-001');
    expect(session.governor.state).toBe('REASONING');
  });

  it('runs an allowed SAFE call once, through the gateway', async () => {
    const read = functionCall('read_file', { path: 'src/a.ts' }, 'read-1');
    const session = governedSession({ turns: [calls(read), say('read')] });
    await session.prompt('look');
    expect(session.ran).toEqual([{ tool: 'read_file', args: { path: 'src/a.ts' } }]);
    expect(toolOutputs(session.model.requests[1]).get('read-1')).toBe('contents of src/a.ts');
  });
});

describe('select_active_intent', () => {
  it('is added once, and not when the host has one or opts out', () => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      trace: () => undefined,
    });
    const { tools } = hostTools();
    const own = selectActiveIntentFunctionTool(governor);
    expect(governAgentTools(governor, tools).map((t) => t.name)).toEqual([
      'read_file',
      'write_to_file',
      'execute_command',
      'select_active_intent',
    ]);
    expect(governAgentTools(governor, [own, ...tools]).map((t) => t.name)).toEqual([
      'select_active_intent',
      'read_file',
      'write_to_file',
      'execute_command',
    ]);
    expect(governAgentTools(governor, tools, { selectActiveIntent: false }).map((t) => t.name)).toEqual([
      'read_file',
      'write_to_file',
      'execute_command',
    ]);
  });

  it('takes { intent_id: string } in strict mode', () => {
    const governor = createGovernor({
      workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
      trace: () => undefined,
    });
    const selection = selectActiveIntentFunctionTool(governor);
    expect(selection.strict).toBe(true);
    expect(selection.parameters).toMatchObject({
      type: 'object',
      properties: { intent_id: { type: 'string' } },
      required: ['intent_id'],
      additionalProperties: false,
    });
  });
});

describe('the host tools', () => {
  it('are never changed', async () => {
    const { tools } = hostTools();
    const before = tools.map((t) => ({ ...t }));
    const keys = tools.map((t) => Reflect.ownKeys(t));
    const session = governedSession({
      tools,
      turns: [calls(SELECT), calls(functionCall('execute_command', { command: 'sudo ls' }, 'sudo-1')), say('done')],
    });
    const interrupted = await session.prompt('add login');
    const item = interrupted.interruptions[0];
    if (!item) throw new Error('expected an interruption');
    interrupted.state.approve(item);
    await session.resume(interrupted.state);

    tools.forEach((t, index) => {
      expect(Reflect.ownKeys(t)).toEqual(keys[index]);
      for (const key of Reflect.ownKeys(t)) expect(Reflect.get(t, key)).toBe(Reflect.get(before[index] ?? {}, key));
    });
  });
});

describe('misuse', () => {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    trace: () => undefined,
  });
  const { tools } = hostTools();

  it.each([
    {
      name: 'a governor that is not one',
      call: () => governAgentTools({} as never, tools),
      message: /governAgentTools: the first argument must be a governor/,
    },
    {
      name: 'tools that are not an array',
      call: () => governAgentTools(governor, 'read_file' as never),
      message: /tools must be an array/,
    },
    {
      name: 'a shell tool',
      call: () => governAgentTools(governor, [shellTool({ shell: { run: async () => ({ output: [] }) } })] as never),
      message: /tools\[0\] \('shell'\) is a shell tool; only function tools/,
    },
    {
      name: 'a plain object',
      call: () => governAgentTools(governor, [{ type: 'function', name: 'x' }] as never),
      message: /tools\[0\] \('x'\) lacks invoke, needsApproval, isEnabled/,
    },
    {
      name: 'a repeated name',
      call: () => governAgentTools(governor, [...tools, ...tools]),
      message: /tools\[3\] repeats the name 'read_file'/,
    },
    {
      name: 'an unknown mode',
      call: () => governAgentTools(governor, tools, { mode: 'review' }),
      message: /Unknown mode 'review'/,
    },
    {
      name: 'run options without a governor',
      call: () => governedRunOptions(null as never),
      message: /governedRunOptions: the first argument must be a governor/,
    },
  ])('throws InvalidArgumentError for $name', ({ call, message }) => {
    expect(call).toThrow(InvalidArgumentError);
    expect(call).toThrow(message);
  });

  it('throws InvalidOptionsError naming every bad option', () => {
    const call = () => governAgentTools(governor, tools, { mode: '', extra: true } as never);
    expect(call).toThrow(InvalidOptionsError);
    expect(call).toThrow(/governAgentTools options\.mode[\s\S]*governAgentTools options: Unrecognized key: "extra"/);
  });
});
