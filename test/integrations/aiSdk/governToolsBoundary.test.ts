import { generateText, stepCountIs, streamText, tool, type ModelMessage } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createGovernor, IntentGateError, InvalidArgumentError, type Governor } from '../../../src/index';
import { governTools, isToolDenial } from '../../../src/integrations/aiSdk/index';
import { makeWorkspace } from '../../support/workspace';
import { offeredTools, scriptedModel, toolResultsSeen } from './scriptedModel';

const INTENTS_YAML = `active_intents:
  - id: INT-001
    owned_scope: ['src/**']
`;

// these tests are about the integration's edges; safe mode is off unless a test needs its holds
function newGovernor(safeMode = false): Governor {
  const governor = createGovernor({
    workspaceRoot: makeWorkspace({ intentsYaml: INTENTS_YAML }),
    safeMode,
    trace: () => undefined,
    modes: { reader: { tools: ['read_file', 'select_active_intent'] } },
  });
  governor.userPrompt('work');
  return governor;
}

const inputSchema = z.object({ path: z.string() });

describe('the host tools record', () => {
  it('is never mutated, and each governed tool keeps the host fields', async () => {
    const write = vi.fn(async () => 'written');
    const tools = {
      write_to_file: tool({
        title: 'Write',
        description: 'Write a file',
        metadata: { source: 'host' },
        inputSchema,
        execute: write,
      }),
      deploy: tool({ description: 'Deploy, run by the client', inputSchema }),
    };
    const before = Object.fromEntries(
      Object.entries(tools).map(([name, value]) => [name, { object: value, fields: { ...value } }]),
    );
    const governor = newGovernor();
    const governed = governTools(governor, tools);
    const model = scriptedModel([
      { calls: [{ id: 'c1', tool: 'select_active_intent', input: { intent_id: 'INT-001' } }] },
      { calls: [{ id: 'c2', tool: 'write_to_file', input: { path: 'src/a.ts' } }] },
      { text: 'done' },
    ]);

    await generateText({
      model,
      tools: governed.tools,
      prepareStep: governed.prepareStep,
      stopWhen: stepCountIs(5),
      prompt: 'go',
    });

    expect(Object.keys(tools)).toEqual(['write_to_file', 'deploy']);
    for (const [name, value] of Object.entries(tools)) {
      expect(value).toBe(before[name]?.object);
      expect({ ...value }).toStrictEqual(before[name]?.fields);
    }
    expect(Object.keys(governed.tools)).toEqual(['write_to_file', 'deploy', 'select_active_intent']);
    expect(governed.tools.write_to_file).not.toBe(tools.write_to_file);
    expect(governed.tools.write_to_file).toMatchObject({
      title: 'Write',
      description: 'Write a file',
      metadata: { source: 'host' },
      inputSchema,
    });
    expect(write).toHaveBeenCalledOnce();
  });

  it('leaves a tool without execute to the host, still filtered by state', () => {
    const tools = { deploy: tool({ description: 'run by the client', inputSchema }) };
    const governor = newGovernor();
    const governed = governTools(governor, tools);

    expect(governed.tools.deploy).toBe(tools.deploy);
    expect(governed.activeTools()).toEqual(['select_active_intent']);
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    expect(governed.activeTools()).toEqual(['deploy', 'select_active_intent']);
  });

  it('adds no select_active_intent when asked not to', () => {
    const governed = governTools(
      newGovernor(),
      { read_file: tool({ inputSchema, execute: async () => '' }) },
      { selectActiveIntent: false },
    );
    expect(Object.keys(governed.tools)).toEqual(['read_file']);
  });

  it('gives a refusal to the model as JSON even when the host converts its own outputs', async () => {
    const tools = {
      write_to_file: tool({
        inputSchema,
        execute: async ({ path }) => `wrote ${path}`,
        toModelOutput: ({ output }) => ({ type: 'text', value: `host: ${output}` }),
      }),
    };
    const governed = governTools(newGovernor(), tools);
    const model = scriptedModel([
      { calls: [{ id: 'c1', tool: 'select_active_intent', input: { intent_id: 'INT-001' } }] },
      {
        calls: [
          { id: 'c2', tool: 'write_to_file', input: { path: 'src/a.ts' } },
          { id: 'c3', tool: 'write_to_file', input: { path: 'docs/a.md' } },
        ],
      },
      { text: 'done' },
    ]);

    await generateText({
      model,
      tools: governed.tools,
      prepareStep: governed.prepareStep,
      stopWhen: stepCountIs(5),
      prompt: 'go',
    });

    const seen = toolResultsSeen(model.doGenerateCalls[2]);
    expect(seen.get('c2')).toEqual({ type: 'text', value: 'host: wrote src/a.ts' });
    expect(seen.get('c3')).toMatchObject({ type: 'json', value: { error: 'denied', code: 'scope_violation' } });
    expect(isToolDenial((seen.get('c3') as { value: unknown }).value)).toBe(true);
  });
});

describe('allowed calls', () => {
  it('stream the preliminary results of a streaming execute', async () => {
    const tools = {
      read_file: tool({
        inputSchema,
        async *execute() {
          yield 'reading';
          yield 'contents';
        },
      }),
    };
    const governed = governTools(newGovernor(), tools);
    const model = scriptedModel([
      { calls: [{ id: 'c1', tool: 'read_file', input: { path: 'src/a.ts' } }] },
      { text: 'read' },
    ]);
    const seen: unknown[] = [];

    const result = streamText({
      model,
      tools: governed.tools,
      prepareStep: governed.prepareStep,
      stopWhen: stepCountIs(5),
      prompt: 'go',
    });
    for await (const part of result.fullStream)
      if (part.type === 'tool-result') seen.push([part.output, part.preliminary === true]);

    expect(seen).toEqual([
      ['reading', true],
      ['contents', true],
      ['contents', false],
    ]);
  });
});

describe('the step settings', () => {
  it('lets the host prepareStep narrow the offered tools, never widen them', async () => {
    const tools = {
      read_file: tool({ inputSchema, execute: async () => '' }),
      write_to_file: tool({ inputSchema, execute: async () => '' }),
    };
    const governed = governTools(newGovernor(), tools, {
      prepareStep: () => ({
        activeTools: ['write_to_file', 'select_active_intent'],
        toolChoice: { type: 'tool', toolName: 'write_to_file' },
        temperature: 0,
      }),
    });
    const model = scriptedModel([{ text: 'nothing to do' }]);

    await generateText({ model, tools: governed.tools, prepareStep: governed.prepareStep, prompt: 'go' });

    const [call] = model.doGenerateCalls;
    expect(offeredTools(call)).toEqual(['select_active_intent']);
    expect(call?.toolChoice).toEqual({ type: 'auto' });
    expect(call?.temperature).toBe(0);
  });

  it('narrows the offered tools to a mode', () => {
    const tools = {
      read_file: tool({ inputSchema, execute: async () => '' }),
      list_files: tool({ inputSchema, execute: async () => '' }),
    };
    const governed = governTools(newGovernor(), tools, { mode: 'reader' });
    expect(governed.activeTools()).toEqual(['read_file', 'select_active_intent']);
  });

  it('returns the valid intent ids when the model selects an unknown intent', async () => {
    const governor = newGovernor();
    const governed = governTools(governor, {});
    const model = scriptedModel([
      { calls: [{ id: 'c1', tool: 'select_active_intent', input: { intent_id: 'INT-404' } }] },
      { text: 'ok' },
    ]);

    await generateText({
      model,
      tools: governed.tools,
      prepareStep: governed.prepareStep,
      stopWhen: stepCountIs(5),
      prompt: 'go',
    });

    expect(toolResultsSeen(model.doGenerateCalls[1]).get('c1')).toMatchObject({
      type: 'json',
      value: { code: 'unknown_intent', reason: "Unknown intent 'INT-404'. Valid intent ids: INT-001." },
    });
    expect(governor.state).toBe('REASONING');
  });
});

describe('held calls', () => {
  const commandTools = (ran: (command: string) => void) => ({
    execute_command: tool({
      inputSchema: z.object({ command: z.string() }),
      execute: async ({ command }) => {
        ran(command);
        return 'ok';
      },
    }),
  });

  async function holdTwo(ran: (command: string) => void) {
    const governor = newGovernor(true);
    governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    const governed = governTools(governor, commandTools(ran));
    const model = scriptedModel([
      {
        calls: [
          { id: 'c1', tool: 'execute_command', input: { command: 'sudo reboot' } },
          { id: 'c2', tool: 'execute_command', input: { command: 'npm i left-pad' } },
        ],
      },
      { text: 'done' },
    ]);
    const messages: ModelMessage[] = [{ role: 'user', content: 'go' }];
    const run = () =>
      generateText({
        model,
        tools: governed.tools,
        prepareStep: governed.prepareStep,
        stopWhen: stepCountIs(5),
        messages,
      });
    const first = await run();
    messages.push(...first.response.messages);
    const approvalIds = first.content.flatMap((part) =>
      part.type === 'tool-approval-request' ? [part.approvalId] : [],
    );
    const answer = (approved: readonly boolean[]) => {
      messages.push({
        role: 'tool',
        content: approvalIds.map((approvalId, index) => ({
          type: 'tool-approval-response',
          approvalId,
          approved: approved[index] ?? false,
        })),
      });
      return run();
    };
    return { governor, governed, approvalIds, answer };
  }

  it('runs each approved call once when one step held two', async () => {
    const ran = vi.fn();
    const { approvalIds, answer, governor } = await holdTwo(ran);
    expect(approvalIds).toHaveLength(2);

    await answer([true, true]);

    expect(ran.mock.calls).toEqual([['sudo reboot'], ['npm i left-pad']]);
    expect(governor.pendingApproval).toBeUndefined();
  });

  it('runs only the approved one of two held calls', async () => {
    const ran = vi.fn();
    const { answer } = await holdTwo(ran);

    await answer([false, true]);

    expect(ran.mock.calls).toEqual([['npm i left-pad']]);
  });

  it('drops the waiting calls on a new user prompt', async () => {
    const ran = vi.fn();
    const { answer, governed } = await holdTwo(ran);

    governed.userPrompt('never mind');
    // back in ACTION, so only the dropped approvals can keep the calls from running
    governed.governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    await answer([true, true]);

    expect(ran).not.toHaveBeenCalled();
  });
});

describe('input validation', () => {
  const governor = newGovernor();
  const readTool = tool({ inputSchema, execute: async () => '' });

  it.each([
    { name: 'a governor that is not one', args: [{}, {}, {}], issue: 'governor.handleToolCall: expected a function' },
    {
      name: 'tools given as an array',
      args: [governor, [readTool], {}],
      issue: 'tools: expected a record of AI SDK tools',
    },
    {
      name: 'a tool that is not an object',
      args: [governor, { read_file: 42 }, {}],
      issue: 'tools.read_file: expected an AI SDK tool object, got 42',
    },
    {
      name: 'an execute that is not a function',
      args: [governor, { read_file: { inputSchema, execute: 'run' } }, {}],
      issue: 'tools.read_file.execute: expected a function, got run',
    },
    {
      name: 'a needsApproval of the wrong type',
      args: [governor, { read_file: { inputSchema, needsApproval: 'yes' } }, {}],
      issue: 'tools.read_file.needsApproval: expected a boolean or a function',
    },
    {
      name: 'an unknown option',
      args: [governor, {}, { selectIntent: true }],
      issue: 'options: Unrecognized key: "selectIntent"',
    },
    { name: 'an option of the wrong type', args: [governor, {}, { system: 1 }], issue: 'options.system:' },
    {
      name: 'a mode the governor does not know',
      args: [governor, {}, { mode: 'writer' }],
      issue: "Unknown mode 'writer'",
    },
  ])('throws InvalidArgumentError for $name', ({ args, issue }) => {
    const call = () => Reflect.apply(governTools, undefined, args);
    expect(call).toThrow(InvalidArgumentError);
    expect(call).toThrow(issue);
  });

  it('lists every problem at once', () => {
    const error = (() => {
      try {
        Reflect.apply(governTools, undefined, [null, { a: 1, b: 2 }, { bogus: true }]);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(IntentGateError);
    expect(error).toMatchObject({ code: 'invalid_argument' });
    expect(String(error)).toMatch(/governor: .*\n- tools\.a: .*\n- tools\.b: .*\n- options: /s);
  });
});
