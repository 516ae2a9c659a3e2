import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pendingDecisionFor } from '../../../src/integrations/openaiAgents/index';
import { calls, functionCall, say, toolOutputs } from './scriptedModel';
import { governedSession } from './session';

// A change to the intents file found after an allowed command holds the governor; the OpenAI
// Agents host answers it where it answers every hold: an interruption it approves or rejects.

const SELECT = functionCall('select_active_intent', { intent_id: 'INT-001' }, 'select-1');
const COMMAND = functionCall('execute_command', { command: 'echo x > src/a.txt' }, 'command-1');
const READ = functionCall('read_file', { path: 'src/a.txt' }, 'read-1');
const WIDENED = "active_intents:\n  - id: INT-001\n    owned_scope: ['**']\n";

const widen = (workspaceRoot: string) =>
  writeFileSync(path.join(workspaceRoot, '.orchestration', 'active_intents.yaml'), WIDENED);

async function interruptedByChange() {
  const session = governedSession({ turns: [calls(SELECT), calls(COMMAND), say('made it'), calls(READ), say('done')] });
  session.governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
  await session.prompt('make src/a.txt');
  expect(session.ran.map((run) => run.tool)).toEqual(['execute_command']);
  // a route the analysis did not see, after the allowed command
  widen(session.workspaceRoot);
  const result = await session.prompt('now read it');
  return { session, result };
}

describe('a held control-file change in the OpenAI Agents SDK', () => {
  it('interrupts the next call, and pendingDecisionFor shows its prompt', async () => {
    const { session, result } = await interruptedByChange();
    expect(result.interruptions.map((item) => item.name)).toEqual(['read_file']);
    const held = pendingDecisionFor(session.governor, result.interruptions[0]!);
    expect(held).toMatchObject({
      code: 'control_file_changed',
      approval: { id: session.governor.pendingApproval?.approval?.id },
    });
    expect(held?.approval?.prompt.action).toContain('active_intents.yaml');
    expect(session.governor.intents[0]?.owned_scope).toEqual(['src/**']);
  });

  it('is accepted when the human approves the interruption; the call is made again, not run', async () => {
    const { session, result } = await interruptedByChange();
    result.state.approve(result.interruptions[0]!);
    await session.resume(result.state);
    expect(session.governor.pendingApproval).toBeUndefined();
    expect(session.governor.intents[0]?.owned_scope).toEqual(['**']);
    expect(session.ran.map((run) => run.tool)).toEqual(['execute_command']);
    expect(toolOutputs(session.model.requests.at(-1)).get('read-1')).toMatch(/accepted the change/);
  });

  it('is rejected when the human rejects the interruption', async () => {
    const { session, result } = await interruptedByChange();
    result.state.reject(result.interruptions[0]!);
    await session.resume(result.state);
    expect(session.governor.pendingApproval).toBeUndefined();
    expect(session.governor.intents[0]?.owned_scope).toEqual(['src/**']);
  });

  it('is not answered by an approval the human gave for something else, even for every call of the tool', async () => {
    const sudo = functionCall('execute_command', { command: 'sudo ls' }, 'sudo-1');
    const again = functionCall('execute_command', { command: 'sudo ls /srv' }, 'sudo-2');
    const session = governedSession({ turns: [calls(SELECT), calls(COMMAND), calls(sudo), calls(again), say('done')] });
    session.governor.approveSession(['EXEC_ARBITRARY', 'FS_DELETE_OVERWRITE']);
    const result = await session.prompt('list the root folder');
    expect(result.interruptions.map((item) => item.name)).toEqual(['execute_command']);
    // the change is found while the sudo call waits (a host refreshing), and replaces its hold
    widen(session.workspaceRoot);
    session.governor.refresh();
    const change = session.governor.pendingApproval;
    expect(change?.code).toBe('control_file_changed');
    result.state.approve(result.interruptions[0]!, { alwaysApprove: true });
    await session.resume(result.state);

    expect(session.governor.pendingApproval).toBe(change);
    expect(session.governor.intents[0]?.owned_scope).toEqual(['src/**']);
    expect(session.ran.map((run) => run.args)).toEqual([{ command: 'echo x > src/a.txt' }]);
    const outputs = toolOutputs(session.model.requests.at(-1));
    expect([outputs.get('sudo-1'), outputs.get('sudo-2')]).toEqual([
      expect.stringMatching(/holds every call/),
      expect.stringMatching(/holds every call/),
    ]);
  });
});
