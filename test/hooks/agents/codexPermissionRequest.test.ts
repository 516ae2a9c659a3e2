import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { ContainmentPlan } from '../../../src/containment/containmentPlan';
import { containmentPolicyOf } from '../../../src/containment/containmentPolicy';
import type { GovernorOptions, TraceRecord } from '../../../src/index';
import { codexAdapter } from '../../../src/hooks/agents/codexAdapter';
import { answerHookEvent, type AnswerOptions } from '../../../src/hooks/answerHookEvent';
import { containCall, shellToolsOf } from '../../../src/hooks/hookContainment';
import type { HookEvent } from '../../../src/hooks/hookEvent';
import { createMemorySessions } from '../../../src/sessions/memorySessions';
import { INTENTS_YAML, makeWorkspace } from '../../support/workspace';

// Codex's own approval prompt (PermissionRequest), answered from the session's decision without
// effects: read from Codex's JSON, decided again, written as Codex reads it.

const SESSION = '01a23572-3e0c-7c31-96d2-d471733ff705';

/** A PermissionRequest as Codex 0.169 sends it for an escalated shell call (fields as measured). */
const permissionRequest = (cwd: string, command: string): Record<string, unknown> => ({
  session_id: SESSION,
  turn_id: '01a23572-3e4a-7ce0-97ec-e05b4cc8eaf0',
  transcript_path: null,
  cwd,
  hook_event_name: 'PermissionRequest',
  model: 'gpt-5.5',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command, description: 'need it' },
});

const BWRAP = '/usr/bin/bwrap';
const CONTAIN: ContainmentPlan = { kind: 'contain', bwrap: BWRAP };

/** A workspace's sessions under Codex's preset, and the route's contained lines for them (the hook command's). */
function sessionOf(options: Partial<GovernorOptions>) {
  const root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  const trace: TraceRecord[] = [];
  const sessions = createMemorySessions({
    workspaceRoot: root,
    trace: (record) => void trace.push(record),
    safeMode: false,
    ...options,
    ...codexAdapter.governorOptions,
  });
  const containment = {
    bwrap: BWRAP,
    place: {
      workspaceRoot: root,
      orchestrationDir: path.join(root, '.orchestration'),
      policy: containmentPolicyOf(undefined),
    },
    shellTools: shellToolsOf(codexAdapter.governorOptions),
  };
  const containShell: AnswerOptions['containShell'] = (governor, event, decision) =>
    containCall(containment, { governor, event, decision });
  const select: HookEvent = {
    kind: 'pre_tool',
    sessionId: SESSION,
    cwd: root,
    tool: 'select_active_intent',
    args: { intent_id: 'INT-001' },
  };
  /** The contained line the route hands Codex for `command` now. */
  const lineOf = async (command: string): Promise<string> => {
    const answered = await answerHookEvent(
      { kind: 'pre_tool', sessionId: SESSION, cwd: root, tool: 'Bash', args: { command, cwd: root } },
      sessions,
      { containShell },
    );
    if (answered.kind !== 'allow' || answered.contained === undefined)
      throw new Error(`not allowed contained: ${JSON.stringify(answered)}`);
    return answered.contained.line;
  };
  return { root, sessions, trace, containShell, select, lineOf };
}

async function answer(sessions: ReturnType<typeof sessionOf>['sessions'], raw: unknown, options: AnswerOptions = {}) {
  const read = codexAdapter.readEvent(raw);
  if (read.ok !== true) throw new Error(`not read: ${JSON.stringify(read)}`);
  return codexAdapter.writeAnswer(await answerHookEvent(read.event, sessions, options), read.event);
}

const decided = (body: string): unknown =>
  body === ''
    ? undefined
    : (JSON.parse(body) as { hookSpecificOutput: { decision: unknown } }).hookSpecificOutput.decision;

describe("Codex's PermissionRequest, answered from the session's decision", () => {
  it('reads the call Codex asks about as a tool call, with no call id', () => {
    expect(codexAdapter.readEvent(permissionRequest('/project', 'ls'))).toEqual({
      ok: true,
      event: {
        kind: 'permission_request',
        sessionId: SESSION,
        cwd: '/project',
        tool: 'Bash',
        args: { command: 'ls', cwd: '/project' },
      },
    });
  });

  it('reads an apply_patch Codex asks about (a path outside its writable places) as the patch, as at PreToolUse', () => {
    const patch = '*** Begin Patch\n*** Add File: /root/outside/p.ts\n+x\n*** End Patch';
    const raw = { ...permissionRequest('/project', ''), tool_name: 'apply_patch', tool_input: { command: patch } };
    expect(codexAdapter.readEvent(raw)).toEqual({
      ok: true,
      event: { kind: 'permission_request', sessionId: SESSION, cwd: '/project', tool: 'apply_patch', args: { patch } },
    });
  });

  it('allows the contained line of a command the governor lets run contained: its sandbox bounds it wherever Codex runs it', async () => {
    const { root, sessions, containShell, select, lineOf } = sessionOf({ shellContainment: CONTAIN });
    await answerHookEvent(select, sessions);
    const line = await lineOf('node build.js');
    const output = await answer(sessions, permissionRequest(root, line), { containShell });
    expect(decided(output.stdout)).toEqual({ behavior: 'allow' });
  });

  it('refuses the bare command when the governor lets it run only contained: outside both sandboxes it would run bare', async () => {
    const { root, sessions, containShell, select } = sessionOf({ shellContainment: CONTAIN });
    await answerHookEvent(select, sessions);
    const output = await answer(sessions, permissionRequest(root, 'node build.js'), { containShell });
    expect(decided(output.stdout)).toEqual({
      behavior: 'deny',
      message: expect.stringContaining('may run only contained'),
    });
  });

  it('refuses a call the governor would not let run, with its reason', async () => {
    const { root, sessions, containShell } = sessionOf({ shellContainment: CONTAIN });
    const output = await answer(sessions, permissionRequest(root, 'touch src/auth/a.ts'), { containShell });
    expect(decided(output.stdout)).toEqual({ behavior: 'deny', message: expect.stringContaining('State Violation') });
  });

  it('leaves a call decided by analysis alone to Codex: what its prompt asks, leaving its sandbox, the decision did not weigh', async () => {
    const { root, sessions, select } = sessionOf({});
    await answerHookEvent(select, sessions);
    const output = await answer(sessions, permissionRequest(root, 'touch src/auth/a.ts'));
    expect(output).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('decides without effects: nothing is traced and no held call is added', async () => {
    const { root, sessions, trace, containShell, select } = sessionOf({ shellContainment: CONTAIN, safeMode: true });
    await answerHookEvent(select, sessions);
    const before = trace.length;
    const output = await answer(sessions, permissionRequest(root, 'git push origin main'), { containShell });
    expect(decided(output.stdout)).toEqual({
      behavior: 'deny',
      message: expect.stringContaining('held until a human approves it'),
    });
    expect(trace.length).toBe(before);
    expect(await sessions.withSession(SESSION, (governor) => governor.heldCalls.length)).toBe(0);
  });
});
