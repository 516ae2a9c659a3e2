import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorResponse } from './errorResponse';
import { HttpError } from './httpError';
import type { ServiceLogger } from './serviceLog';

// how long a refused connection may take to take its answer
const FLUSH_GRACE_MS = 1_000;

const codeOf = (error: Error): string => {
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? code : 'unknown';
};

/** The JSON error a connection Node's parser gave up on is answered with. */
function refusal(code: string, limits: { readonly requestTimeoutMs: number }): HttpError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new HttpError({
      status: 408,
      code: 'request_timeout',
      message:
        `the request did not arrive whole within ${limits.requestTimeoutMs} ms (or its headers ` +
        `within the header timeout): send the body its Content-Length announces`,
    });
  }
  if (code === 'HPE_HEADER_OVERFLOW')
    return new HttpError({ status: 431, code: 'headers_too_large', message: 'the request headers are too large' });
  return new HttpError({
    status: 400,
    code: 'bad_request',
    message: `the request is not HTTP this service can read (${code.slice(0, 64)})`,
  });
}

/** Whether an answer to the connection's current request has begun: writing another would corrupt it. */
function answerStarted(socket: Duplex): boolean {
  const response: unknown = Reflect.get(socket, '_httpMessage');
  return typeof response === 'object' && response !== null && Reflect.get(response, 'headersSent') === true;
}

/**
 * The server's `clientError` listener: a request Node's parser refuses or times out (a body
 * shorter than its Content-Length, a silent connection, headers too large, bytes that are not
 * HTTP) is answered with the service's JSON error and the connection closed; one whose client
 * is gone, or whose answer has begun, is only closed.
 */
export function createClientErrorListener(
  limits: { readonly requestTimeoutMs: number },
  log: ServiceLogger,
): (error: Error, socket: Duplex) => void {
  return (error, socket) => {
    const code = codeOf(error);
    if (code === 'ECONNRESET' || !socket.writable || answerStarted(socket)) {
      log({ event: 'client_error', code });
      socket.destroy();
      return;
    }
    const { status, body } = errorResponse(refusal(code, limits), () => undefined);
    const text = JSON.stringify(body);
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(text)}`,
      'Cache-Control: no-store',
      'Connection: close',
    ];
    log({ event: 'client_error', code, status });
    // the peer may never close its side, nor read: the socket goes once the answer is flushed, or soon
    socket.end(`${head.join('\r\n')}\r\n\r\n${text}`, () => socket.destroy());
    setTimeout(() => socket.destroy(), FLUSH_GRACE_MS).unref();
  };
}
