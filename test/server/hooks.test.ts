import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHookAdapter } from '../../src/hooks/hookAdapters';
import { cli } from '../cli/cliHarness';
import { testHookAdapter } from '../hooks/testHookAdapter';
import { request, startService, TEST_TOKEN, type RunningService } from './serviceHarness';

let unregister: () => void = () => undefined;
let running: RunningService;
beforeAll(async () => {
  unregister = registerHookAdapter(testHookAdapter);
  running = await startService({ governor: { trace: () => undefined } });
});
afterAll(async () => {
  unregister();
  await running.service.close();
});

const post = (path: string, body: unknown, session = 'h1') =>
  request(`${running.url}${path}`, { body: typeof body === 'string' ? body : { session, ...(body as object) } });

describe('POST /hooks/:agent', () => {
  it("answers with the adapter's stdout as the body, the session kept by the service", async () => {
    const selected = await post('/hooks/test-agent', {
      event: 'pre',
      tool: 'select_active_intent',
      args: { intent_id: 'INT-001' },
    });
    expect({ status: selected.status, json: selected.json }).toEqual({
      status: 200,
      json: { answer: 'allow', code: 'intent_selected' },
    });
    const write = await post('/hooks/test-agent', {
      event: 'pre',
      tool: 'write_to_file',
      args: { path: 'src/a.ts', content: 'x' },
    });
    expect(write.json).toMatchObject({
      answer: 'ask',
      code: 'needs_approval',
      message: expect.stringContaining(
        'Only a human can approve this call (approval-1), in the approval console of the intentgate service',
      ),
      humanNote: expect.stringContaining(
        "intentgate holds 'write_to_file' (approval-1) in session h1: answer it in the approval console",
      ),
    });
    expect(String(write.json.message)).not.toContain('approve-session');
  });

  it('lets the approval routes approve what a hook held', async () => {
    await post(
      '/hooks/test-agent',
      { event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } },
      'h2',
    );
    const approved = await request(`${running.url}/approve-session`, {
      body: { session_id: 'h2', categories: ['FS_DELETE_OVERWRITE'] },
      token: TEST_TOKEN,
    });
    expect(approved.status).toBe(200);
    expect(
      (
        await post(
          '/hooks/test-agent',
          { event: 'pre', tool: 'write_to_file', args: { path: 'src/a.ts', content: 'x' } },
          'h2',
        )
      ).json,
    ).toEqual({ answer: 'allow', code: 'destructive_in_scope' });
  });

  it('shows a call a hook held in the console at once, with the arguments it was held with', async () => {
    await post(
      '/hooks/test-agent',
      { event: 'pre', tool: 'select_active_intent', args: { intent_id: 'INT-001' } },
      'h7',
    );
    const held = await post(
      '/hooks/test-agent',
      { event: 'pre', tool: 'write_to_file', args: { path: 'src/b.ts', content: 'y' } },
      'h7',
    );
    expect(held.json).toMatchObject({ answer: 'ask' });
    const signIn = await fetch(`${running.url}/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: TEST_TOKEN }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const listed = (await fetch(`${running.url}/console/api/sessions`, { headers: { cookie } }).then((response) =>
      response.json(),
    )) as { sessions: { session_id: string; held_calls: { tool: string; args: unknown }[] }[] };
    const session = listed.sessions.find((each) => each.session_id === 'h7');
    expect(session?.held_calls).toEqual([
      expect.objectContaining({ tool: 'write_to_file', args: { path: 'src/b.ts', content: 'y' } }),
    ]);
  });

  it("classifies the agent's own tools by its preset", async () => {
    expect((await post('/hooks/test-agent', { event: 'pre', tool: 'take_note', args: {} }, 'h6')).json).toEqual({
      answer: 'allow',
      code: 'safe_tool',
    });
  });

  it("answers a body that is not JSON with the adapter's block, as 200", async () => {
    const reply = await post('/hooks/test-agent', '{ nope');
    expect({ status: reply.status, answer: reply.json.answer }).toEqual({ status: 200, answer: 'block' });
  });

  it("answers a body over 4 MiB with the adapter's block, as 200", async () => {
    const reply = await post('/hooks/test-agent', `"${'x'.repeat(4 * 1024 * 1024)}"`);
    expect({ status: reply.status, json: reply.json }).toEqual({
      status: 200,
      json: { answer: 'block', message: 'intentgate: request body too large: the limit is 4194304 bytes' },
    });
  });

  it('denies for a session id the service cannot name', async () => {
    const reply = await post('/hooks/test-agent', { event: 'pre', tool: 'read_file', args: { path: 'a' } }, 'a/b');
    expect(reply.json).toMatchObject({ answer: 'deny', code: 'session_store_unavailable' });
  });

  it("answers a new session past maxSessions with the adapter's block", async () => {
    const small = await startService({ maxSessions: 1, governor: { trace: () => undefined } });
    const send = (session: string) => request(`${small.url}/hooks/test-agent`, { body: { session, event: 'start' } });
    expect((await send('first')).json).toMatchObject({ answer: 'proceed' });
    const refused = await send('second');
    expect({ status: refused.status, answer: refused.json.answer, message: refused.json.message }).toEqual({
      status: 200,
      answer: 'block',
      message: expect.stringContaining('1 live sessions, its limit'),
    });
    await small.service.close();
  });

  it('answers 404 for an agent it has no adapter for', async () => {
    const reply = await post('/hooks/nobody', { event: 'start' });
    expect({ status: reply.status, code: (reply.json.error as Record<string, unknown>).code }).toEqual({
      status: 404,
      code: 'route_not_found',
    });
  });

  it('answers { stdout, stderr, exitCode } on /output', async () => {
    const reply = await post(
      '/hooks/test-agent/output',
      { event: 'pre', tool: 'write_to_file', args: { path: 'src/a.ts' } },
      'h3',
    );
    expect(reply.json).toEqual({ stdout: expect.stringContaining('"state_violation"'), stderr: '', exitCode: 2 });
  });
});

describe('intentgate hook --server', () => {
  it('prints what the service answers, exit code included', async () => {
    const event = JSON.stringify({ session: 'h4', event: 'pre', tool: 'write_to_file', args: { path: 'src/a.ts' } });
    const run = await cli(['hook', 'test-agent', '--server', running.url], { stdin: event });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ answer: 'deny', code: 'state_violation' });
  });

  it('blocks on an answer that is not a hook output', async () => {
    const run = await cli(['hook', 'test-agent', '--server', `${running.url}/nowhere`], {
      stdin: JSON.stringify({ session: 'h5', event: 'start' }),
    });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ answer: 'block', message: expect.stringContaining('answered 404') });
  });
});
