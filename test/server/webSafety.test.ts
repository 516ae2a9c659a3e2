import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostNameOf } from '../../src/server/webSafety';
import { post, startService, type RunningService } from './serviceHarness';

// A web page the user opens can send requests to a service on loopback: by a name it rebinds to
// 127.0.0.1 (the Host header tells), or from its own origin (Origin and Sec-Fetch-Site tell), as a
// form or a bodyless POST (no preflight). None of them may change a session.

interface RawReply {
  readonly status: number;
  readonly code: string | undefined;
}

/** One request with exactly these headers (fetch does not let a caller set Host). */
function raw(url: string, method: string, headers: Readonly<Record<string, string>>, body?: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        headers: { ...headers, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const parsed: unknown = text === '' ? {} : JSON.parse(text);
          const error = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'error') : undefined;
          const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
          resolve({ status: res.statusCode ?? 0, code: typeof code === 'string' ? code : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('the service refuses what a web page of another site sends', () => {
  let running: RunningService;
  let port: string;
  const session = (): string => `${running.url}/sessions/web-safety`;

  beforeAll(async () => {
    running = await startService({ allowedHosts: ['intentgate.internal'] });
    port = new URL(running.url).port;
    await post(`${session()}/prompt`, { text: 'start' });
  });
  afterAll(() => running.service.close());

  it.each([
    { name: 'a rebound name', host: () => `evil.example:${port}`, status: 421, code: 'host_not_allowed' },
    {
      name: 'a loopback name that only looks like one',
      host: () => `127.0.0.1.evil.example:${port}`,
      status: 421,
      code: 'host_not_allowed',
    },
    { name: 'localhost', host: () => `localhost:${port}`, status: 200, code: undefined },
    { name: '127.0.0.1', host: () => `127.0.0.1:${port}`, status: 200, code: undefined },
    { name: 'the IPv6 loopback', host: () => `[::1]:${port}`, status: 200, code: undefined },
    { name: 'a configured name', host: () => `intentgate.internal:${port}`, status: 200, code: undefined },
    {
      name: 'a configured name in capitals with a trailing dot',
      host: () => `IntentGate.Internal.:${port}`,
      status: 200,
      code: undefined,
    },
  ])('answers a Host of $name with $status', async ({ host, status, code }) => {
    expect(await raw(session(), 'GET', { host: host() })).toEqual({ status, code });
  });

  it.each([
    { name: 'another site', headers: () => ({ origin: 'http://evil.example' }) },
    { name: 'another port of the same machine', headers: () => ({ origin: 'http://127.0.0.1:1' }) },
    { name: 'a null origin (a sandboxed frame or a file page)', headers: () => ({ origin: 'null' }) },
    {
      name: 'a browser that says it is cross-site but sends no Origin',
      headers: () => ({ 'sec-fetch-site': 'cross-site' }),
    },
  ])('refuses a state change from $name with 403', async ({ headers }) => {
    const reply = await raw(
      `${session()}/reset`,
      'POST',
      { host: `127.0.0.1:${port}`, ...JSON_TYPE, ...headers() },
      '{}',
    );
    expect(reply).toEqual({ status: 403, code: 'origin_not_allowed' });
  });

  it('lets its own origin change state', async () => {
    const reply = await raw(
      `${session()}/prompt`,
      'POST',
      { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, ...JSON_TYPE },
      '{"text":"again"}',
    );
    expect(reply.status).toBe(200);
  });

  it('lets another site read, which a browser keeps from the page without CORS headers', async () => {
    expect((await raw(session(), 'GET', { host: `127.0.0.1:${port}`, origin: 'http://evil.example' })).status).toBe(
      200,
    );
  });

  it.each([
    { name: 'a form', type: 'application/x-www-form-urlencoded', body: 'text=x' },
    { name: 'a multipart form', type: 'multipart/form-data; boundary=x', body: '--x--' },
    { name: 'text/plain, which a page may send without asking', type: 'text/plain', body: '{"text":"x"}' },
    { name: 'no body at all', type: undefined, body: undefined },
  ])('refuses a state change sent as $name with 415', async ({ type, body }) => {
    const headers = { host: `127.0.0.1:${port}`, ...(type !== undefined && { 'content-type': type }) };
    expect(await raw(`${session()}/reset`, 'POST', headers, body)).toEqual({ status: 415, code: 'json_body_required' });
  });

  it('keeps the session as it was through every refused request', async () => {
    const before = await raw(session(), 'GET', { host: `127.0.0.1:${port}` });
    await raw(`${session()}/reset`, 'POST', { host: `evil.example:${port}`, ...JSON_TYPE }, '{}');
    await raw(
      `${session()}/reset`,
      'POST',
      { host: `127.0.0.1:${port}`, origin: 'http://evil.example', ...JSON_TYPE },
      '{}',
    );
    await raw(`${session()}/reset`, 'POST', { host: `127.0.0.1:${port}`, 'content-type': 'text/plain' }, '{}');
    expect(before.status).toBe(200);
    const view = await fetch(session()).then((response) => response.json() as Promise<{ state: string }>);
    expect(view.state).toBe('REASONING');
  });
});

describe('hostNameOf', () => {
  it.each([
    ['localhost:8787', 'localhost'],
    ['[::1]:8787', '::1'],
    ['Example.COM.', 'example.com'],
    ['a b', undefined],
    ['x:99999999', undefined],
    ['evil.example@127.0.0.1', undefined],
  ])('reads %s as %s', (host, name) => {
    expect(hostNameOf(host)).toBe(name);
  });
});

describe('the allowedHosts option', () => {
  it('refuses a value with a port or a path, at start', async () => {
    await expect(startService({ allowedHosts: ['host:80'] })).rejects.toThrow(/allowedHosts/);
    await expect(startService({ allowedHosts: ['http://host/'] })).rejects.toThrow(/allowedHosts/);
  });
});
