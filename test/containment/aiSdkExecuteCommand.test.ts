import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateText, stepCountIs, type ModelMessage, type ToolApprovalResponse } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { containmentPlan, type ContainmentPlan } from '../../src/containment/containmentPlan';
import { governorPlaceFor } from '../../src/containment/governedCommand';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import { executeCommandAiTool, governTools } from '../../src/integrations/aiSdk/index';
import { BWRAP, makeRepository } from './sandboxSupport';
import { scriptedModel, toolResultsSeen, type ScriptedTurn } from '../integrations/aiSdk/scriptedModel';

// The governed execute_command through generateText with a scripted model: each call decided by
// the gate, then run by bash in the real sandbox (or without it, as the plan says).

const governors: Governor[] = [];
afterEach(() => {
  for (const governor of governors.splice(0)) governor.stop();
});

const UNAVAILABLE = {
  available: false,
  reason: 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
} as const;
const select: ScriptedTurn = { calls: [{ id: 's1', tool: 'select_active_intent', input: { intent_id: 'INT-1' } }] };
const run = (id: string, command: string): ScriptedTurn => ({
  calls: [{ id, tool: 'execute_command', input: { command } }],
});

/** A repository (INT-1 owns src/**), its governor made with `plan` and EXEC_ARBITRARY approved, and the governed tool set. */
function session(plan: ContainmentPlan) {
  const { root, outside } = makeRepository();
  const options = { workspaceRoot: root, shellContainment: plan, trace: () => undefined };
  const governor = createGovernor(options);
  governors.push(governor);
  governor.approveSession(['EXEC_ARBITRARY']);
  const governed = governTools(governor, {
    execute_command: executeCommandAiTool(governor, { plan, place: governorPlaceFor(options), timeoutMs: 30_000 }),
  });
  governed.userPrompt('generate the file');
  return { root, outside, governor, governed };
}

async function play(governed: ReturnType<typeof session>['governed'], turns: readonly ScriptedTurn[]) {
  const model = scriptedModel(turns);
  await generateText({
    model,
    tools: governed.tools,
    prepareStep: governed.prepareStep,
    experimental_repairToolCall: governed.repairToolCall,
    stopWhen: stepCountIs(8),
    prompt: 'go',
  });
  return toolResultsSeen(model.doGenerateCalls.at(-1));
}

describe.skipIf(BWRAP === undefined)('executeCommandAiTool, contained', () => {
  it('runs inline code with no ask: its in-scope write lands, its write outside the scope fails', async () => {
    const { root, outside, governed } = session({ kind: 'contain', bwrap: BWRAP ?? 'bwrap' });
    const inScope = `python3 -c "open('src/gen.ts', 'w').write('export const g = 1;')"`;
    const outOfScope = `python3 -c "open('docs/readme.md', 'w').write('x'); open('${outside}/made.txt', 'w').write('x')"`;
    const results = await play(governed, [select, run('c1', inScope), run('c2', outOfScope), { text: 'done' }]);

    expect(governed.decisionFor('c1')).toBeUndefined();
    expect(results.get('c1')).toEqual({
      type: 'json',
      value: { exit_code: 0, stdout: '', stderr: '', contained: true },
    });
    expect(readFileSync(path.join(root, 'src', 'gen.ts'), 'utf8')).toBe('export const g = 1;');
    expect(results.get('c2')).toMatchObject({
      type: 'json',
      value: { contained: true, exit_code: 1, stderr: expect.stringContaining('Read-only file system') },
    });
    expect(readFileSync(path.join(root, 'docs', 'readme.md'), 'utf8')).toBe('# docs\n');
    expect(existsSync(path.join(outside, 'made.txt'))).toBe(false);
  });

  it('runs a change outside the workspace a person allowed through the SDK approval flow, the existing file writable', async () => {
    const { root, outside, governed } = session({ kind: 'contain', bwrap: BWRAP ?? 'bwrap' });
    governed.governor.approveSession(['FS_DELETE_OVERWRITE']);
    const target = path.join(outside, 'outside.txt');
    const command = `cp src/a.ts ${target} && touch ${outside}/other.txt`;
    const model = scriptedModel([select, run('c1', command), { text: 'copied' }]);
    const messages: ModelMessage[] = [{ role: 'user', content: 'copy it out' }];
    const step = () =>
      generateText({
        model,
        tools: governed.tools,
        prepareStep: governed.prepareStep,
        stopWhen: stepCountIs(8),
        messages,
      });
    const first = await step();
    messages.push(...first.response.messages);
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    const other = path.join(outside, 'other.txt');
    expect(governed.decisionFor('c1')).toMatchObject({ verdict: 'ask', approval: { outsideScope: [target, other] } });
    expect(readFileSync(target, 'utf8')).toBe('outside\n');
    if (!request) throw new Error('no approval request');
    const response: ToolApprovalResponse = {
      type: 'tool-approval-response',
      approvalId: request.approvalId,
      approved: true,
    };
    messages.push({ role: 'tool', content: [response] });
    await step();

    expect(toolResultsSeen(model.doGenerateCalls.at(-1)).get('c1')).toMatchObject({
      type: 'json',
      value: { contained: true },
    });
    expect(readFileSync(target, 'utf8')).toBe(readFileSync(path.join(root, 'src', 'a.ts'), 'utf8'));
    // a file that does not exist yet cannot be bound: the touch lands in the private /tmp, not on the host
    expect(existsSync(other)).toBe(false);
  });

  it('describes the sandbox to the model', () => {
    const plan: ContainmentPlan = { kind: 'contain', bwrap: BWRAP ?? 'bwrap' };
    const { governor } = session(plan);
    expect(
      executeCommandAiTool(governor, { plan, place: governorPlaceFor({ workspaceRoot: '/tmp' }) }).description,
    ).toContain('Read-only file system');
  });
});

describe('executeCommandAiTool without bubblewrap', () => {
  it("runs the command uncontained under auto, decided by analysis alone and noted 'not_contained'", async () => {
    const plan = containmentPlan('auto', UNAVAILABLE);
    const { root, governor, governed } = session(plan);
    const results = await play(governed, [select, run('c1', 'touch src/plain.txt && echo ok'), { text: 'done' }]);
    expect(results.get('c1')).toEqual({
      type: 'json',
      value: { exit_code: 0, stdout: 'ok\n', stderr: '', contained: false },
    });
    expect(existsSync(path.join(root, 'src', 'plain.txt'))).toBe(true);
    const decision = governor.isToolAllowed('execute_command', { command: 'touch src/plain.txt && echo ok' });
    expect(decision.contained).toBe(false);
    expect(decision.reasons.map((reason) => reason.code)).toContain('not_contained');
  });

  it('refuses every command under required, and runs none', async () => {
    const plan = containmentPlan('required', UNAVAILABLE);
    const { root, governed } = session(plan);
    const results = await play(governed, [select, run('c1', 'touch src/refused.txt'), { text: 'done' }]);
    expect(results.get('c1')).toMatchObject({ type: 'json', value: { error: 'denied', code: 'containment_required' } });
    expect(existsSync(path.join(root, 'src', 'refused.txt'))).toBe(false);
  });
});
