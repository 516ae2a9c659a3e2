import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTENTS_YAML, makeWorkspace } from '../support/workspace';
import { startServe, type InProcessServe } from './inProcessServe';

// Issue 33 through a real `intentgate serve` and Claude Code's events posted to its hook route as
// the agent's own http hook (or curl) posts them, with no credential: a PostToolUse never answers
// a held call (finding 6); a human's Cancel reaches the model on its retry; a hook session's
// console card names its agent and first prompt; the service's own session routes refuse a
// session the hooks made (finding 3).

const TOKEN = 'hook-route-authority-token-0123456789abc';

let root = '';
let url = '';
let service: InProcessServe | undefined;

beforeAll(async () => {
  root = makeWorkspace({ intentsYaml: INTENTS_YAML });
  service = await startServe(['--port', '0', '--host', '127.0.0.1', '--quiet'], root, {
    INTENTGATE_APPROVAL_TOKEN: TOKEN,
  });
  url = service.url;
}, 180_000);
afterAll(async () => {
  if (service) expect(await service.stop()).toBe(0);
});

/** Posts one Claude Code event to `/hooks/claude-code`, as its http hook does: no credential, unless `token` is given. */
async function hook(
  session: string,
  name: string,
  fields: Record<string, unknown> = {},
  { token, at = url }: { readonly token?: string; readonly at?: string } = {},
): Promise<Record<string, unknown>> {
  const event = {
    session_id: session,
    transcript_path: `/home/dev/.claude/projects/x/${session}.jsonl`,
    cwd: root,
    permission_mode: 'default',
    hook_event_name: name,
    ...fields,
  };
  const response = await fetch(`${at}/hooks/claude-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token !== undefined && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(event),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Claude Code's permission decision (allow when it says nothing) and its reason. */
function verdict(body: Record<string, unknown>): { readonly decision: string; readonly reason: string } {
  const output = body.hookSpecificOutput as
    { permissionDecision?: string; permissionDecisionReason?: string } | undefined;
  return { decision: output?.permissionDecision ?? 'allow', reason: output?.permissionDecisionReason ?? '' };
}

const WRITE = (file: string) => ({
  tool_name: 'Write',
  tool_input: { file_path: path.join(root, file), content: 'x' },
  tool_use_id: 'toolu_w',
});

/** A session whose agent selected INT-001 and had a write in scope held for a human; the held call's approval id. */
async function holding(session: string, prompt = 'add login'): Promise<string> {
  await hook(session, 'UserPromptSubmit', { prompt });
  expect(
    verdict(
      await hook(session, 'PreToolUse', {
        tool_name: 'mcp__intentgate__select_active_intent',
        tool_input: { intent_id: 'INT-001' },
        tool_use_id: 'toolu_s',
      }),
    ).decision,
  ).toBe('allow');
  expect(verdict(await hook(session, 'PreToolUse', WRITE('src/auth/login.ts'))).decision).toBe('ask');
  const [held] = (await consoleSession(session))?.held_calls ?? [];
  if (held === undefined) throw new Error(`session ${session} holds no call`);
  return held.approval_id;
}

let access: { readonly cookie: string; readonly csrf: string } | undefined;

async function signedIn(): Promise<{ readonly cookie: string; readonly csrf: string }> {
  if (access) return access;
  const response = await fetch(`${url}/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: TOKEN }),
  });
  const { csrf } = (await response.json()) as { csrf: string };
  access = { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf };
  return access;
}

interface ConsoleSession {
  readonly session_id: string;
  readonly held_calls: readonly { readonly approval_id: string }[];
  readonly [field: string]: unknown;
}

/** The session as the console's page reads it. */
async function consoleSession(session: string): Promise<ConsoleSession | undefined> {
  const { cookie } = await signedIn();
  const body = (await (await fetch(`${url}/console/api/sessions`, { headers: { cookie } })).json()) as {
    sessions: ConsoleSession[];
  };
  return body.sessions.find((each) => each.session_id === session);
}

interface TracedRecord {
  readonly session_id: string;
  readonly verdict: string;
  readonly tool: string;
  readonly reasons: readonly { readonly code: string; readonly message: string }[];
  readonly approver?: string;
  readonly approval_id?: string;
  readonly state?: string;
}

/** The records of the service's trace about a session. */
function traceOf(session: string, workspace = root): TracedRecord[] {
  const file = path.join(workspace, '.orchestration', 'agent_trace.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as TracedRecord)
    .filter((record) => record.session_id === session);
}

/** The trace's records of a session decided by `code`. */
const tracedWith = (session: string, code: string, workspace = root): TracedRecord[] =>
  traceOf(session, workspace).filter((record) => record.reasons[0]?.code === code);

describe('a hook route of a real intentgate serve, posted to with no credential', () => {
  it('keeps a held call held when a PostToolUse reports it ran: it stays in the console, and the trace names no approval', async () => {
    const session = 'post-unauthenticated';
    const approvalId = await holding(session);
    expect(
      verdict(await hook(session, 'PostToolUse', { ...WRITE('src/auth/login.ts'), tool_response: { success: true } }))
        .decision,
    ).toBe('allow');
    expect((await consoleSession(session))?.held_calls.map((held) => held.approval_id)).toEqual([approvalId]);
    const codes = traceOf(session).flatMap((record) => record.reasons.map((reason) => reason.code));
    expect(codes).toContain('needs_approval');
    expect(codes).not.toContain('approved_once');
    // the report is noted as ignored, naming the route and the hold it did not answer
    const [report] = tracedWith(session, 'report_unvouched');
    expect(report).toMatchObject({ verdict: 'ask', tool: 'Write', approval_id: approvalId });
    expect(report?.reasons[0]?.message).toContain('POST /hooks/claude-code');
    for (const record of traceOf(session))
      for (const reason of record.reasons)
        if (reason.message.includes('Approved once by a human')) expect(record.approver).toBeDefined();
    // a human's answer still answers it, naming the approver
    const { cookie, csrf } = await signedIn();
    const answered = await fetch(`${url}/sessions/${session}/approvals/${approvalId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-intentgate-csrf': csrf },
      body: JSON.stringify({ answer: 'continue' }),
    });
    expect(await answered.json()).toMatchObject({ code: 'approved_once' });
    expect((await consoleSession(session))?.held_calls).toEqual([]);
    // the identical retry runs once; every approval the trace records names who gave it
    expect(verdict(await hook(session, 'PreToolUse', WRITE('src/auth/login.ts'))).decision).toBe('allow');
    const approvals = traceOf(session).filter((record) =>
      record.reasons.some((reason) => reason.code === 'approved_once'),
    );
    expect(approvals.length).toBe(2);
    for (const record of approvals) expect(record.approver).toEqual(expect.any(String));
  });

  it("refuses the agent's identical retry of a call a human cancelled in the console, telling it to ask the user", async () => {
    const session = 'cancel-reaches-model';
    const approvalId = await holding(session);
    const { cookie, csrf } = await signedIn();
    const cancelled = await fetch(`${url}/sessions/${session}/approvals/${approvalId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-intentgate-csrf': csrf },
      body: JSON.stringify({ answer: 'cancel' }),
    });
    expect(await cancelled.json()).toMatchObject({ code: 'approval_cancelled' });
    const retry = verdict(await hook(session, 'PreToolUse', WRITE('src/auth/login.ts')));
    expect(retry).toEqual({
      decision: 'deny',
      reason: expect.stringContaining('A human cancelled this call; do not retry it, ask the user'),
    });
    // not held again under a new id
    expect((await consoleSession(session))?.held_calls).toEqual([]);
    expect(verdict(await hook(session, 'PreToolUse', WRITE('src/auth/login.ts'))).decision).toBe('deny');
    // each refused retry is a traced decision of its own, naming the cancelled hold
    const refused = tracedWith(session, 'cancelled_by_human');
    expect(refused).toHaveLength(2);
    for (const record of refused)
      expect(record).toMatchObject({ verdict: 'deny', tool: 'Write', approval_id: approvalId });
  });

  it('ignores a SessionEnd without the approval token, and notes it; one with the token ends the session', async () => {
    const session = 'ended-by-whom';
    await holding(session);
    await hook(session, 'SessionEnd', { reason: 'other' });
    const view = async (): Promise<Record<string, unknown>> =>
      (await (await fetch(`${url}/sessions/${session}`)).json()) as Record<string, unknown>;
    expect(await view()).toMatchObject({ ended_at: null });
    const [ignored] = tracedWith(session, 'report_unvouched');
    expect(ignored).toMatchObject({ verdict: 'ask', tool: 'SessionEnd' });
    expect(ignored?.state).toBeUndefined();
    await hook(session, 'SessionEnd', { reason: 'other' }, { token: 'not-the-approval-token-0123456789abcdef' });
    expect(await view()).toMatchObject({ ended_at: null });
    await hook(session, 'SessionEnd', { reason: 'other' }, { token: TOKEN });
    expect(await view()).toMatchObject({ ended_at: expect.any(String) });
  });

  it('lets a PostToolUse sent with the approval token answer the hold, naming the prompt and the token', async () => {
    const session = 'post-with-token';
    const approvalId = await holding(session);
    const report = { ...WRITE('src/auth/login.ts'), tool_response: { success: true } };
    await hook(session, 'PostToolUse', report, { token: TOKEN });
    expect((await consoleSession(session))?.held_calls).toEqual([]);
    const [answered] = tracedWith(session, 'approved_once');
    expect(answered).toMatchObject({
      approval_id: approvalId,
      approver: expect.stringContaining("claude-code's own prompt"),
    });
    expect(tracedWith(session, 'report_unvouched')).toEqual([]);
  });

  it("shows a hook session's agent and first prompt on its console card", async () => {
    const session = 'labelled-hook-session';
    await holding(session, 'add a login page\nwith two fields');
    await hook(session, 'UserPromptSubmit', { prompt: 'a later prompt' });
    const card = await consoleSession(session);
    expect(JSON.stringify(card)).toContain('"agent":"claude-code"');
    expect(JSON.stringify(card)).toContain('"first_prompt":"add a login page with two fields"');
  });

  it("refuses a hook session on the service's own /sessions/:id/prompt and /tool-calls", async () => {
    const session = 'hook-made-session';
    await holding(session);
    const prompt = await fetch(`${url}/sessions/${session}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'go' }),
    });
    expect(prompt.status).toBe(400);
    expect(JSON.stringify(await prompt.json())).toContain("was started by an agent's hooks");
    const call = await fetch(`${url}/sessions/${session}/tool-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tool: 'execute_command', args: { command: 'sudo reboot' } }),
    });
    expect(await call.json()).toMatchObject({ verdict: 'deny', code: 'session_store_unavailable' });
    // the hook route still drives it, with Claude Code's preset: sudo is held for a human
    expect(
      verdict(
        await hook(session, 'PreToolUse', {
          tool_name: 'Bash',
          tool_input: { command: 'sudo reboot' },
          tool_use_id: 'toolu_b',
        }),
      ).decision,
    ).toBe('ask');
  });

  it("still serves the service's own sessions on /sessions/:id/prompt and /tool-calls", async () => {
    const prompt = await fetch(`${url}/sessions/own-session/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'go' }),
    });
    expect(prompt.status).toBe(201);
    const call = await fetch(`${url}/sessions/own-session/tool-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tool: 'read_file', args: { path: 'a.ts' } }),
    });
    expect(await call.json()).toMatchObject({ verdict: 'allow' });
  });
});

describe('a hook route of a real intentgate serve whose policy sets heldCallTtlMs', () => {
  const TTL_MS = 2_000;
  let workspace = '';
  let policyService: InProcessServe | undefined;

  beforeAll(async () => {
    workspace = makeWorkspace({ intentsYaml: INTENTS_YAML });
    const policy = path.join(workspace, 'policy.yaml');
    writeFileSync(policy, `version: 1\nworkspaceRoot: ${JSON.stringify(workspace)}\nheldCallTtlMs: ${TTL_MS}\n`);
    policyService = await startServe(['--port', '0', '--quiet', '--policy', policy], workspace, {
      INTENTGATE_APPROVAL_TOKEN: TOKEN,
    });
  }, 180_000);
  afterAll(async () => {
    if (policyService) expect(await policyService.stop()).toBe(0);
  });

  it("refuses a cancelled call's retry for the policy's TTL, not the default 15 minutes", async () => {
    const at = policyService?.url ?? '';
    const session = 'policy-ttl';
    const post = (name: string, fields: Record<string, unknown>) => hook(session, name, fields, { at });
    const write = {
      tool_name: 'Write',
      tool_input: { file_path: path.join(workspace, 'src/auth/a.ts'), content: 'x' },
    };
    await post('UserPromptSubmit', { prompt: 'add login' });
    await post('PreToolUse', {
      tool_name: 'mcp__intentgate__select_active_intent',
      tool_input: { intent_id: 'INT-001' },
    });
    expect(verdict(await post('PreToolUse', write)).decision).toBe('ask');
    const held = (await (await fetch(`${at}/sessions/${session}`)).json()) as {
      held_calls: { approval: { id: string } }[];
    };
    const approvalId = held.held_calls[0]?.approval.id ?? '';
    const cancelled = await fetch(`${at}/sessions/${session}/approvals/${approvalId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ answer: 'cancel' }),
    });
    expect(cancelled.status).toBe(200);
    // past the policy's TTL (the default would refuse for 15 minutes), the same call is asked about anew
    await sleep(TTL_MS + 500);
    expect(verdict(await post('PreToolUse', write)).decision).toBe('ask');
    expect(tracedWith(session, 'cancelled_by_human', workspace)).toEqual([]);
  });
});
