import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import type { Decision } from '../../src/decision/decision';
import { createServiceLogger, jsonLinesLog, type ServiceLogRecord } from '../../src/server/serviceLog';
import { post, request, startService, TEST_TOKEN } from './serviceHarness';

class Lines {
  readonly written: string[] = [];
  write(text: string): boolean {
    this.written.push(text);
    return true;
  }
  get records(): Record<string, unknown>[] {
    return this.written
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

function sendRaw(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
}

const SECRET_PROMPT = 'prompt-text-that-stays-out-of-logs';
const SECRET_CONTENT = 'file-content-that-stays-out-of-logs';

describe('the service log', () => {
  it('writes one JSON object per line for the start, each request, errors and the stop, with no token, code, id or body', async () => {
    const lines = new Lines();
    const running = await startService({ log: jsonLinesLog(lines) });
    const { url, service } = running;
    const session = 'log-session-7f3a';
    await post(`${url}/sessions/${session}/prompt`, { text: SECRET_PROMPT });
    await post(`${url}/sessions/${session}/tool-calls`, {
      tool: 'select_active_intent',
      args: { intent_id: 'INT-001' },
    });
    const held = (
      await post(`${url}/sessions/${session}/tool-calls`, {
        tool: 'write_to_file',
        args: { path: 'src/a.ts', content: SECRET_CONTENT },
      })
    ).json as unknown as Decision;
    const code = service.console.signInPath().split('#sign-in=')[1] ?? '';
    expect((await post(`${url}/console/sign-in`, { code })).status).toBe(200);
    expect((await post(`${url}/console/sign-in`, { token: TEST_TOKEN })).status).toBe(200);
    expect(
      (
        await post(
          `${url}/sessions/${session}/approvals/${held.approval?.id ?? ''}`,
          { answer: 'continue' },
          TEST_TOKEN,
        )
      ).status,
    ).toBe(200);
    expect(
      (await post(`${url}/approve-session`, { session_id: session, categories: ['FS_DELETE_OVERWRITE'] }, TEST_TOKEN))
        .status,
    ).toBe(200);
    expect(
      (await post(`${url}/approve-session`, { session_id: session, categories: ['SUDO'] }, 'a-wrong-token-0123456789'))
        .status,
    ).toBe(401);
    const governor = service.sessions.get(session);
    if (!governor) throw new Error('the session was not created');
    governor.handleToolCall = (): Decision => {
      throw new Error('the governor broke');
    };
    expect((await post(`${url}/sessions/${session}/tool-calls`, { tool: 'read_file' })).status).toBe(500);
    expect(await sendRaw(url, 'NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    await service.close();

    const text = lines.written.join('');
    for (const secret of [TEST_TOKEN, code, session, SECRET_PROMPT, SECRET_CONTENT, 'a-wrong-token'])
      expect(text).not.toContain(secret);
    const { records } = lines;
    expect(lines.written.every((chunk) => chunk.endsWith('\n'))).toBe(true);
    expect(records.every((record) => typeof record.time === 'string' && typeof record.level === 'string')).toBe(true);
    expect(records[0]).toMatchObject({ level: 'info', event: 'listening', url });
    expect(records.at(-1)).toMatchObject({ level: 'info', event: 'stopped' });
    const requests = records.filter((record) => record.event === 'request');
    expect(
      requests.map((record) => `${String(record.method)} ${String(record.route)} ${String(record.status)}`),
    ).toEqual([
      'POST /sessions/:id/prompt 201',
      'POST /sessions/:id/tool-calls 200',
      'POST /sessions/:id/tool-calls 200',
      'POST /console/sign-in 200',
      'POST /console/sign-in 200',
      'POST /sessions/:id/approvals/:approvalId 200',
      'POST /approve-session 200',
      'POST /approve-session 401',
      'POST /sessions/:id/tool-calls 500',
    ]);
    expect(requests.every((record) => typeof record.ms === 'number' && record.ms >= 0)).toBe(true);
    expect(records.filter((record) => record.event === 'error')).toEqual([
      expect.objectContaining({ level: 'error', name: 'Error', message: 'the governor broke' }),
    ]);
    expect(records.filter((record) => record.event === 'client_error')).toEqual([
      expect.objectContaining({ level: 'warn', status: 400, code: expect.stringMatching(/^HPE_/) }),
    ]);
  });

  it('writes no log line to stderr without a sink', async () => {
    const written = vi.spyOn(process.stderr, 'write');
    const running = await startService();
    try {
      expect((await request(`${running.url}/healthz`)).status).toBe(200);
    } finally {
      await running.service.close();
      written.mockRestore();
    }
    expect(written.mock.calls.filter(([chunk]) => String(chunk).includes('"event"'))).toEqual([]);
  });
});

describe('createServiceLogger', () => {
  const cases = [
    {
      name: 'a request is info',
      entry: { event: 'request', method: 'GET', route: '/healthz', status: 200, ms: 1 } as const,
      level: 'info',
    },
    {
      name: 'a client error is a warning',
      entry: { event: 'client_error', code: 'HPE_INVALID_METHOD', status: 400 } as const,
      level: 'warn',
    },
    { name: 'an error is an error', entry: { event: 'error', name: 'Error', message: 'x' } as const, level: 'error' },
  ];

  it.each(cases)('stamps the time and level: $name', ({ entry, level }) => {
    const records: ServiceLogRecord[] = [];
    createServiceLogger(
      (record) => records.push(record),
      () => new Date(0),
    )(entry);
    expect(records).toEqual([{ time: '1970-01-01T00:00:00.000Z', level, ...entry }]);
  });

  it('ignores a sink that throws', () => {
    const log = createServiceLogger(() => {
      throw new Error('disk full');
    });
    expect(() => log({ event: 'stopped' })).not.toThrow();
  });
});
