import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../../src/console/consoleHeaders';
import { post, startService, TEST_TOKEN, type RunningService } from '../server/serviceHarness';
import { consoleFetch, errorCode, signIn, type ConsoleLogin } from './consoleHarness';

// The console's own API and the approval routes it uses, over plain HTTP: who gets in, and what a
// page of another site, a stolen cookie without its CSRF token, or a signed-out browser gets.

async function holdCall(url: string, session: string): Promise<string> {
  await post(`${url}/sessions/${session}/prompt`, { text: 'install a package' });
  await post(`${url}/sessions/${session}/tool-calls`, { tool: 'select_active_intent', args: { intent_id: 'INT-001' } });
  const held = await post(`${url}/sessions/${session}/tool-calls`, {
    tool: 'execute_command',
    args: { command: 'npm install left-pad' },
  });
  const approval = held.json.approval as { id?: unknown } | undefined;
  if (held.json.verdict !== 'ask' || typeof approval?.id !== 'string')
    throw new Error(`the call was not held: ${JSON.stringify(held.json)}`);
  return approval.id;
}

describe('the approval console over HTTP', () => {
  let running: RunningService;
  let url: string;
  let login: ConsoleLogin;

  beforeAll(async () => {
    running = await startService();
    url = running.url;
    login = await signIn(url);
  });
  afterAll(() => running.service.close());

  it('serves the page with a strict CSP and no referrer, never to be framed', async () => {
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toContain('unsafe');
    expect(
      Object.fromEntries(
        ['x-content-type-options', 'referrer-policy', 'x-frame-options'].map((name) => [name, page.headers.get(name)]),
      ),
    ).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
    const html = await page.text();
    // scripts and styles are files of the page's own origin, never inline
    expect(html).toContain('<script type="module" src="console/app.js"></script>');
    expect(html).not.toMatch(/<script>|<style|style=|\son[a-z]+="|https?:\/\//);
  });

  it('answers the page only to its own names: a rebound Host gets 421', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const port = new URL(url).port;
      httpRequest(`${url}/`, { headers: { host: `evil.example:${port}` } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(421);
  });

  it.each([
    { name: 'the script', path: '/console/app.js', type: 'text/javascript; charset=utf-8' },
    { name: 'the styles', path: '/console/app.css', type: 'text/css; charset=utf-8' },
    { name: 'the words', path: '/console/labels.json', type: 'application/json; charset=utf-8' },
  ])('serves $name to anyone, with its media type', async ({ path, type }) => {
    const response = await fetch(`${url}${path}`);
    expect([
      response.status,
      response.headers.get('content-type'),
      response.headers.get('x-content-type-options'),
    ]).toEqual([200, type, 'nosniff']);
  });

  it.each([
    { name: 'a file it does not have', path: '/console/secret.txt' },
    { name: 'a path that climbs out', path: '/console/..%2F..%2Fpackage.json' },
  ])('answers 404 for $name', async ({ path }) => {
    const response = await fetch(`${url}${path}`);
    expect([response.status, await errorCode(response)]).toEqual([404, 'route_not_found']);
  });

  it.each([
    { name: 'the sessions', path: '/console/api/sessions' },
    { name: 'the statechart', path: '/console/api/statechart.svg' },
    { name: 'the event stream', path: '/console/events' },
  ])('refuses $name without a cookie (401)', async ({ path }) => {
    const response = await fetch(`${url}${path}`);
    expect([response.status, await errorCode(response)]).toEqual([401, 'unauthorized']);
  });

  it('refuses a cookie it did not give out', async () => {
    const response = await consoleFetch(`${url}/console/api/sessions`, {
      ...login,
      cookie: `${login.cookie.split('=')[0]}=${'A'.repeat(43)}`,
    });
    expect(response.status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Strict cookie for the whole service, Secure only over https', async () => {
    expect(login.setCookie).toMatch(/^intentgate_console_\d+=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const overHttps = await signIn(url, { token: TEST_TOKEN }, { 'x-forwarded-proto': 'https' });
    expect(overHttps.setCookie).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('refuses a wrong token with 401 and sets no cookie', async () => {
    const response = await consoleFetch(`${url}/console/sign-in`, undefined, {
      body: { token: 'wrong-token-0123456789' },
    });
    expect([response.status, response.headers.get('set-cookie'), await errorCode(response)]).toEqual([
      401,
      null,
      'unauthorized',
    ]);
  });

  it('answers the page whether it is signed in, and its CSRF token when it is', async () => {
    const signedIn = await consoleFetch(`${url}/console/api/me`, login);
    expect(await signedIn.json()).toEqual({ signed_in: true, csrf: login.csrf });
    expect(await (await fetch(`${url}/console/api/me`)).json()).toEqual({ signed_in: false });
  });

  it('lists the held call with its five parts and the arguments it was held with', async () => {
    const approvalId = await holdCall(url, 'listed');
    const response = await consoleFetch(`${url}/console/api/sessions`, login);
    const body = (await response.json()) as {
      sessions: { session_id: string; state_path: string; held_calls: Record<string, unknown>[] }[];
      categories: string[];
    };
    const session = body.sessions.find((entry) => entry.session_id === 'listed');
    expect(session?.state_path).toBe('ACTION.awaitingApproval');
    expect(session?.held_calls).toEqual([
      expect.objectContaining({
        approval_id: approvalId,
        kind: 'call',
        tool: 'execute_command',
        args: { command: 'npm install left-pad' },
        prompt: expect.objectContaining({
          action: expect.stringContaining('npm install left-pad'),
          actions: expect.arrayContaining([{ id: 'edit', label: 'Edit' }]),
        }),
      }),
    ]);
    expect(body.categories).toHaveLength(9);
  });

  it.each([
    { name: 'no CSRF header', csrf: undefined, status: 403, code: 'csrf_token_invalid' },
    { name: 'a wrong CSRF header', csrf: 'x'.repeat(43), status: 403, code: 'csrf_token_invalid' },
    { name: 'the right CSRF header', csrf: 'right', status: 200, code: undefined },
  ])('answers an approval sent with the cookie and $name with $status', async ({ csrf, status, code }) => {
    const session = `csrf-${status}-${csrf === undefined ? 'none' : csrf.length}`;
    const approvalId = await holdCall(url, session);
    const headers: Record<string, string> =
      csrf === undefined ? {} : { 'x-intentgate-csrf': csrf === 'right' ? login.csrf : csrf };
    const response = await fetch(`${url}/sessions/${session}/approvals/${approvalId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: login.cookie, ...headers },
      body: JSON.stringify({ answer: 'continue' }),
    });
    const body = (await response.json()) as { code?: unknown; error?: { code?: unknown } };
    expect([response.status, body.error?.code]).toEqual([status, code]);
    if (status === 200) expect(body.code).toBe('approved_once');
  });

  it('still takes the bearer token on the approval routes', async () => {
    await holdCall(url, 'bearer');
    expect(
      (await post(`${url}/approve-session`, { session_id: 'bearer', categories: ['NETWORK_RISK'] }, TEST_TOKEN)).status,
    ).toBe(200);
  });

  it.each([
    { name: 'signing in', path: '/console/sign-in', body: { token: TEST_TOKEN } },
    {
      name: 'approving with the cookie',
      path: '/approve-session',
      body: { session_id: 'listed', categories: ['SUDO'] },
    },
  ])('refuses $name from a page of another origin (403)', async ({ path, body }) => {
    const response = await consoleFetch(`${url}${path}`, login, { body, headers: { origin: 'http://evil.example' } });
    expect([response.status, await errorCode(response)]).toEqual([403, 'origin_not_allowed']);
  });

  it('refuses a sign-in sent as a form (415), so the token never travels as a page would send it unasked', async () => {
    const response = await fetch(`${url}/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${TEST_TOKEN}`,
    });
    expect(response.status).toBe(415);
  });

  it('signs out: the cookie is cleared and no longer works, even when replayed', async () => {
    const own = await signIn(url);
    const out = await consoleFetch(`${url}/console/sign-out`, own, { body: {} });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict$/);
    expect((await consoleFetch(`${url}/console/api/sessions`, own)).status).toBe(401);
    await holdCall(url, 'after-sign-out');
    expect(
      (
        await consoleFetch(`${url}/approve-session`, own, {
          body: { session_id: 'after-sign-out', categories: ['SUDO'] },
        })
      ).status,
    ).toBe(401);
  });

  it('signs in once with a one-time code', async () => {
    const code = /#sign-in=([A-Za-z0-9_-]+)$/.exec(running.service.console.signInPath())?.[1] ?? '';
    expect(await signIn(url, { code })).toMatchObject({ csrf: expect.any(String) });
    const again = await consoleFetch(`${url}/console/sign-in`, undefined, { body: { code } });
    expect([again.status, await errorCode(again)]).toEqual([401, 'unauthorized']);
  });

  it('lights the asked state in the statechart and refuses a state the chart does not have', async () => {
    const lit = await consoleFetch(`${url}/console/api/statechart.svg?state=REASONING.awaitingApproval`, login);
    expect(lit.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await lit.text()).toContain('class="ig-substate lit" data-state="REASONING.awaitingApproval"');
    const unknown = await consoleFetch(`${url}/console/api/statechart.svg?state=<script>`, login);
    expect([unknown.status, await errorCode(unknown)]).toEqual([400, 'unknown_state']);
  });
});

describe('the console behind a prefix', () => {
  let running: RunningService;
  beforeAll(async () => {
    running = await startService({ prefix: '/slavik' });
  });
  afterAll(() => running.service.close());

  it('redirects the bare prefix to the page, whose cookie is only for the prefix', async () => {
    const bare = await fetch(running.url, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([308, '/slavik/']);
    expect((await fetch(`${running.url}/`)).status).toBe(200);
    expect((await signIn(running.url)).setCookie).toContain('; Path=/slavik;');
    expect(running.service.console.signInPath()).toMatch(/^\/slavik\/#sign-in=/);
  });
});

describe('failed sign-ins', () => {
  it('are limited: after ten in a minute even the right token waits (429 with Retry-After)', async () => {
    const running = await startService();
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect(
          (
            await consoleFetch(`${running.url}/console/sign-in`, undefined, {
              body: { token: `wrong-${attempt}-0123456789` },
            })
          ).status,
        ).toBe(401);
      }
      const limited = await consoleFetch(`${running.url}/console/sign-in`, undefined, { body: { token: TEST_TOKEN } });
      expect([limited.status, Number(limited.headers.get('retry-after')) > 0, await errorCode(limited)]).toEqual([
        429,
        true,
        'too_many_attempts',
      ]);
    } finally {
      await running.service.close();
    }
  });
});
