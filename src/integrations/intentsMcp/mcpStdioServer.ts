import type { Readable, Writable } from 'node:stream';

/** The MCP protocol versions this server speaks, newest first. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The longest message line read, in bytes: a longer one is refused, never buffered. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** The JSON-RPC 2.0 error codes this server answers with. */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** One tool as `tools/list` shows it. */
export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: { readonly type: 'object' } & Readonly<Record<string, unknown>>;
}

/** What a server of tools is made of: its name, version and instructions, and its two tool methods. */
export interface McpToolServer {
  readonly name: string;
  readonly version: string;
  readonly instructions: string;
  readonly listTools: () => readonly McpTool[];
  readonly callTool: (
    name: string,
    args: Readonly<Record<string, unknown>>,
  ) => { readonly text: string; readonly isError: boolean };
}

/** Where messages come from and go to: stdin and stdout for an agent's server. */
export interface McpStreams {
  readonly input: Readable;
  readonly output: Writable;
}

export interface ServeOptions {
  /** stops serving when aborted (SIGINT, SIGTERM) */
  readonly signal?: AbortSignal;
  /** default MAX_MESSAGE_BYTES */
  readonly maxMessageBytes?: number;
}

type JsonRpcId = string | number;
type Outcome = { readonly result: unknown } | { readonly error: { readonly code: number; readonly message: string } };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is JsonRpcId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const failure = (code: number, message: string): Outcome => ({ error: { code, message } });

/** The version a server answers `initialize` with: the client's when this server speaks it, else its newest. */
export function negotiateProtocolVersion(requested: unknown): string {
  return MCP_PROTOCOL_VERSIONS.find((version) => version === requested) ?? MCP_PROTOCOL_VERSIONS[0];
}

/** The answer to one request: the four methods an MCP server of tools needs. */
function answer(server: McpToolServer, method: string, params: unknown): Outcome {
  switch (method) {
    case 'initialize': {
      const requested = isRecord(params) ? params.protocolVersion : undefined;
      const serverInfo = { name: server.name, version: server.version };
      return {
        result: {
          protocolVersion: negotiateProtocolVersion(requested),
          capabilities: { tools: {} },
          serverInfo,
          instructions: server.instructions,
        },
      };
    }
    case 'ping':
      return { result: {} };
    case 'tools/list':
      return { result: { tools: server.listTools() } };
    case 'tools/call': {
      if (!isRecord(params) || typeof params.name !== 'string')
        return failure(JSON_RPC_ERRORS.invalidParams, 'Invalid params: tools/call needs params.name, the tool to call');
      const args = params.arguments ?? {};
      if (!isRecord(args))
        return failure(JSON_RPC_ERRORS.invalidParams, 'Invalid params: tools/call params.arguments must be an object');
      const { text, isError } = server.callTool(params.name, args);
      return { result: { content: [{ type: 'text', text }], isError } };
    }
    default:
      return failure(
        JSON_RPC_ERRORS.methodNotFound,
        `Method not found: '${method.slice(0, 64)}' (this server answers initialize, ping, tools/list and tools/call)`,
      );
  }
}

/**
 * The reply to one message, or undefined for a notification and for a response (this server
 * sends no requests). Requests are answered before `initialize` too: the tools keep no state.
 */
export function replyTo(server: McpToolServer, message: unknown): object | undefined {
  if (!isRecord(message))
    return errorReply(
      null,
      JSON_RPC_ERRORS.invalidRequest,
      `Invalid Request: a message is one JSON object${Array.isArray(message) ? ' (batches are not supported)' : ''}`,
    );
  const { id, method } = message;
  if (method === undefined && isId(id) && ('result' in message || 'error' in message)) return undefined;
  if (message.jsonrpc !== '2.0' || typeof method !== 'string')
    return errorReply(
      isId(id) ? id : null,
      JSON_RPC_ERRORS.invalidRequest,
      'Invalid Request: a request needs jsonrpc "2.0" and a method string',
    );
  if (id === undefined) return undefined;
  if (!isId(id))
    return errorReply(null, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request: id must be a string or a number');
  let outcome: Outcome;
  try {
    outcome = answer(server, method, message.params);
  } catch (error) {
    outcome = failure(
      JSON_RPC_ERRORS.internalError,
      `Internal error: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { jsonrpc: '2.0', id, ...outcome };
}

const errorReply = (id: JsonRpcId | null, code: number, message: string): object => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

/**
 * Serves `server`'s tools over MCP's stdio transport: newline-delimited JSON-RPC 2.0 messages on
 * `input`, one reply per request line on `output`. A line that is not JSON, or longer than
 * `maxMessageBytes` (answered as soon as it is), gets an error reply with id null. Resolves when
 * the input ends, closes or fails, or `signal` aborts.
 */
export function serveMcpTools(
  server: McpToolServer,
  { input, output }: McpStreams,
  options: ServeOptions = {},
): Promise<void> {
  const maxBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const send = (reply: object): void => {
    if (!output.writableEnded && !output.destroyed) output.write(`${JSON.stringify(reply)}\n`);
  };
  const handleLine = (line: string): void => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch (error) {
      send(
        errorReply(
          null,
          JSON_RPC_ERRORS.parseError,
          `Parse error: ${error instanceof Error ? error.message : 'not JSON'}`,
        ),
      );
      return;
    }
    const reply = replyTo(server, message);
    if (reply !== undefined) send(reply);
  };

  // the current line's bytes so far; past the limit they are dropped up to the next newline
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let oversized = false;
  const onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let start = 0; start <= bytes.length;) {
      const newline = bytes.indexOf(0x0a, start);
      const piece = bytes.subarray(start, newline === -1 ? bytes.length : newline);
      if (!oversized && pendingBytes + piece.length > maxBytes) {
        oversized = true;
        pending = [];
        send(
          errorReply(
            null,
            JSON_RPC_ERRORS.invalidRequest,
            `Invalid Request: a message over ${maxBytes} bytes is refused`,
          ),
        );
      }
      if (!oversized) {
        pending.push(piece);
        pendingBytes += piece.length;
      }
      if (newline === -1) return;
      if (!oversized) handleLine(Buffer.concat(pending).toString('utf8').replace(/\r$/, ''));
      pending = [];
      pendingBytes = 0;
      oversized = false;
      start = newline + 1;
    }
  };

  return new Promise<void>((resolve) => {
    const stop = (): void => {
      input.off('data', onData);
      input.off('end', stop);
      input.off('close', stop);
      input.off('error', stop);
      options.signal?.removeEventListener('abort', stop);
      input.pause();
      resolve();
    };
    if (options.signal?.aborted) return stop();
    input.on('data', onData);
    input.once('end', stop);
    input.once('close', stop);
    input.once('error', stop);
    options.signal?.addEventListener('abort', stop, { once: true });
  });
}
