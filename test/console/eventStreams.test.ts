import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStreams, EVENT_STREAM_DEFAULTS, type EventStreams } from '../../src/console/eventStreams';
import { HttpError } from '../../src/server/httpError';
import { post, startService } from '../server/serviceHarness';
import { consoleFetch, signIn } from './consoleHarness';

/** An open event stream: what arrived so far, and whether the server ended it. */
interface Stream {
  readonly response: IncomingMessage;
  text(): string;
  readonly ended: Promise<void>;
  /** resolves once the text matches */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  close(): void;
}

function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<void>((done) => response.on('close', () => done()));
      const waitFor = async (pattern: RegExp, timeoutMs = 5000): Promise<string> => {
        const deadline = Date.now() + timeoutMs;
        while (!pattern.test(text)) {
          if (Date.now() > deadline)
            throw new Error(`no ${String(pattern)} in the stream; got ${JSON.stringify(text)}`);
          await new Promise((wait) => setTimeout(wait, 10));
        }
        return text;
      };
      resolve({ response, text: () => text, ended, waitFor, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the console event stream of the service', () => {
  it('tells a signed-in page of a held call at once, ends at sign-out, and refuses a page without a cookie', async () => {
    const running = await startService();
    try {
      const login = await signIn(running.url);
      expect((await openStream(`${running.url}/console/events`)).response.statusCode).toBe(401);
      const stream = await openStream(`${running.url}/console/events`, { cookie: login.cookie });
      expect([
        stream.response.statusCode,
        stream.response.headers['content-type'],
        stream.response.headers['cache-control'],
      ]).toEqual([200, 'text/event-stream; charset=utf-8', 'no-store']);
      await stream.waitFor(/: connected\n\n/);
      await post(`${running.url}/sessions/live/prompt`, { text: 'go' });
      await post(`${running.url}/sessions/live/tool-calls`, {
        tool: 'select_active_intent',
        args: { intent_id: 'INT-001' },
      });
      await post(`${running.url}/sessions/live/tool-calls`, {
        tool: 'execute_command',
        args: { command: 'sudo reboot' },
      });
      const text = await stream.waitFor(/"type":"call\.held"/);
      expect(text).toContain('event: session\ndata: {"type":"session.started","session_id":"live"}\n\n');
      expect(text).toContain('data: {"type":"call.held","session_id":"live"}\n\n');
      // the stream says what changed, never the call's arguments
      expect(text).not.toContain('reboot');
      await consoleFetch(`${running.url}/console/sign-out`, login, { body: {} });
      await stream.ended;
    } finally {
      await running.service.close();
    }
  });

  it('ends open streams when the service closes, and close() does not wait for them', async () => {
    const running = await startService();
    const login = await signIn(running.url);
    const stream = await openStream(`${running.url}/console/events`, { cookie: login.cookie });
    await stream.waitFor(/connected/);
    const started = Date.now();
    await running.service.close();
    await stream.ended;
    // ended by the close, not by a keep-alive tick: half the interval tells the two apart on a busy machine
    expect(Date.now() - started).toBeLessThan(EVENT_STREAM_DEFAULTS.keepAliveMs / 2);
  });
});

describe('event streams', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  async function serve(streams: EventStreams): Promise<string> {
    server = createServer((req, res) => {
      try {
        streams.open(res, new URL(req.url ?? '/', 'http://x').searchParams.get('session') ?? '');
      } catch (error) {
        res.writeHead(error instanceof HttpError ? error.status : 500).end();
      }
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it('refuses a stream beyond the limit with 503', async () => {
    const streams = createEventStreams({ maxStreams: 2, keepAliveMs: 60_000, isLive: () => true });
    const url = await serve(streams);
    const open = [await openStream(`${url}?session=a`), await openStream(`${url}?session=b`)];
    expect((await openStream(`${url}?session=c`)).response.statusCode).toBe(503);
    open[0]?.close();
    await open[0]?.ended;
    await expect.poll(() => streams.size).toBe(1);
    expect((await openStream(`${url}?session=d`)).response.statusCode).toBe(200);
    streams.close();
  });

  it('sends keep-alive comments, and ends the stream of a console session that is over', async () => {
    const live = new Set(['a', 'b']);
    const streams = createEventStreams({ maxStreams: 4, keepAliveMs: 30, isLive: (session) => live.has(session) });
    const url = await serve(streams);
    const [a, b] = [await openStream(`${url}?session=a`), await openStream(`${url}?session=b`)];
    await a.waitFor(/: keep-alive\n\n/);
    live.delete('b');
    await b.ended;
    streams.broadcast({ type: 'session.reset', sessionId: 's1' });
    await a.waitFor(/"session.reset"/);
    expect(b.text()).not.toContain('session.reset');
    streams.close();
    await a.ended;
    expect(streams.size).toBe(0);
  });
});
