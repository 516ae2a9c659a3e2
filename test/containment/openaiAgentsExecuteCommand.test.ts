import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Agent, Runner } from '@openai/agents';
import { afterEach, describe, expect, it } from 'vitest';
import { containmentPlan, type ContainmentPlan } from '../../src/containment/containmentPlan';
import { governorPlaceFor } from '../../src/containment/governedCommand';
import { createGovernor, type Governor } from '../../src/governor/createGovernor';
import {
  executeCommandFunctionTool,
  governAgentTools,
  governedRunOptions,
} from '../../src/integrations/openaiAgents/index';
import {
  calls,
  functionCall,
  say,
  ScriptedModel,
  toolOutputs,
  type Turn,
} from '../integrations/openaiAgents/scriptedModel';
import { BWRAP, makeRepository } from './sandboxSupport';

// The governed execute_command through the Agents SDK's Runner with a scripted model: each
// call decided by the gateway, then run by bash in the real sandbox (or without it, as the plan says).

const governors: Governor[] = [];
afterEach(() => {
  for (const governor of governors.splice(0)) governor.stop();
});

const UNAVAILABLE = {
  available: false,
  reason: 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap',
} as const;
const SELECT = functionCall('select_active_intent', { intent_id: 'INT-1' }, 'select-1');
const run = (callId: string, command: string) => calls(functionCall('execute_command', { command }, callId));

/** Runs the scripted turns against a repository (INT-1 owns src/**) whose governor has `plan` and EXEC_ARBITRARY approved. */
async function play(plan: ContainmentPlan, turns: (outside: string) => readonly Turn[]) {
  const { root, outside } = makeRepository();
  const options = { workspaceRoot: root, shellContainment: plan, trace: () => undefined };
  const governor = createGovernor(options);
  governors.push(governor);
  governor.approveSession(['EXEC_ARBITRARY']);
  const tools = governAgentTools(governor, [
    executeCommandFunctionTool(governor, { plan, place: governorPlaceFor(options), timeoutMs: 30_000 }),
  ]);
  const model = new ScriptedModel(turns(outside));
  const agent = new Agent({ name: 'coder', instructions: () => governor.handshakePrompt(), tools, model });
  governor.userPrompt('generate the file');
  await new Runner({ tracingDisabled: true }).run(agent, 'generate the file', governedRunOptions(governor));
  const outputs = toolOutputs(model.requests.at(-1));
  const report = (callId: string): unknown => JSON.parse(outputs.get(callId) ?? 'null');
  return { root, outside, governor, outputs, report };
}

describe.skipIf(BWRAP === undefined)('executeCommandFunctionTool, contained', () => {
  it('runs inline code with no ask: its in-scope write lands, its write outside the scope fails', async () => {
    const plan: ContainmentPlan = { kind: 'contain', bwrap: BWRAP ?? 'bwrap' };
    const { root, outside, report } = await play(plan, (beside) => [
      calls(SELECT),
      run('c1', `python3 -c "open('src/gen.ts', 'w').write('export const g = 1;')"`),
      run('c2', `python3 -c "open('docs/readme.md', 'w').write('x'); open('${beside}/made.txt', 'w').write('x')"`),
      say('done'),
    ]);
    expect(report('c1')).toEqual({ exit_code: 0, stdout: '', stderr: '', contained: true });
    expect(readFileSync(path.join(root, 'src', 'gen.ts'), 'utf8')).toBe('export const g = 1;');
    expect(report('c2')).toMatchObject({
      contained: true,
      exit_code: 1,
      stderr: expect.stringContaining('Read-only file system'),
    });
    expect(readFileSync(path.join(root, 'docs', 'readme.md'), 'utf8')).toBe('# docs\n');
    expect(existsSync(path.join(outside, 'made.txt'))).toBe(false);
  });
});

describe.skipIf(BWRAP === undefined)('executeCommandFunctionTool, a change a person allowed once', () => {
  it('runs it after the approval with the existing file it names writable, nothing else', async () => {
    const plan: ContainmentPlan = { kind: 'contain', bwrap: BWRAP ?? 'bwrap' };
    const { root, outside } = makeRepository();
    const options = { workspaceRoot: root, shellContainment: plan, trace: () => undefined };
    const governor = createGovernor(options);
    governors.push(governor);
    governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    const target = path.join(outside, 'outside.txt');
    const other = path.join(outside, 'other.txt');
    const tools = governAgentTools(governor, [
      executeCommandFunctionTool(governor, { plan, place: governorPlaceFor(options), timeoutMs: 30_000 }),
    ]);
    const model = new ScriptedModel([
      calls(SELECT),
      run('c1', `cp src/a.ts ${target} && touch ${other}`),
      say('copied'),
    ]);
    const agent = new Agent({ name: 'coder', instructions: () => governor.handshakePrompt(), tools, model });
    const runner = new Runner({ tracingDisabled: true });
    governor.userPrompt('copy it out');
    const first = await runner.run(agent, 'copy it out', governedRunOptions(governor));
    expect(first.interruptions).toHaveLength(1);
    expect(governor.pendingApproval?.approval?.outsideScope).toEqual([target, other]);
    expect(readFileSync(target, 'utf8')).toBe('outside\n');

    first.state.approve(first.interruptions[0]!);
    await runner.run(agent, first.state, governedRunOptions(governor));
    expect(JSON.parse(toolOutputs(model.requests.at(-1)).get('c1') ?? 'null')).toMatchObject({ contained: true });
    expect(readFileSync(target, 'utf8')).toBe(readFileSync(path.join(root, 'src', 'a.ts'), 'utf8'));
    // a file that did not exist cannot be bound: the touch lands in the private /tmp, not on the host
    expect(existsSync(other)).toBe(false);
  });
});

describe('executeCommandFunctionTool without bubblewrap', () => {
  it('runs the command uncontained under auto, decided by analysis alone', async () => {
    const { root, report, governor } = await play(containmentPlan('auto', UNAVAILABLE), () => [
      calls(SELECT),
      run('c1', 'touch src/plain.txt && echo ok'),
      say('done'),
    ]);
    expect(report('c1')).toEqual({ exit_code: 0, stdout: 'ok\n', stderr: '', contained: false });
    expect(existsSync(path.join(root, 'src', 'plain.txt'))).toBe(true);
    expect(
      governor
        .isToolAllowed('execute_command', { command: 'touch src/plain.txt' })
        .reasons.map((reason) => reason.code),
    ).toContain('not_contained');
  });

  it('refuses every command under required, and runs none', async () => {
    const { root, outputs } = await play(containmentPlan('required', UNAVAILABLE), () => [
      calls(SELECT),
      run('c1', 'touch src/refused.txt'),
      say('done'),
    ]);
    expect(outputs.get('c1')).toContain('containment is required');
    expect(existsSync(path.join(root, 'src', 'refused.txt'))).toBe(false);
  });
});
