import type { ServerResponse } from 'node:http';
import type { JsonResponse } from './errorResponse';

/** Sends a JSON response; a connection already gone, or half answered, is closed instead. */
export function sendJson(res: ServerResponse, response: JsonResponse): void {
  if (res.headersSent || res.destroyed) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  const text = response.text ?? JSON.stringify(response.body);
  res.writeHead(response.status, {
    ...response.headers,
    'Content-Type':
      response.text === undefined
        ? 'application/json; charset=utf-8'
        : (response.contentType ?? 'text/plain; charset=utf-8'),
    'Content-Length': Buffer.byteLength(text),
    // decisions and approvals are live state, never to be cached
    'Cache-Control': 'no-store',
  });
  res.end(text);
}
