import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getText, post, startService, TEST_TOKEN, type RunningService } from './serviceHarness';

describe('GET /healthz', () => {
  let running: RunningService;
  let prefixed: RunningService;
  beforeAll(async () => {
    [running, prefixed] = await Promise.all([startService(), startService({ prefix: '/slavik' })]);
  });
  afterAll(() => Promise.all([running, prefixed].map(({ service }) => service.close())));

  it('answers ok with the uptime, the session count and the containment, and nothing else', async () => {
    await post(`${running.url}/sessions/h1/prompt`, { text: 'x' });
    await post(`${running.url}/sessions/h2/prompt`, { text: 'x' });
    const reply = await getText(`${running.url}/healthz`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(reply.text)).toEqual({
      ok: true,
      uptime_s: expect.any(Number),
      sessions: running.service.sessions.size,
      containment: expect.objectContaining({ mode: 'auto' }),
    });
    expect(running.service.sessions.size).toBe(2);
    expect(reply.text).not.toContain(TEST_TOKEN);
    expect(reply.text).not.toContain(running.workspace);
  });

  const cases: {
    name: string;
    url: () => string;
    headers: Record<string, string>;
    status: number;
    code: string | undefined;
  }[] = [
    { name: 'under the prefix', url: () => `${prefixed.url}/healthz`, headers: {}, status: 200, code: undefined },
    {
      name: 'not outside the prefix',
      url: () => `${new URL(prefixed.url).origin}/healthz`,
      headers: {},
      status: 404,
      code: 'route_not_found',
    },
    {
      name: 'with no need of a token',
      url: () => `${running.url}/healthz`,
      headers: { authorization: 'Bearer wrong-token-0123456789' },
      status: 200,
      code: undefined,
    },
    {
      name: 'refused for a Host that is not the service',
      url: () => `${running.url}/healthz`,
      headers: { host: 'rebound.example' },
      status: 421,
      code: 'host_not_allowed',
    },
  ];

  it.each(cases)('is served $name', async ({ url, headers, status, code }) => {
    const reply = await getText(url(), headers);
    expect(reply.status).toBe(status);
    const body = JSON.parse(reply.text) as { ok?: boolean; error?: { code: string } };
    expect(body.error?.code).toBe(code);
    expect(body.ok).toBe(code === undefined ? true : undefined);
  });

  it('answers another method with 405 and Allow', async () => {
    const reply = await post(`${running.url}/healthz`, {});
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET');
    expect(reply.json).toMatchObject({ error: { code: 'method_not_allowed' } });
  });
});
