import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CONNECTION_DEFAULTS } from '../../src/server/connectionLimits';
import { request, startService, type RunningService } from './serviceHarness';

/** What a raw connection received, and how long after connecting the service closed it. */
interface Exchange {
  readonly received: string;
  readonly closedAfterMs: number;
}

/** Opens a raw connection, writes `chunks` (none: a silent client), and waits for the service to close it. */
function exchange(url: string, chunks: readonly string[], giveUpMs = 2 * ANSWER_BOUND_MS): Promise<Exchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = connect(Number(port), hostname, () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    const timer = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, closedAfterMs: Date.now() - started });
    });
  });
}

/** The status and JSON error code of a raw answer. */
function answerOf(received: string): { status: number; code: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? 0);
  const body = received.slice(received.indexOf('\r\n\r\n') + 4);
  const parsed = body === '' ? {} : (JSON.parse(body) as { error?: { code?: unknown } });
  return { status, code: parsed.error?.code };
}

const FAST = { headersTimeoutMs: 500, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 300 };
// a timeout of 1 s must be answered well within Node's default 300 s, even on a busy machine:
// the bound tells the two apart, not how fast the machine is
const ANSWER_BOUND_MS = 60_000;

async function withService(
  options: Parameters<typeof startService>[0],
  run: (running: RunningService) => Promise<void>,
): Promise<void> {
  const running = await startService(options);
  try {
    await run(running);
  } finally {
    await running.service.close();
  }
}

describe('connection limits', () => {
  it('applies the defaults to the HTTP server', async () => {
    await withService({}, async ({ service }) => {
      expect({
        headersTimeoutMs: service.server.headersTimeout,
        requestTimeoutMs: service.server.requestTimeout,
        keepAliveTimeoutMs: service.server.keepAliveTimeout,
        maxHeadersCount: service.server.maxHeadersCount,
        maxConnections: service.server.maxConnections,
      }).toEqual(CONNECTION_DEFAULTS);
    });
  });

  const host = 'Host: 127.0.0.1\r\n';
  const cases = [
    {
      name: 'a body shorter than its Content-Length',
      chunks: [
        `POST /sessions/s/prompt HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
        '{"text":"x',
      ],
      status: 408,
      code: 'request_timeout',
    },
    { name: 'a client that sends nothing', chunks: [], status: 408, code: 'request_timeout' },
    {
      name: 'headers that never end',
      chunks: [`GET /healthz HTTP/1.1\r\n${host}X-Slow: 1\r\n`],
      status: 408,
      code: 'request_timeout',
    },
    {
      name: 'headers too large',
      chunks: [`GET /healthz HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
      status: 431,
      code: 'headers_too_large',
    },
    { name: 'bytes that are not HTTP', chunks: ['HELLO THERE\r\n\r\n'], status: 400, code: 'bad_request' },
  ];

  it.each(cases)('answers $name with a JSON error and closes, within seconds', async ({ chunks, status, code }) => {
    await withService(FAST, async ({ url }) => {
      const { received, closedAfterMs } = await exchange(url, chunks);
      expect(answerOf(received)).toEqual({ status, code });
      expect(received).toContain('Content-Type: application/json; charset=utf-8');
      expect(closedAfterMs).toBeLessThan(ANSWER_BOUND_MS);
      // the service is still there
      expect((await request(`${url}/healthz`)).status).toBe(200);
    });
  });

  it('closes an idle keep-alive connection after keepAliveTimeoutMs', async () => {
    await withService(FAST, async ({ url }) => {
      const { received, closedAfterMs } = await exchange(url, [
        `GET /healthz HTTP/1.1\r\n${host}Connection: keep-alive\r\n\r\n`,
      ]);
      expect(answerOf(received).status).toBe(200);
      expect(closedAfterMs).toBeGreaterThanOrEqual(FAST.keepAliveTimeoutMs - 50);
      expect(closedAfterMs).toBeLessThan(ANSWER_BOUND_MS);
    });
  });

  it('reads no more than maxHeadersCount headers: a Host past them is not seen, and refused', async () => {
    await withService({ maxHeadersCount: 16 }, async ({ url }) => {
      const filler = Array.from({ length: 20 }, (_, index) => `X-Filler-${index}: ${index}\r\n`).join('');
      const late = await exchange(url, [`GET /healthz HTTP/1.1\r\n${filler}${host}Connection: close\r\n\r\n`]);
      expect(answerOf(late.received)).toEqual({ status: 421, code: 'host_not_allowed' });
      const early = await exchange(url, [`GET /healthz HTTP/1.1\r\n${host}${filler}Connection: close\r\n\r\n`]);
      expect(answerOf(early.received).status).toBe(200);
    });
  });

  it('closes connections past maxConnections as they arrive, and answers a new client once idle ones time out', async () => {
    // idle connections answered after 5 s, so a busy machine's pause cannot time them out before the next client comes
    await withService(
      { ...FAST, headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, maxConnections: 3 },
      async ({ url, service }) => {
        const { hostname, port } = new URL(url);
        const idle: Socket[] = [];
        let idleAnswered = 0;
        const idleClosed = Array.from({ length: 3 }, () => {
          const socket = connect(Number(port), hostname);
          idle.push(socket);
          let received = '';
          socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
          socket.on('error', () => undefined);
          return new Promise<string>((resolve) =>
            socket.on('close', () => {
              idleAnswered += 1;
              resolve(received);
            }),
          );
        });
        // every idle connection is accepted before the next client comes
        await new Promise<void>((resolve, reject) => {
          const deadline = Date.now() + ANSWER_BOUND_MS;
          const poll = (): void =>
            void service.server.getConnections((error, count) => {
              if (error) reject(error);
              else if (count >= 3) resolve();
              else if (Date.now() > deadline) reject(new Error(`only ${count} connections`));
              else setTimeout(poll, 10);
            });
          poll();
        });
        const refused = await exchange(url, [`GET /healthz HTTP/1.1\r\n${host}\r\n`]);
        expect(refused).toMatchObject({ received: '' });
        // closed as it arrived: while every idle connection still waited for its headers timeout
        expect(idleAnswered).toBe(0);

        const idleAnswers = await Promise.all(idleClosed);
        expect(idleAnswers.map((received) => answerOf(received).status)).toEqual([408, 408, 408]);
        expect((await request(`${url}/healthz`)).status).toBe(200);
        for (const socket of idle) socket.destroy();
      },
    );
  });
});
