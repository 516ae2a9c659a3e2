import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorOf,
  post,
  request,
  SEED_001_MESSAGE,
  startService,
  TEST_TOKEN,
  type RunningService,
} from './serviceHarness';

// one agent session end to end over HTTP, as seed 002's Python backend would drive it
describe('governance service: a full session', () => {
  let running: RunningService;
  let prefixed: RunningService;
  const write = { tool: 'write_to_file', args: { path: 'src/app.ts', content: 'export const app = 1;\n' } };

  beforeAll(async () => {
    running = await startService();
    prefixed = await startService({ prefix: '/slavik' });
  });
  afterAll(async () => {
    await running.service.close();
    await prefixed.service.close();
  });

  it('walks prompt, denial, handshake, ask, session approval and allow', async () => {
    const { url } = running;
    const started = await post(`${url}/sessions/A/prompt`, { text: 'add the app entry point' });
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({
      session_id: 'A',
      state: 'REASONING',
      active_intent: null,
      approved_categories: [],
      pending_approval: null,
      safe_mode: true,
    });

    const denied = await post(`${url}/sessions/A/tool-calls`, write);
    expect(denied.status).toBe(200);
    expect(denied.json).toMatchObject({
      allowed: false,
      verdict: 'deny',
      code: 'state_violation',
      reason: SEED_001_MESSAGE,
      state: 'REASONING',
    });

    const selected = await post(`${url}/sessions/A/tool-calls`, {
      tool: 'select_active_intent',
      args: { intent_id: 'INT-001' },
    });
    expect(selected.json).toMatchObject({ verdict: 'allow', code: 'intent_selected', intentId: 'INT-001' });

    const asked = await post(`${url}/sessions/A/tool-calls`, write);
    expect(asked.json).toMatchObject({
      allowed: false,
      verdict: 'ask',
      code: 'needs_approval',
      categories: ['FS_DELETE_OVERWRITE'],
      state: 'ACTION',
    });
    expect(asked.json.approval).toMatchObject({
      id: expect.any(String),
      categories: ['FS_DELETE_OVERWRITE'],
      prompt: {
        action: expect.stringContaining('src/app.ts'),
        risk: 'Data or file history can be lost.',
        actions: expect.arrayContaining([{ id: 'continue', label: 'Continue' }]),
      },
    });
    const view = await request(`${url}/sessions/A`);
    expect(view.json).toMatchObject({
      state: 'ACTION',
      active_intent: { id: 'INT-001' },
      pending_approval: { verdict: 'ask', approval: { id: (asked.json.approval as { id: string }).id } },
    });

    const approved = await post(
      `${url}/approve-session`,
      { session_id: 'A', categories: ['FS_DELETE_OVERWRITE'] },
      TEST_TOKEN,
    );
    expect(approved).toMatchObject({
      status: 200,
      json: { session_id: 'A', approved_categories: ['FS_DELETE_OVERWRITE'] },
    });

    const allowed = await post(`${url}/sessions/A/tool-calls`, write);
    expect(allowed.json).toMatchObject({
      allowed: true,
      verdict: 'allow',
      code: 'destructive_in_scope',
      categories: ['FS_DELETE_OVERWRITE'],
    });
    expect(allowed.json.reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'approved_for_session' })]),
    );
    expect((await request(`${url}/sessions/A`)).json).toMatchObject({
      approved_categories: ['FS_DELETE_OVERWRITE'],
      pending_approval: null,
    });
  });

  it('holds several calls of one session in a queue, each answered by its id, in any order', async () => {
    const { url } = running;
    await post(`${url}/sessions/Q/prompt`, { text: 'two files' });
    await post(`${url}/sessions/Q/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
    const writeOf = (file: string) => ({ tool: 'write_to_file', args: { path: `src/${file}`, content: file } });
    const first = await post(`${url}/sessions/Q/tool-calls`, writeOf('one.ts'));
    const second = await post(`${url}/sessions/Q/tool-calls`, writeOf('two.ts'));
    const ids = [first, second].map((reply) => (reply.json.approval as { id: string }).id);
    expect(new Set(ids).size).toBe(2);
    const heldIds = async () =>
      ((await request(`${url}/sessions/Q`)).json.held_calls as { approval: { id: string } }[]).map(
        (held) => held.approval.id,
      );
    expect(await heldIds()).toEqual(ids);

    const unknown = await post(`${url}/sessions/Q/approvals/approval-99`, { answer: 'continue' }, TEST_TOKEN);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'unknown_approval', waiting: ids });

    const continued = await post(`${url}/sessions/Q/approvals/${ids[1]}`, { answer: 'continue' }, TEST_TOKEN);
    expect(continued.json).toMatchObject({ verdict: 'allow', code: 'approved_once', tool: 'write_to_file' });
    expect(await heldIds()).toEqual([ids[0]]);
    const cancelled = await post(`${url}/sessions/Q/approvals/${ids[0]}`, { answer: 'cancel' }, TEST_TOKEN);
    expect(cancelled.json).toMatchObject({ verdict: 'deny', code: 'approval_cancelled' });
    expect((await request(`${url}/sessions/Q`)).json).toMatchObject({ held_calls: [], pending_approval: null });
  });

  it('keeps approvals of session A away from session B', async () => {
    const { url } = running;
    await post(`${url}/sessions/B/prompt`, { text: 'same task, other session' });
    await post(`${url}/sessions/B/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
    const asked = await post(`${url}/sessions/B/tool-calls`, write);
    expect(asked.json).toMatchObject({ verdict: 'ask', categories: ['FS_DELETE_OVERWRITE'] });
    expect((await request(`${url}/sessions/B`)).json).toMatchObject({ session_id: 'B', approved_categories: [] });
    expect((await request(`${url}/sessions/A`)).json).toMatchObject({
      session_id: 'A',
      approved_categories: ['FS_DELETE_OVERWRITE'],
    });
  });

  it("serves seed 002 F's /slavik/approve-session under a prefix", async () => {
    const { url } = prefixed;
    expect(url).toMatch(/\/slavik$/);
    await post(`${url}/sessions/P/prompt`, { text: 'prefixed' });
    await post(`${url}/sessions/P/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
    expect((await post(`${url}/sessions/P/tool-calls`, write)).json).toMatchObject({ verdict: 'ask' });
    const approved = await post(
      `${url}/approve-session`,
      { session_id: 'P', categories: ['FS_DELETE_OVERWRITE'] },
      TEST_TOKEN,
    );
    expect(approved).toMatchObject({
      status: 200,
      json: { session_id: 'P', approved_categories: ['FS_DELETE_OVERWRITE'] },
    });
    expect((await post(`${url}/sessions/P/tool-calls`, write)).json).toMatchObject({
      verdict: 'allow',
      code: 'destructive_in_scope',
    });
  });

  it('answers route_not_found outside the prefix', async () => {
    const origin = new URL(prefixed.url).origin;
    const outside = await post(
      `${origin}/approve-session`,
      { session_id: 'P', categories: ['FS_DELETE_OVERWRITE'] },
      TEST_TOKEN,
    );
    expect(outside.status).toBe(404);
    expect(errorOf(outside).code).toBe('route_not_found');
  });
});
