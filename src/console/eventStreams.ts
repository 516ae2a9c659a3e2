import type { ServerResponse } from 'node:http';
import { HttpError } from '../server/httpError';
import type { SessionEvent } from '../server/sessionEvents';

/** The console's open Server-Sent Events streams. */
export interface EventStreams {
  /** Starts a stream on `res` for a signed-in console session; 503 when the limit is reached. */
  open(res: ServerResponse, consoleSession: string): void;
  /** Sends an event to every stream: its type and session id, never arguments (the page asks for the rest). */
  broadcast(event: SessionEvent): void;
  /** Ends the streams of one console session (it signed out or expired). */
  endSession(consoleSession: string): void;
  /** Ends every stream and stops the keep-alive timer. */
  close(): void;
  readonly size: number;
}

/** Limits of EventStreams. */
export interface EventStreamOptions {
  readonly maxStreams: number;
  /** a comment line this often keeps proxies and the browser from timing the stream out */
  readonly keepAliveMs: number;
  /** whether a console session is still signed in; checked at each keep-alive */
  readonly isLive: (consoleSession: string) => boolean;
}

/** Defaults: 16 streams (a few tabs per person), a keep-alive every 20 s. */
export const EVENT_STREAM_DEFAULTS = Object.freeze({ maxStreams: 16, keepAliveMs: 20_000 });

/** Creates the streams; the keep-alive timer runs only while a stream is open and never holds the process. */
export function createEventStreams(options: EventStreamOptions): EventStreams {
  const streams = new Map<ServerResponse, string>();
  let timer: NodeJS.Timeout | undefined;

  const end = (res: ServerResponse): void => {
    streams.delete(res);
    if (!res.writableEnded) res.end();
    if (streams.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const write = (res: ServerResponse, text: string): void => {
    if (res.destroyed || res.writableEnded) end(res);
    else res.write(text);
  };
  // a stream whose console session ended gets nothing more
  const send = (text: string): void => {
    for (const [res, consoleSession] of [...streams]) {
      if (options.isLive(consoleSession)) write(res, text);
      else end(res);
    }
  };

  return {
    open(res, consoleSession) {
      if (streams.size >= options.maxStreams) {
        throw new HttpError({
          status: 503,
          code: 'too_many_streams',
          message: `the console already has ${options.maxStreams} live event streams open: close a console tab`,
          headers: { 'Retry-After': '10' },
        });
      }
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Content-Type-Options': 'nosniff',
        // a buffering proxy would hold events back
        'X-Accel-Buffering': 'no',
      });
      streams.set(res, consoleSession);
      res.on('close', () => end(res));
      res.write('retry: 3000\n: connected\n\n');
      if (timer === undefined) {
        timer = setInterval(() => send(': keep-alive\n\n'), options.keepAliveMs);
        timer.unref();
      }
    },
    broadcast(event) {
      const data = JSON.stringify({ type: event.type, session_id: event.sessionId });
      send(`event: session\ndata: ${data}\n\n`);
    },
    endSession(consoleSession) {
      for (const [res, owner] of [...streams]) if (owner === consoleSession) end(res);
    },
    close() {
      for (const res of [...streams.keys()]) end(res);
    },
    get size() {
      return streams.size;
    },
  };
}
