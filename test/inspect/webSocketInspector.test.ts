import { rmSync } from 'node:fs';
import { createWebSocketInspector } from '@statelyai/inspect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_ROUND, createWorkspace, runSession, STEPS } from '../../scripts/agentSession';
import { createGovernor, type Governor } from '../../src/index';
import {
  startInspectionServer,
  topState,
  withoutRepeats,
  type InspectionServer,
  type ReceivedEvent,
} from './inspectionServer';

// a real governor session in this process, seen by a WebSocket server through @statelyai/inspect
describe('a governor inspected by createWebSocketInspector', () => {
  let server: InspectionServer;
  let inspector: ReturnType<typeof createWebSocketInspector>;
  let governor: Governor;
  let root: string;
  let failures: readonly string[];

  const actorEvent = (name: string): ReceivedEvent | undefined =>
    server.received.find((event) => event.type === '@xstate.actor' && event.name === name);
  const ofLifecycle = (type: string): ReceivedEvent[] =>
    server.received.filter((event) => event.type === type && event.sessionId === governor.actor.sessionId);
  const sentToLifecycle = (prefix: string) =>
    ofLifecycle('@xstate.event').flatMap((event) => (event.event?.type.startsWith(prefix) ? [event.event] : []));

  beforeAll(async () => {
    server = await startInspectionServer();
    inspector = createWebSocketInspector({ url: server.url });
    root = createWorkspace();
    // the inspector object itself, as @statelyai/inspect returns it: the option takes its `inspect` observer
    governor = createGovernor({ workspaceRoot: root, inspect: inspector });
    // the inspector converts events a tick late: let it register the actors in their initial state
    await new Promise((resolve) => setTimeout(resolve, 0));
    failures = runSession({ governor, root, steps: [...STEPS, ...APPROVAL_ROUND] }).failures;
    // the session's last event is the second attempt_completion; events arrive in order
    await server.waitFor(
      (received) =>
        received.filter(
          (event) =>
            event.type === '@xstate.snapshot' &&
            event.event?.type === 'tool.requested' &&
            JSON.stringify(event.event).includes('"tool":"attempt_completion"'),
        ).length === 2,
    );
  });

  afterAll(async () => {
    governor.stop();
    // already stopped by the last test unless it failed first; stopping twice is harmless
    inspector.stop();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('runs the session with every expectation met', () => {
    expect(failures).toEqual([]);
  });

  it('receives the lifecycle machine definition with its three states and the flow region, in its initial state', () => {
    const lifecycle = actorEvent('lifecycle');
    expect(lifecycle?.sessionId).toBe(governor.actor.sessionId);
    interface Definition {
      id?: string;
      type?: string;
      initial?: string;
      states?: Record<string, Definition>;
    }
    const definition = JSON.parse(lifecycle?.definition ?? '{}') as Definition;
    expect(definition.id).toBe('lifecycle');
    expect(definition.type).toBe('parallel');
    // the inspector's stable stringify sorts keys
    expect(Object.keys(definition.states ?? {})).toEqual(['flow', 'lifecycle']);
    expect(definition.states?.lifecycle?.initial).toBe('REQUEST');
    expect(Object.keys(definition.states?.lifecycle?.states ?? {})).toEqual(['ACTION', 'REASONING', 'REQUEST']);
    expect(Object.keys(definition.states?.flow?.states ?? {}).sort()).toEqual(
      ['clean', 'secretAndUntrusted', 'secretRead', 'untrustedRead'].sort(),
    );
    expect(lifecycle?.snapshot?.value).toEqual({ lifecycle: { REQUEST: 'ready' }, flow: 'clean' });
  });

  it('receives the approvals actor with its session id', () => {
    const approvals = actorEvent('approvals');
    expect(approvals?.sessionId).toBe(governor.approvalActor.sessionId);
    expect((JSON.parse(approvals?.definition ?? '{}') as { id?: string }).id).toBe('approvals');
  });

  it('receives snapshots going REQUEST -> REASONING -> ACTION and back, twice', () => {
    const states = ofLifecycle('@xstate.snapshot').map((event) => topState(event.snapshot?.value));
    expect(withoutRepeats(states)).toEqual([
      'REQUEST',
      'REASONING',
      'ACTION',
      'REQUEST',
      'REASONING',
      'ACTION',
      'REQUEST',
    ]);
  });

  it('receives a snapshot in awaitingApproval for each of the three held calls', () => {
    const values = ofLifecycle('@xstate.snapshot').map((event) => JSON.stringify(event.snapshot?.value));
    expect(withoutRepeats(values).filter((value) => value.includes('awaitingApproval'))).toEqual([
      '{"flow":"clean","lifecycle":{"ACTION":"awaitingApproval"}}',
      '{"flow":"clean","lifecycle":{"ACTION":"awaitingApproval"}}',
      '{"flow":"clean","lifecycle":{"ACTION":"awaitingApproval"}}',
    ]);
  });

  it('receives the user prompts with their text', () => {
    expect(sentToLifecycle('user.prompted')).toEqual([
      { type: 'user.prompted', text: 'Add JWT login' },
      { type: 'user.prompted', text: 'Sign tokens with jsonwebtoken' },
    ]);
  });

  it('receives every tool.requested in the order the agent called', () => {
    const tools = sentToLifecycle('tool.requested').map((event) => (event.call as { tool: string }).tool);
    expect(tools).toEqual([
      'read_file',
      'list_files',
      'write_to_file',
      'select_active_intent',
      'select_active_intent',
      'write_to_file',
      'write_to_file',
      'write_to_file',
      'read_file',
      'attempt_completion',
      'select_active_intent',
      'execute_command',
      'execute_command',
      'attempt_completion',
    ]);
  });

  it('receives the categories a held command waits for', () => {
    const held = sentToLifecycle('tool.requested').filter(
      (event) => (event.call as { tool: string }).tool === 'execute_command',
    );
    expect(held.map((event) => (event.call as { risk: { unapproved: string[]; approvalId: string } }).risk)).toEqual([
      expect.objectContaining({
        unapproved: ['DEPS_INSTALL_UPDATE', 'NETWORK_RISK', 'EXEC_ARBITRARY'],
        approvalId: 'approval-2',
      }),
      expect.objectContaining({
        unapproved: ['GIT_PUBLISH', 'NETWORK_RISK', 'EXEC_ARBITRARY'],
        approvalId: 'approval-3',
      }),
    ]);
  });

  it('receives the approval events: the session approval, Continue and Cancel', () => {
    expect(sentToLifecycle('approval.')).toEqual([
      { type: 'approval.granted', id: 'approval-1', scope: 'session' },
      { type: 'approval.granted', id: 'approval-2', scope: 'once' },
      { type: 'approval.denied', id: 'approval-3' },
    ]);
  });

  it('receives the categories the human approved for the session on the approvals actor', () => {
    const sent = server.received.filter(
      (event) => event.type === '@xstate.event' && event.sessionId === governor.approvalActor.sessionId,
    );
    expect(sent.map((event) => event.event)).toEqual([
      { type: 'xstate.init', input: { sessionId: governor.sessionId } },
      { type: 'session.approved', categories: ['FS_DELETE_OVERWRITE'] },
    ]);
  });

  // stopped while its socket is open, the inspector closes it cleanly and never enters its 5 s reconnect loop,
  // whose timer would keep this worker alive
  it('closes its connection cleanly on stop', async () => {
    inspector.stop();
    await server.clientsGone();
    expect(server.closeCodes).toEqual([1005]);
  });
});
