import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateText, stepCountIs, tool, type ModelMessage, type ToolApprovalResponse } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createGovernor } from '../../../src/index';
import { governTools } from '../../../src/integrations/aiSdk/index';
import { makeWorkspace } from '../../support/workspace';
import { scriptedModel, toolResultsSeen, type ScriptedTurn } from './scriptedModel';

// A change to the intents file found after an allowed command is held by the governor; the
// AI SDK host answers it where it answers every hold, in its tool-approval flow.

const INTENTS_YAML = "active_intents:\n  - id: INT-001\n    owned_scope: ['src/**']\n";
const WIDENED = "active_intents:\n  - id: INT-001\n    owned_scope: ['**']\n";

async function heldChange() {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
  governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  const read = vi.fn();
  const tools = {
    execute_command: tool({
      inputSchema: z.object({ command: z.string() }),
      // the command really runs in the workspace
      execute: async ({ command }) => spawnSync('bash', ['-c', command], { cwd: root, encoding: 'utf8' }).status,
    }),
    read_file: tool({
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path: file }) => {
        read(file);
        return 'contents';
      },
    }),
  };
  const governed = governTools(governor, tools);
  governed.userPrompt('make src/a.txt');
  const turns: ScriptedTurn[] = [
    { calls: [{ id: 'c1', tool: 'select_active_intent', input: { intent_id: 'INT-001' } }] },
    { calls: [{ id: 'c2', tool: 'execute_command', input: { command: 'mkdir -p src && echo x > src/a.txt' } }] },
    { text: 'made it' },
    { calls: [{ id: 'c3', tool: 'read_file', input: { path: 'src/a.txt' } }] },
    { text: 'waiting' },
  ];
  const model = scriptedModel(turns);
  const first = await generateText({
    model,
    tools: governed.tools,
    prepareStep: governed.prepareStep,
    stopWhen: stepCountIs(5),
    prompt: 'make src/a.txt',
  });
  expect(first.text).toBe('made it');
  // a route the analysis did not see, after the allowed command
  writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), WIDENED);
  governed.userPrompt('now the docs');
  const messages: ModelMessage[] = [{ role: 'user', content: 'now the docs' }];
  const run = () =>
    generateText({
      model,
      tools: governed.tools,
      prepareStep: governed.prepareStep,
      stopWhen: stepCountIs(5),
      messages,
    });
  const second = await run();
  messages.push(...second.response.messages);
  const answer = (approved: boolean) => {
    const request = second.content.find((part) => part.type === 'tool-approval-request');
    if (!request) throw new Error('no approval request');
    const response: ToolApprovalResponse = { type: 'tool-approval-response', approvalId: request.approvalId, approved };
    messages.push({ role: 'tool', content: [response] });
    return run();
  };
  return { governor, governed, model, second, answer, read };
}

describe('a held control-file change in the AI SDK', () => {
  it('comes to the host as the tool-approval request of the next call, with its prompt', async () => {
    const { governor, governed, second, read } = await heldChange();
    expect(
      second.content.filter((part) => part.type === 'tool-approval-request').map((part) => part.toolCall.toolName),
    ).toEqual(['read_file']);
    expect(governed.decisionFor('c3')).toMatchObject({
      code: 'control_file_changed',
      approval: { id: governor.pendingApproval?.approval?.id },
    });
    expect(governed.decisionFor('c3')?.approval?.prompt.changes).toEqual([
      '.orchestration/active_intents.yaml: scope of INT-001: src/** → **',
    ]);
    expect(governor.intents[0]?.owned_scope).toEqual(['src/**']);
    expect(read).not.toHaveBeenCalled();
  });

  it('is accepted by an approving response; the call that carried it does not run', async () => {
    const { governor, model, answer, read } = await heldChange();
    await answer(true);
    expect(governor.pendingApproval).toBeUndefined();
    expect(governor.intents[0]?.owned_scope).toEqual(['**']);
    expect(read).not.toHaveBeenCalled();
    expect(toolResultsSeen(model.doGenerateCalls.at(-1)).get('c3')).toMatchObject({
      type: 'json',
      value: { error: 'denied', code: 'control_file_accepted' },
    });
  });

  it('is rejected by a refusing response; the adopted scope stays', async () => {
    const { governor, answer, read } = await heldChange();
    await answer(false);
    expect(governor.pendingApproval).toBeUndefined();
    expect(governor.intents[0]?.owned_scope).toEqual(['src/**']);
    expect(read).not.toHaveBeenCalled();
  });

  it('is not accepted by an approval the human gave to a held call it replaced', async () => {
    const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const governor = createGovernor({ workspaceRoot: root, trace: () => undefined });
    governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    const ran = vi.fn();
    const governed = governTools(governor, {
      execute_command: tool({
        inputSchema: z.object({ command: z.string() }),
        execute: async ({ command }) => ran(command),
      }),
    });
    governed.userPrompt('list');
    const model = scriptedModel([
      { calls: [{ id: 'c1', tool: 'select_active_intent', input: { intent_id: 'INT-001' } }] },
      { calls: [{ id: 'c2', tool: 'execute_command', input: { command: 'echo x > src/a.txt' } }] },
      { calls: [{ id: 'c3', tool: 'execute_command', input: { command: 'sudo ls' } }] },
      { text: 'asked' },
      { text: 'done' },
    ]);
    const messages: ModelMessage[] = [{ role: 'user', content: 'list' }];
    const run = () =>
      generateText({
        model,
        tools: governed.tools,
        prepareStep: governed.prepareStep,
        stopWhen: stepCountIs(6),
        messages,
      });
    const first = await run();
    messages.push(...first.response.messages);
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(governed.decisionFor('c3')?.code).toBe('needs_approval');
    // the change is found while the sudo call waits (a host refreshing), and replaces its hold
    writeFileSync(path.join(root, '.orchestration', 'active_intents.yaml'), WIDENED);
    governor.refresh();
    const change = governor.pendingApproval;
    messages.push({
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: request?.approvalId ?? '', approved: true }],
    });
    await run();

    expect(governor.pendingApproval).toBe(change);
    expect(governor.intents[0]?.owned_scope).toEqual(['src/**']);
    expect(ran.mock.calls).toEqual([['echo x > src/a.txt']]);
  });
});
