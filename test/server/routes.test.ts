import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  post,
  request,
  SEED_001_MESSAGE,
  startService,
  TEST_TOKEN,
  type Reply,
  type RunningService,
} from './serviceHarness';

const WRITE = { tool: 'write_to_file', args: { path: 'src/app.ts', content: 'x' } };

/** What a case's setup leaves behind: the held call's approval id, when there is one. */
interface Prepared {
  readonly approvalId?: string;
}

interface RouteCase {
  readonly name: string;
  /** requests run first, against this case's own session */
  readonly setup?: (session: string) => Promise<Prepared>;
  readonly send: (session: string, url: string, prepared: Prepared) => Promise<Reply>;
  readonly status: number;
  readonly json: Record<string, unknown>;
  /** checks on the session after the request */
  readonly after?: Record<string, unknown>;
}

const prompted = async (session: string): Promise<Prepared> => {
  await post(`${session}/prompt`, { text: 'task' });
  return {};
};

const inAction = async (session: string): Promise<Prepared> => {
  await prompted(session);
  await post(`${session}/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
  return {};
};

const holding = async (session: string): Promise<Prepared> => {
  await inAction(session);
  const asked = await post(`${session}/tool-calls`, WRITE);
  return { approvalId: (asked.json.approval as { id: string }).id };
};

const answer = (value: unknown) => (session: string, _url: string, prepared: Prepared) =>
  post(`${session}/approvals/${prepared.approvalId ?? 'none'}`, { answer: value }, TEST_TOKEN);

const CASES: readonly RouteCase[] = [
  {
    name: 'POST /sessions/:id/prompt creates the session with 201 and moves it to REASONING',
    send: (session) => post(`${session}/prompt`, { text: 'add login' }),
    status: 201,
    json: { state: 'REASONING', active_intent: null, approved_categories: [], pending_approval: null, safe_mode: true },
  },
  {
    name: 'POST /sessions/:id/prompt with an empty JSON object creates the session too',
    send: (session) => post(`${session}/prompt`, {}),
    status: 201,
    json: { state: 'REASONING' },
  },
  {
    name: 'POST /sessions/:id/prompt answers 200 once the session exists',
    setup: prompted,
    send: (session) => post(`${session}/prompt`, { text: 'again' }),
    status: 200,
    json: { state: 'REASONING' },
  },
  {
    name: 'POST /sessions/:id/tool-calls allows a SAFE read',
    setup: prompted,
    send: (session) => post(`${session}/tool-calls`, { tool: 'read_file', args: { path: 'src/app.ts' } }),
    status: 200,
    json: {
      allowed: true,
      verdict: 'allow',
      code: 'safe_tool',
      tool: 'read_file',
      toolClass: 'SAFE',
      state: 'REASONING',
      categories: [],
      evidence: [],
    },
  },
  {
    name: 'POST /sessions/:id/tool-calls denies a DESTRUCTIVE write before the handshake with seed 001 text',
    setup: prompted,
    send: (session) => post(`${session}/tool-calls`, WRITE),
    status: 200,
    json: { allowed: false, verdict: 'deny', code: 'state_violation', reason: SEED_001_MESSAGE },
  },
  {
    name: 'POST /sessions/:id/tool-calls applies select_active_intent',
    setup: prompted,
    send: (session) => post(`${session}/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } }),
    status: 200,
    json: { verdict: 'allow', code: 'intent_selected', intentId: 'INT-001' },
    after: { state: 'ACTION', active_intent: { id: 'INT-001', owned_scope: ['src/**'] } },
  },
  {
    name: 'POST /sessions/:id/tool-calls asks before a web call in ACTION (NETWORK_RISK)',
    setup: inAction,
    send: (session) => post(`${session}/tool-calls`, { tool: 'web', args: { url: 'https://example.com' } }),
    status: 200,
    json: { verdict: 'ask', code: 'needs_approval', categories: ['NETWORK_RISK'] },
    after: { pending_approval: { verdict: 'ask', tool: 'web' } },
  },
  {
    name: 'POST /sessions/:id/tool-calls asks before a shell command in ACTION (EXEC_ARBITRARY)',
    setup: inAction,
    send: (session) => post(`${session}/tool-calls`, { tool: 'shell', args: { command: 'ls src' } }),
    status: 200,
    json: { verdict: 'ask', code: 'needs_approval', categories: ['EXEC_ARBITRARY'] },
  },
  {
    name: 'POST /sessions/:id/decide answers select_active_intent without selecting it',
    setup: prompted,
    send: (session) => post(`${session}/decide`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } }),
    status: 200,
    json: { verdict: 'allow', code: 'intent_selected' },
    after: { state: 'REASONING', active_intent: null },
  },
  {
    name: 'POST /sessions/:id/decide without args answers for the tool by name',
    setup: prompted,
    send: (session) => post(`${session}/decide`, { tool: 'write_to_file' }),
    status: 200,
    json: { verdict: 'deny', code: 'state_violation', reason: SEED_001_MESSAGE, categories: [] },
  },
  {
    name: 'POST /sessions/:id/decide holds nothing for a risky call',
    setup: inAction,
    send: (session) => post(`${session}/decide`, WRITE),
    status: 200,
    json: { verdict: 'ask', categories: ['FS_DELETE_OVERWRITE'] },
    after: { pending_approval: null },
  },
  {
    name: 'POST /sessions/:id/reset returns to REQUEST and clears the intent',
    setup: inAction,
    send: (session) => post(`${session}/reset`, {}),
    status: 200,
    json: { state: 'REQUEST', active_intent: null },
  },
  {
    name: 'GET /sessions/:id shows the session view',
    setup: holding,
    send: (session) => request(session),
    status: 200,
    json: {
      state: 'ACTION',
      active_intent: { id: 'INT-001' },
      approved_categories: [],
      pending_approval: { verdict: 'ask', tool: 'write_to_file' },
      safe_mode: true,
    },
  },
  {
    name: 'POST /approve-session approves categories for the session',
    setup: prompted,
    send: (session, url) =>
      post(
        `${url}/approve-session`,
        { session_id: session.split('/').pop(), categories: ['NETWORK_RISK', 'FS_DELETE_OVERWRITE'] },
        TEST_TOKEN,
      ),
    status: 200,
    json: { approved_categories: ['FS_DELETE_OVERWRITE', 'NETWORK_RISK'] },
    after: { approved_categories: ['FS_DELETE_OVERWRITE', 'NETWORK_RISK'] },
  },
  {
    name: 'POST /approve-session releases the held call when it covers its categories',
    setup: holding,
    send: (session, url) =>
      post(
        `${url}/approve-session`,
        { session_id: session.split('/').pop(), categories: ['FS_DELETE_OVERWRITE'] },
        TEST_TOKEN,
      ),
    status: 200,
    json: { approved_categories: ['FS_DELETE_OVERWRITE'] },
    after: { pending_approval: null },
  },
  {
    name: "POST /sessions/:id/approvals/:approvalId 'continue' runs the held call once",
    setup: holding,
    send: answer('continue'),
    status: 200,
    json: { allowed: true, verdict: 'allow', code: 'approved_once', tool: 'write_to_file' },
    after: { pending_approval: null, approved_categories: [] },
  },
  {
    name: "POST /sessions/:id/approvals/:approvalId 'cancel' drops the held call",
    setup: holding,
    send: answer('cancel'),
    status: 200,
    json: { allowed: false, verdict: 'deny', code: 'approval_cancelled' },
    after: { pending_approval: null },
  },
  {
    name: "POST /sessions/:id/approvals/:approvalId 'details' shows the held decision again",
    setup: holding,
    send: answer('details'),
    status: 200,
    json: { verdict: 'ask', code: 'needs_approval' },
    after: { pending_approval: { verdict: 'ask' } },
  },
  {
    name: 'POST /sessions/:id/approvals/:approvalId { edit } decides the edited arguments',
    setup: holding,
    send: answer({ edit: { path: 'docs/readme.md', content: 'x' } }),
    status: 200,
    json: { verdict: 'deny', code: 'scope_violation' },
    after: { pending_approval: null },
  },
];

describe('governance service routes', () => {
  let running: RunningService;
  beforeAll(async () => {
    running = await startService();
  });
  afterAll(() => running.service.close());

  it.each(CASES.map((testCase, index) => ({ ...testCase, index })))('$name', async (testCase) => {
    const session = `${running.url}/sessions/route-${testCase.index}`;
    const prepared = testCase.setup ? await testCase.setup(session) : {};
    const reply = await testCase.send(session, running.url, prepared);
    expect(reply.status).toBe(testCase.status);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.json).toMatchObject(testCase.json);
    if (testCase.after) expect((await request(session)).json).toMatchObject(testCase.after);
  });

  it('sets Location on the 201 of a new session', async () => {
    const reply = await post(`${running.url}/sessions/located/prompt`, { text: 'x' });
    expect(reply.headers.get('location')).toBe('/sessions/located');
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });
});
