import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../src/decision/decision';
import { errorOf, makeServiceWorkspace, post, request, startService, type RunningService } from './serviceHarness';

/** Writes raw bytes to the service and resolves with whatever comes back before the socket closes. */
function rawExchange(url: string, text: string, options: { destroyAfterWrite?: boolean } = {}): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(text);
      if (options.destroyAfterWrite) setTimeout(() => socket.destroy(), 20);
    });
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

describe('governance service robustness', () => {
  let running: RunningService;
  const unexpected: unknown[] = [];
  beforeAll(async () => {
    running = await startService({ onError: (error) => unexpected.push(error) });
  });
  afterAll(() => running.service.close());

  it('answers 500 with a generic message when the governor throws, and keeps serving', async () => {
    await post(`${running.url}/sessions/faulty/prompt`, { text: 'x' });
    const governor = running.service.sessions.get('faulty');
    if (!governor) throw new Error('the session was not created');
    governor.handleToolCall = (): Decision => {
      throw new Error('secret internals at /srv/app.ts:12');
    };
    const reply = await post(`${running.url}/sessions/faulty/tool-calls`, { tool: 'read_file' });
    expect(reply.status).toBe(500);
    expect(errorOf(reply).code).toBe('internal_error');
    expect(JSON.stringify(reply.json)).not.toMatch(/secret internals|\.ts:\d/);
    expect(unexpected).toHaveLength(1);
    expect((await request(`${running.url}/sessions/faulty`)).status).toBe(200);
  });

  it('survives a client that aborts mid-body', async () => {
    await rawExchange(
      running.url,
      'POST /sessions/aborted/prompt HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":',
      { destroyAfterWrite: true },
    );
    expect((await post(`${running.url}/sessions/after-abort/prompt`, { text: 'x' })).status).toBe(201);
    expect(running.service.sessions.has('aborted')).toBe(false);
    expect(unexpected).toHaveLength(1);
  });

  it('survives a request line that is not HTTP', async () => {
    const answer = await rawExchange(running.url, 'THIS IS NOT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect((await request(`${running.url}/sessions/after-abort`)).status).toBe(200);
  });

  it('answers 409 invalid_intents_file when the intents file is broken, without creating the session', async () => {
    const broken = await startService({}, makeServiceWorkspace('active_intents:\n  - id: 7\n'));
    try {
      const reply = await post(`${broken.url}/sessions/s/prompt`, { text: 'x' });
      expect(reply.status).toBe(409);
      expect(reply.json).toEqual({
        error: expect.objectContaining({
          code: 'invalid_intents_file',
          message: expect.stringContaining('active_intents.yaml'),
          issues: expect.any(Array),
        }),
      });
      expect(broken.service.sessions.has('s')).toBe(false);
    } finally {
      await broken.service.close();
    }
  });

  it('answers 409 when the intents file breaks under a running session', async () => {
    const breaking = await startService();
    try {
      expect((await post(`${breaking.url}/sessions/s/prompt`, { text: 'x' })).status).toBe(201);
      writeFileSync(path.join(breaking.workspace, '.orchestration', 'active_intents.yaml'), 'active_intents: [');
      const reply = await post(`${breaking.url}/sessions/s/prompt`, { text: 'again' });
      expect(reply.status).toBe(409);
      expect(errorOf(reply).code).toBe('invalid_intents_file');
    } finally {
      await breaking.service.close();
    }
  });

  it('refuses a new session past maxSessions with 429 and Retry-After, and keeps every live one', async () => {
    const small = await startService({ maxSessions: 2 });
    try {
      await post(`${small.url}/sessions/one/prompt`, {});
      await post(`${small.url}/sessions/two/prompt`, {});
      const refused = await post(`${small.url}/sessions/three/prompt`, {});
      expect(refused.status).toBe(429);
      expect(errorOf(refused).code).toBe('too_many_sessions');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(small.service.sessions.ids()).toEqual(['one', 'two']);
      expect((await request(`${small.url}/sessions/one`)).status).toBe(200);
    } finally {
      await small.service.close();
    }
  });

  it('closes with keep-alive connections open and drops its sessions', async () => {
    const closing = await startService();
    await post(`${closing.url}/sessions/s/prompt`, {});
    await closing.service.close();
    expect(closing.service.server.listening).toBe(false);
    expect(closing.service.sessions.size).toBe(0);
    await expect(fetch(`${closing.url}/sessions/s`)).rejects.toThrow();
  });
});
