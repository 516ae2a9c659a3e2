import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, post, request, startService, TEST_TOKEN, type RunningService } from './serviceHarness';

// grants over HTTP: given with the approval token, listed openly, revoked with the token

describe('governance service: grants', () => {
  let running: RunningService;
  const call = (session: string, command: string) =>
    post(`${running.url}/sessions/${session}/tool-calls`, { tool: 'execute_command', args: { command } });
  const revoke = (session: string, id: string, token?: string) =>
    request(`${running.url}/sessions/${session}/grants/${id}`, {
      method: 'DELETE',
      body: {},
      ...(token !== undefined && { token }),
    });

  beforeAll(async () => {
    running = await startService();
  });
  afterAll(async () => {
    await running.service.close();
  });

  const inAction = async (session: string): Promise<void> => {
    await post(`${running.url}/sessions/${session}/prompt`, { text: 'run the tests' });
    await post(`${running.url}/sessions/${session}/tool-calls`, {
      tool: 'select_active_intent',
      args: { intent_id: 'INT-001' },
    });
  };

  it('gives a narrow grant from /approve-session, which allows that command and no other, and lists it', async () => {
    await inAction('G1');
    expect((await call('G1', 'npm test')).json).toMatchObject({ verdict: 'ask' });
    const given = await post(
      `${running.url}/approve-session`,
      { session_id: 'G1', categories: ['EXEC_ARBITRARY'], commands: ['npm test'], until: 'intent' },
      TEST_TOKEN,
    );
    expect(given.status).toBe(200);
    expect(given.json).toMatchObject({
      session_id: 'G1',
      approved_categories: [],
      grant: {
        id: 'grant-1',
        categories: ['EXEC_ARBITRARY'],
        commands: ['npm test'],
        until: 'intent',
        intent_id: 'INT-001',
        source: 'human',
      },
    });
    const allowed = await call('G1', 'npm test -- --run');
    expect(allowed.json).toMatchObject({ verdict: 'allow', code: 'destructive_in_scope' });
    expect(allowed.json.reasons).toContainEqual(
      expect.objectContaining({ code: 'approved_by_grant', grant: 'grant-1' }),
    );
    expect((await call('G1', 'npm test && ls')).json).toMatchObject({ verdict: 'ask' });
    expect((await request(`${running.url}/sessions/G1/grants`)).json).toMatchObject({
      session_id: 'G1',
      grants: [{ id: 'grant-1' }],
    });
  });

  it('revokes a grant only with the token, after which the command is asked about again', async () => {
    await inAction('G2');
    const given = await post(
      `${running.url}/approve-session`,
      { session_id: 'G2', categories: ['EXEC_ARBITRARY'], commands: ['npm test'] },
      TEST_TOKEN,
    );
    const id = (given.json.grant as { id: string }).id;
    const refused = await revoke('G2', id);
    expect(refused.status).toBe(401);
    const revoked = await revoke('G2', id, TEST_TOKEN);
    expect(revoked.json).toMatchObject({ session_id: 'G2', revoked: id, grants: [] });
    expect((await call('G2', 'npm test')).json).toMatchObject({ verdict: 'ask' });
    const again = await revoke('G2', id, TEST_TOKEN);
    expect(again.status).toBe(404);
    expect(errorOf(again)).toMatchObject({ code: 'unknown_grant' });
  });

  it('gives a grant for a time: ttl_s', async () => {
    await inAction('G3');
    const given = await post(
      `${running.url}/approve-session`,
      { session_id: 'G3', categories: ['NETWORK_RISK'], hosts: ['docs.example.com'], ttl_s: 600 },
      TEST_TOKEN,
    );
    const expiresAt = Date.parse((given.json.grant as { expires_at: string }).expires_at);
    expect(expiresAt - Date.now()).toBeGreaterThan(590_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it.each([
    {
      name: 'a path outside the workspace',
      body: { categories: ['FS_DELETE_OVERWRITE'], paths: ['/etc/**'] },
      status: 400,
      code: 'invalid_grant',
    },
    {
      name: 'an unknown category',
      body: { categories: ['EVERYTHING'], commands: ['npm test'] },
      status: 400,
      code: 'unknown_category',
    },
    { name: 'no categories', body: { commands: ['npm test'] }, status: 400, code: 'nothing_approved' },
    {
      name: 'a lifetime that is not one',
      body: { categories: ['EXEC_ARBITRARY'], until: 'forever' },
      status: 400,
      code: 'invalid_body',
    },
    { name: 'a negative time', body: { categories: ['EXEC_ARBITRARY'], ttl_s: -5 }, status: 400, code: 'invalid_body' },
  ])('refuses a grant with $name', async ({ body, status, code }) => {
    await inAction('G4');
    const reply = await post(`${running.url}/approve-session`, { session_id: 'G4', ...body }, TEST_TOKEN);
    expect(reply.status).toBe(status);
    expect(errorOf(reply)).toMatchObject({ code });
  });

  it('needs the token to give a grant', async () => {
    await inAction('G5');
    const reply = await post(`${running.url}/approve-session`, {
      session_id: 'G5',
      categories: ['EXEC_ARBITRARY'],
      commands: ['npm test'],
    });
    expect(reply.status).toBe(401);
    expect((await request(`${running.url}/sessions/G5/grants`)).json).toMatchObject({ grants: [] });
  });
});
