import { RunContext, Runner, RunState, tool, type AgentOutputItem } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderConfirmationPrompt } from '../../../src/index';
import { pendingDecisionFor } from '../../../src/integrations/openaiAgents/index';
import { calls, functionCall, say, toolOutputs } from './scriptedModel';
import { governedSession } from './session';

const SELECT = functionCall('select_active_intent', { intent_id: 'INT-001' }, 'select-1');
const SUDO = functionCall('execute_command', { command: 'sudo ls' }, 'sudo-1');

/** A session in ACTION whose second turn asks for `sudo ls`; the run stops at the approval. */
async function interruptedAtSudo(extraTurns = [say('done')]) {
  const session = governedSession({ turns: [calls(SELECT), calls(SUDO), ...extraTurns] });
  const result = await session.prompt('list the root folder');
  return { session, result };
}

const codesIn = (trace: readonly { reasons: readonly { code: string }[] }[]) =>
  trace.map((record) => record.reasons[0]?.code);

describe('a sudo command', () => {
  it('interrupts the run for approval and does not run', async () => {
    const { session, result } = await interruptedAtSudo();

    expect(result.interruptions).toHaveLength(1);
    const item = result.interruptions[0];
    expect(item?.name).toBe('execute_command');
    expect(item?.arguments).toBe('{"command":"sudo ls"}');
    expect(session.ran).toEqual([]);
    const held = session.governor.pendingApproval;
    expect(held?.verdict).toBe('ask');
    expect(held?.approval?.categories).toContain('SUDO');
    expect(item && pendingDecisionFor(session.governor, item)).toBe(held);
    expect(renderConfirmationPrompt(held!.approval!.prompt)).toContain('sudo ls');
  });

  it('runs once after a human approves it and the run resumes', async () => {
    const { session, result } = await interruptedAtSudo();
    result.state.approve(result.interruptions[0]!);
    const resumed = await session.resume(result.state);

    expect(resumed.finalOutput).toBe('done');
    expect(resumed.interruptions.map((item) => item.rawItem)).toEqual([]);
    expect(session.ran).toEqual([{ tool: 'execute_command', args: { command: 'sudo ls' } }]);
    expect(toolOutputs(session.model.requests.at(-1)).get('sudo-1')).toBe('ran: sudo ls');
    expect(session.governor.pendingApproval).toBeUndefined();
    // approved once: the session gains no category
    expect(session.governor.approvedCategories).toEqual([]);
    expect(codesIn(session.trace)).toEqual(['needs_approval', 'approved_once']);
  });

  it('does not run after a human rejects it, and the governor stops waiting', async () => {
    const { session, result } = await interruptedAtSudo();
    result.state.reject(result.interruptions[0]!);
    const resumed = await session.resume(result.state);

    expect(resumed.finalOutput).toBe('done');
    expect(session.ran).toEqual([]);
    expect(toolOutputs(session.model.requests.at(-1)).get('sudo-1')).toBe('Tool execution was not approved.');
    expect(session.governor.pendingApproval).toBeUndefined();
    expect(codesIn(session.trace)).toEqual(['needs_approval', 'approval_cancelled']);
  });

  it('is cancelled in the governor on rejection even when the run has no governed options', async () => {
    const { session, result } = await interruptedAtSudo();
    result.state.reject(result.interruptions[0]!);
    await new Runner({ tracingDisabled: true }).run(session.agent, result.state);

    expect(session.ran).toEqual([]);
    expect(session.governor.pendingApproval).toBeUndefined();
    expect(codesIn(session.trace)).toEqual(['needs_approval', 'approval_cancelled']);
  });

  it('is checked again when approved: a new prompt that left ACTION refuses it', async () => {
    const { session, result } = await interruptedAtSudo();
    // the state moves on before the resume: a new user prompt returns to REASONING
    session.governor.userPrompt('actually, wait');
    result.state.approve(result.interruptions[0]!);
    await session.resume(result.state);

    expect(session.ran).toEqual([]);
    expect(toolOutputs(session.model.requests.at(-1)).get('sudo-1')).toBe(
      "State Violation: Intent Handshake required for DESTRUCTIVE actions. Call 'select_active_intent' first.",
    );
  });

  it('runs once when approved on a RunState restored from its string form', async () => {
    const { session, result } = await interruptedAtSudo();
    const restored = await RunState.fromString<undefined, typeof session.agent>(session.agent, result.state.toString());
    restored.approve(restored.getInterruptions()[0]!);
    await session.resume(restored);

    expect(session.ran).toEqual([{ tool: 'execute_command', args: { command: 'sudo ls' } }]);
    expect(session.governor.pendingApproval).toBeUndefined();
  });

  it('runs without a further question once its categories are approved for the session', async () => {
    const later = functionCall('execute_command', { command: 'sudo whoami' }, 'sudo-2');
    const { session, result } = await interruptedAtSudo([calls(later), say('done')]);
    const decision = pendingDecisionFor(session.governor, result.interruptions[0]!);
    session.governor.approveSession(decision!.approval!.categories);
    const resumed = await session.resume(result.state);

    expect(resumed.interruptions.map((item) => item.rawItem)).toEqual([]);
    expect(session.ran.map((run) => run.args)).toEqual([{ command: 'sudo ls' }, { command: 'sudo whoami' }]);
  });

  it('asks again while the human has not decided, without holding it twice', async () => {
    const { session, result } = await interruptedAtSudo();
    const again = await session.resume(result.state);

    expect(again.interruptions.map((item) => item.name)).toEqual(['execute_command']);
    expect(session.ran).toEqual([]);
    expect(codesIn(session.trace)).toEqual(['needs_approval']);
  });

  it('runs every later call without asking once the human approves the tool for good', async () => {
    const second = functionCall('execute_command', { command: 'sudo ls /srv' }, 'sudo-2');
    const { session, result } = await interruptedAtSudo([calls(second), say('done')]);
    result.state.approve(result.interruptions[0]!, { alwaysApprove: true });
    const resumed = await session.resume(result.state);

    expect(resumed.interruptions.map((item) => item.rawItem)).toEqual([]);
    expect(session.ran.map((run) => run.args)).toEqual([{ command: 'sudo ls' }, { command: 'sudo ls /srv' }]);
    // each call is still held and approved once in the governor, and traced
    expect(codesIn(session.trace)).toEqual(['needs_approval', 'approved_once', 'needs_approval', 'approved_once']);
  });
});

describe('several risky calls in one turn', () => {
  const TWO = calls(SUDO, functionCall('write_to_file', { path: 'src/auth.ts', content: 'x' }, 'write-1'));

  it('interrupts for each, and runs each approved call once', async () => {
    const session = governedSession({ turns: [calls(SELECT), TWO, say('done')] });
    const result = await session.prompt('set up auth');
    expect(result.interruptions.map((item) => item.name)).toEqual(['execute_command', 'write_to_file']);
    expect(result.interruptions.map((item) => pendingDecisionFor(session.governor, item)?.verdict)).toEqual([
      'ask',
      'ask',
    ]);

    for (const item of result.interruptions) result.state.approve(item);
    await session.resume(result.state);
    expect(session.ran.map((run) => run.tool).sort()).toEqual(['execute_command', 'write_to_file']);
    expect(session.governor.pendingApproval).toBeUndefined();
  });

  it('runs the approved one and not the rejected one', async () => {
    const session = governedSession({ turns: [calls(SELECT), TWO, say('done')] });
    const result = await session.prompt('set up auth');
    const [sudo, write] = result.interruptions;
    result.state.reject(sudo!);
    result.state.approve(write!);
    await session.resume(result.state);

    expect(session.ran).toEqual([{ tool: 'write_to_file', args: { path: 'src/auth.ts', content: 'x' } }]);
    expect(toolOutputs(session.model.requests.at(-1)).get('sudo-1')).toBe('Tool execution was not approved.');
  });

  it('tells the model to call again a tool the selection in its own turn revealed', async () => {
    const retry = functionCall('execute_command', { command: 'sudo ls' }, 'sudo-2');
    const session = governedSession({ turns: [calls(SELECT, SUDO), calls(retry), say('done')] });
    const result = await session.prompt('list the root folder');

    expect(toolOutputs(session.model.requests[1]).get('sudo-1')).toBe(
      "Tool 'execute_command' was not available when this call was made; the lifecycle state changed during the turn. Call it again.",
    );
    // called again, it waits for a human
    expect(result.interruptions.map((item) => item.rawItem)).toMatchObject([{ callId: 'sudo-2' }]);
    expect(session.ran).toEqual([]);
  });

  it('decides the calls of a turn in order: a write after a switch of intent waits for a human', async () => {
    const switchToDocs = functionCall('select_active_intent', { intent_id: 'INT-002' }, 'select-2');
    const write = functionCall('write_to_file', { path: 'docs/guide.md', content: 'x' }, 'write-1');
    const session = governedSession({ turns: [calls(SELECT), calls(switchToDocs, write), say('done')] });
    const result = await session.prompt('write the guide');

    expect(session.governor.activeIntent?.id).toBe('INT-002');
    expect(result.interruptions.map((item) => item.rawItem)).toMatchObject([{ callId: 'write-1' }]);
    result.state.approve(result.interruptions[0]!);
    await session.resume(result.state);
    expect(session.ran).toEqual([{ tool: 'write_to_file', args: { path: 'docs/guide.md', content: 'x' } }]);
  });
});

describe('an invocation no human was asked about', () => {
  it('does not run when safe mode asks, and tells the model to call again', async () => {
    const session = governedSession({ turns: [] });
    session.governor.userPrompt('list');
    session.governor.handleToolCall('select_active_intent', { intent_id: 'INT-001' });
    const execute = session.tools.find((t) => t.name === 'execute_command')!;

    const output = await execute.invoke(new RunContext(), '{"command":"sudo ls"}');
    expect(output).toBe(
      "Safe mode: 'execute_command' needs a human's approval for SUDO, EXEC_ARBITRARY in this " +
        'session. No human approved this call, so it did not run; call the tool again to ask for approval.',
    );
    expect(session.ran).toEqual([]);
  });

  it('refuses arguments that are not JSON', async () => {
    const session = governedSession({ turns: [] });
    const read = session.tools.find((t) => t.name === 'read_file')!;
    expect(await read.invoke(new RunContext(), 'not json')).toMatch(
      /^Malformed tool call: arguments are a string that is not JSON \(.+\); pass the arguments as an object, or as the JSON text of one object/,
    );
    expect(session.ran).toEqual([]);
  });
});

describe('arguments that are not JSON', () => {
  it('interrupt the run as the SDK does for dynamic policies, and never run the tool', async () => {
    const broken: AgentOutputItem = {
      type: 'function_call',
      callId: 'read-1',
      name: 'read_file',
      arguments: '{not json',
      status: 'completed',
    };
    const session = governedSession({ turns: [calls(broken), say('done')] });
    const result = await session.prompt('look');
    expect(result.interruptions.map((item) => item.rawItem)).toMatchObject([{ callId: 'read-1' }]);

    result.state.approve(result.interruptions[0]!);
    await session.resume(result.state);
    expect(toolOutputs(session.model.requests.at(-1)).get('read-1')).toMatch(
      /^An error occurred while parsing tool arguments/,
    );
    expect(session.ran).toEqual([]);
  });
});

describe("the host's own approval policy", () => {
  it('still asks for calls the governor allows', async () => {
    const reviewed = tool({
      name: 'read_file',
      description: 'Read a file.',
      parameters: z.object({ path: z.string() }),
      needsApproval: async (_context, input) => input.path.startsWith('vendor/'),
      execute: ({ path }) => `contents of ${path}`,
    });
    const session = governedSession({
      tools: [reviewed],
      turns: [calls(functionCall('read_file', { path: 'vendor/lib.js' }, 'read-1')), say('done')],
    });
    const result = await session.prompt('look');

    expect(result.interruptions.map((item) => item.name)).toEqual(['read_file']);
    expect(pendingDecisionFor(session.governor, result.interruptions[0]!)).toBeUndefined();
    result.state.approve(result.interruptions[0]!);
    await session.resume(result.state);
    expect(toolOutputs(session.model.requests.at(-1)).get('read-1')).toBe('contents of vendor/lib.js');
  });

  it('is not consulted for a call the governor refuses', async () => {
    let asked = 0;
    const strict = tool({
      name: 'write_to_file',
      description: 'Write.',
      parameters: z.object({ path: z.string(), content: z.string() }),
      needsApproval: async () => {
        asked += 1;
        return true;
      },
      execute: () => 'wrote',
    });
    const write = functionCall('write_to_file', { path: 'docs/x.md', content: 'x' }, 'write-1');
    const session = governedSession({ tools: [strict], turns: [calls(SELECT), calls(write), say('done')] });
    const result = await session.prompt('write docs');

    expect(result.interruptions.map((item) => item.rawItem)).toEqual([]);
    expect(asked).toBe(0);
    expect(toolOutputs(session.model.requests[2]).get('write-1')).toMatch(/outside/);
  });
});
