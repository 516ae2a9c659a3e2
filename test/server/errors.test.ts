import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_CATEGORIES } from '../../src/categories/riskCategories';
import { post, request, startService, TEST_TOKEN, type Reply, type RunningService } from './serviceHarness';

const MAX_BODY = 2048;
const KNOWN = 'known';

interface ErrorCase {
  readonly name: string;
  readonly send: (url: string) => Promise<Reply>;
  readonly status: number;
  readonly code: string;
  /** more fields of the error object */
  readonly error?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}

const chunked = (url: string, size: number): Promise<Reply> => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent < size; sent += 1000) controller.enqueue(new TextEncoder().encode(' '.repeat(1000)));
      controller.close();
    },
  });
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit).then(async (response) => ({
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as Record<string, unknown>,
  }));
};

const approve = (url: string, body: unknown, token?: string) => post(`${url}/approve-session`, body, token);

const CASES: readonly ErrorCase[] = [
  {
    name: '400 invalid_json names the position',
    send: (url) => request(`${url}/sessions/${KNOWN}/tool-calls`, { body: '{"tool": "read_file",}' }),
    status: 400,
    code: 'invalid_json',
    error: { position: 21 },
  },
  {
    name: '400 invalid_json for a truncated body',
    send: (url) => request(`${url}/sessions/${KNOWN}/tool-calls`, { body: '{"tool": ' }),
    status: 400,
    code: 'invalid_json',
    error: { position: 9 },
  },
  {
    name: '400 invalid_json for bytes that are not UTF-8',
    send: (url) =>
      fetch(`${url}/sessions/${KNOWN}/prompt`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array([0x7b, 0xff, 0x7d]),
      }).then(async (r) => ({
        status: r.status,
        headers: r.headers,
        json: (await r.json()) as Record<string, unknown>,
      })),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: '400 invalid_body lists every issue with its path',
    send: (url) => post(`${url}/sessions/${KNOWN}/tool-calls`, { args: [1], extra: true }),
    status: 400,
    code: 'invalid_body',
    error: {
      issues: expect.arrayContaining([
        expect.objectContaining({ path: ['tool'], code: 'invalid_type' }),
        expect.objectContaining({ path: ['args'], code: 'invalid_type' }),
        expect.objectContaining({ path: [], code: 'unrecognized_keys' }),
      ]),
    },
  },
  {
    name: '400 invalid_body for a prompt text that is not a string',
    send: (url) => post(`${url}/sessions/${KNOWN}/prompt`, { text: 42 }),
    status: 400,
    code: 'invalid_body',
    error: { issues: [expect.objectContaining({ path: ['text'] })] },
  },
  {
    name: '400 invalid_body for a JSON array body',
    send: (url) => post(`${url}/sessions/${KNOWN}/decide`, ['read_file']),
    status: 400,
    code: 'invalid_body',
  },
  {
    name: '400 invalid_body for an unknown approval answer',
    send: (url) => post(`${url}/sessions/${KNOWN}/approvals/approval-1`, { answer: 'maybe' }, TEST_TOKEN),
    status: 400,
    code: 'invalid_body',
    error: { issues: [expect.objectContaining({ path: ['answer'] })] },
  },
  {
    name: '400 invalid_body for a bad session_id in /approve-session',
    send: (url) => approve(url, { session_id: 'a b', categories: ['SUDO'] }, TEST_TOKEN),
    status: 400,
    code: 'invalid_body',
    error: { issues: [expect.objectContaining({ path: ['session_id'] })] },
  },
  {
    name: '400 invalid_session_id for characters outside the set',
    send: (url) => post(`${url}/sessions/a%20b/prompt`, {}),
    status: 400,
    code: 'invalid_session_id',
  },
  {
    name: '400 invalid_session_id for more than 128 characters',
    send: (url) => post(`${url}/sessions/${'s'.repeat(129)}/prompt`, {}),
    status: 400,
    code: 'invalid_session_id',
  },
  {
    name: '400 nothing_approved when categories is missing',
    send: (url) => approve(url, { session_id: KNOWN }, TEST_TOKEN),
    status: 400,
    code: 'nothing_approved',
    error: { valid_categories: [...RISK_CATEGORIES] },
  },
  {
    name: '400 nothing_approved when categories is empty',
    send: (url) => approve(url, { session_id: KNOWN, categories: [] }, TEST_TOKEN),
    status: 400,
    code: 'nothing_approved',
  },
  {
    name: '400 unknown_category lists the valid ones',
    send: (url) => approve(url, { session_id: KNOWN, categories: ['SUDO', 'EVERYTHING'] }, TEST_TOKEN),
    status: 400,
    code: 'unknown_category',
    error: { message: expect.stringContaining("'EVERYTHING'"), valid_categories: [...RISK_CATEGORIES] },
  },
  {
    name: '401 on /approve-session without a token',
    send: (url) => approve(url, { session_id: KNOWN, categories: ['SUDO'] }),
    status: 401,
    code: 'unauthorized',
    headers: { 'www-authenticate': 'Bearer realm="intentgate-approvals"' },
  },
  {
    name: '401 on /approve-session with a wrong token',
    send: (url) => approve(url, { session_id: KNOWN, categories: ['SUDO'] }, `${TEST_TOKEN}x`),
    status: 401,
    code: 'unauthorized',
  },
  {
    name: '401 on /approve-session with a token of the same length',
    send: (url) => approve(url, { session_id: KNOWN, categories: ['SUDO'] }, TEST_TOKEN.replace(/.$/, '!')),
    status: 401,
    code: 'unauthorized',
  },
  {
    name: '401 on /approve-session with a Basic header',
    send: (url) =>
      request(`${url}/approve-session`, {
        body: { session_id: KNOWN, categories: ['SUDO'] },
        headers: { authorization: `Basic ${TEST_TOKEN}` },
      }),
    status: 401,
    code: 'unauthorized',
  },
  {
    name: '401 on the approvals route without a token',
    send: (url) => post(`${url}/sessions/${KNOWN}/approvals/approval-1`, { answer: 'continue' }),
    status: 401,
    code: 'unauthorized',
  },
  {
    name: '401 on the approvals route with a wrong token',
    send: (url) =>
      post(`${url}/sessions/${KNOWN}/approvals/approval-1`, { answer: 'continue' }, 'not-the-approval-token'),
    status: 401,
    code: 'unauthorized',
  },
  {
    name: '404 unknown_session on tool-calls',
    send: (url) => post(`${url}/sessions/nobody/tool-calls`, { tool: 'read_file' }),
    status: 404,
    code: 'unknown_session',
    error: { message: expect.stringContaining('POST /sessions/nobody/prompt') },
  },
  {
    name: '404 unknown_session on decide',
    send: (url) => post(`${url}/sessions/nobody/decide`, { tool: 'read_file' }),
    status: 404,
    code: 'unknown_session',
  },
  {
    name: '404 unknown_session on reset',
    send: (url) => post(`${url}/sessions/nobody/reset`, {}),
    status: 404,
    code: 'unknown_session',
  },
  {
    name: '404 unknown_session on GET',
    send: (url) => request(`${url}/sessions/nobody`),
    status: 404,
    code: 'unknown_session',
  },
  {
    name: '404 unknown_session on /approve-session',
    send: (url) => approve(url, { session_id: 'nobody', categories: ['SUDO'] }, TEST_TOKEN),
    status: 404,
    code: 'unknown_session',
  },
  {
    name: '404 unknown_session on the approvals route',
    send: (url) => post(`${url}/sessions/nobody/approvals/approval-1`, { answer: 'continue' }, TEST_TOKEN),
    status: 404,
    code: 'unknown_session',
  },
  {
    name: '404 unknown_approval when no call is held',
    send: (url) => post(`${url}/sessions/${KNOWN}/approvals/approval-9`, { answer: 'continue' }, TEST_TOKEN),
    status: 404,
    code: 'unknown_approval',
    error: { message: expect.stringContaining('none is waiting') },
  },
  {
    name: '404 route_not_found for an unknown path',
    send: (url) => request(`${url}/nowhere`),
    status: 404,
    code: 'route_not_found',
  },
  {
    name: '404 route_not_found for a trailing slash',
    send: (url) => request(`${url}/sessions/${KNOWN}/`),
    status: 404,
    code: 'route_not_found',
  },
  {
    name: '405 with Allow for DELETE on a session',
    send: (url) => request(`${url}/sessions/${KNOWN}`, { method: 'DELETE' }),
    status: 405,
    code: 'method_not_allowed',
    headers: { allow: 'GET' },
    error: { allowed: ['GET'] },
  },
  {
    name: '405 with Allow for GET on /approve-session',
    send: (url) => request(`${url}/approve-session`),
    status: 405,
    code: 'method_not_allowed',
    headers: { allow: 'POST' },
  },
  {
    name: '405 with Allow for GET on tool-calls',
    send: (url) => request(`${url}/sessions/${KNOWN}/tool-calls`),
    status: 405,
    code: 'method_not_allowed',
    headers: { allow: 'POST' },
  },
  {
    name: '413 for a declared length over the cap',
    send: (url) =>
      post(`${url}/sessions/${KNOWN}/tool-calls`, { tool: 'read_file', args: { pad: 'x'.repeat(MAX_BODY) } }),
    status: 413,
    code: 'body_too_large',
  },
  {
    name: '413 for a chunked body over the cap',
    send: (url) => chunked(`${url}/sessions/${KNOWN}/tool-calls`, MAX_BODY * 4),
    status: 413,
    code: 'body_too_large',
  },
  {
    name: '415 for a text/plain body',
    send: (url) =>
      request(`${url}/sessions/${KNOWN}/prompt`, { body: '{}', headers: { 'content-type': 'text/plain' } }),
    status: 415,
    code: 'json_body_required',
  },
  {
    name: '415 for a form body',
    send: (url) =>
      request(`${url}/sessions/${KNOWN}/tool-calls`, {
        body: 'tool=read_file',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    status: 415,
    code: 'json_body_required',
  },
];

describe('governance service errors', () => {
  let running: RunningService;
  beforeAll(async () => {
    running = await startService({ maxBodyBytes: MAX_BODY });
    await post(`${running.url}/sessions/${KNOWN}/prompt`, { text: 'known session' });
  });
  afterAll(() => running.service.close());

  it.each(CASES)('$name', async (testCase) => {
    const reply = await testCase.send(running.url);
    expect(reply.status).toBe(testCase.status);
    expect(reply.json).toEqual({
      error: expect.objectContaining({ code: testCase.code, message: expect.any(String), ...testCase.error }),
    });
    for (const [name, value] of Object.entries(testCase.headers ?? {})) expect(reply.headers.get(name)).toBe(value);
  });

  it('accepts application/json with a charset and +json media types', async () => {
    const reply = await request(`${running.url}/sessions/${KNOWN}/decide`, {
      body: { tool: 'read_file' },
      headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
    });
    expect(reply).toMatchObject({ status: 200, json: { verdict: 'allow' } });
  });

  it('leaves the session untouched by refused requests', async () => {
    expect((await request(`${running.url}/sessions/${KNOWN}`)).json).toMatchObject({
      state: 'REASONING',
      approved_categories: [],
      pending_approval: null,
    });
    expect(running.service.sessions.has('nobody')).toBe(false);
  });
});
