import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A JSON value read loosely: an object, or an empty one. */
export type Json = Record<string, unknown>;

export const asRecord = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
export const asArray = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** One request as a scripted server reads it: the path, the query and the JSON body (empty when there is none). */
export interface ScriptedRequest {
  readonly method: string;
  readonly url: URL;
  readonly body: Json;
}

export interface ScriptedServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

const parseJson = (text: string): Json => {
  try {
    return asRecord(JSON.parse(text));
  } catch {
    return {};
  }
};

/** Starts an HTTP server on 127.0.0.1, port 0, that hands each request with its JSON body to `handle`. */
export async function startScriptedServer(
  handle: (request: ScriptedRequest, response: ServerResponse) => void | Promise<void>,
): Promise<ScriptedServer> {
  const server = createServer((request, response) => {
    readBody(request)
      .then((text) =>
        handle(
          {
            method: request.method ?? 'GET',
            url: new URL(request.url ?? '/', 'http://127.0.0.1'),
            body: parseJson(text),
          },
          response,
        ),
      )
      .catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error) } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with one JSON body. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
