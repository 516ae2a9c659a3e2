import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  JSON_RPC_ERRORS,
  MAX_MESSAGE_BYTES,
  MCP_PROTOCOL_VERSIONS,
  serveMcpTools,
  type McpToolServer,
} from '../../../src/integrations/intentsMcp/mcpStdioServer';

const TOOL = {
  name: 'echo',
  description: 'Echoes its text.',
  inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } } },
};

const SERVER: McpToolServer = {
  name: 'test-server',
  version: '1.2.3',
  instructions: 'Use echo.',
  listTools: () => [TOOL],
  callTool: (name, args) => {
    if (name === 'explode') throw new Error('the tool failed');
    return name === 'echo'
      ? { text: String(args.text), isError: false }
      : { text: `Unknown tool '${name}'`, isError: true };
  },
};

const line = (message: unknown): string => `${JSON.stringify(message)}\n`;
const request = (id: number | string, method: string, params?: unknown): string =>
  line({ jsonrpc: '2.0', id, method, ...(params !== undefined && { params }) });
const initialize = (protocolVersion?: string): string =>
  request(1, 'initialize', {
    capabilities: {},
    clientInfo: { name: 'client', version: '1' },
    ...(protocolVersion && { protocolVersion }),
  });

/** Serves SERVER, writes `chunks` one by one, ends the input and answers the replies written. */
async function exchange(chunks: readonly (string | Buffer)[], maxMessageBytes?: number): Promise<unknown[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: Buffer[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk));
  const served = serveMcpTools(SERVER, { input, output }, maxMessageBytes === undefined ? {} : { maxMessageBytes });
  for (const chunk of chunks) input.write(chunk);
  input.end();
  await served;
  return Buffer.concat(written)
    .toString('utf8')
    .split('\n')
    .filter((text) => text !== '')
    .map((text): unknown => JSON.parse(text));
}

const INITIALIZED = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  result: {
    protocolVersion,
    capabilities: { tools: {} },
    serverInfo: { name: 'test-server', version: '1.2.3' },
    instructions: 'Use echo.',
  },
});
const errorOf = (id: number | string | null, code: number) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message: expect.any(String) },
});

interface Case {
  readonly name: string;
  readonly chunks: readonly (string | Buffer)[];
  readonly replies: readonly unknown[];
  readonly maxMessageBytes?: number;
}

const cases: readonly Case[] = [
  {
    name: "answers initialize with the client's protocol version when it speaks it",
    chunks: [initialize('2025-03-26')],
    replies: [INITIALIZED('2025-03-26')],
  },
  {
    name: 'answers initialize with its newest version for a version it does not speak',
    chunks: [initialize('2099-01-01')],
    replies: [INITIALIZED(MCP_PROTOCOL_VERSIONS[0])],
  },
  {
    name: 'answers initialize without a protocol version with its newest version',
    chunks: [initialize()],
    replies: [INITIALIZED(MCP_PROTOCOL_VERSIONS[0])],
  },
  {
    name: 'answers no notification, initialized or any other',
    chunks: [
      line({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      line({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } }),
    ],
    replies: [],
  },
  {
    name: 'answers ping with an empty result',
    chunks: [request('p-1', 'ping')],
    replies: [{ jsonrpc: '2.0', id: 'p-1', result: {} }],
  },
  {
    name: 'lists the tools, before initialize too',
    chunks: [request(2, 'tools/list')],
    replies: [{ jsonrpc: '2.0', id: 2, result: { tools: [TOOL] } }],
  },
  {
    name: 'calls a tool and answers its text',
    chunks: [request(3, 'tools/call', { name: 'echo', arguments: { text: 'hi' } })],
    replies: [{ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'hi' }], isError: false } }],
  },
  {
    name: "answers a call of a tool it does not have as the tool's error result",
    chunks: [request(3, 'tools/call', { name: 'other' })],
    replies: [
      { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: "Unknown tool 'other'" }], isError: true } },
    ],
  },
  {
    name: 'refuses tools/call without a tool name as invalid params',
    chunks: [request(4, 'tools/call', {})],
    replies: [errorOf(4, JSON_RPC_ERRORS.invalidParams)],
  },
  {
    name: 'refuses tools/call with arguments that are not an object',
    chunks: [request(4, 'tools/call', { name: 'echo', arguments: [1] })],
    replies: [errorOf(4, JSON_RPC_ERRORS.invalidParams)],
  },
  {
    name: 'answers a tool that throws with an internal error',
    chunks: [request(5, 'tools/call', { name: 'explode' })],
    replies: [errorOf(5, JSON_RPC_ERRORS.internalError)],
  },
  {
    name: 'answers an unknown method with method not found',
    chunks: [request(6, 'resources/list')],
    replies: [errorOf(6, JSON_RPC_ERRORS.methodNotFound)],
  },
  {
    name: 'answers a line that is not JSON with a parse error of id null',
    chunks: ['{"jsonrpc":"2.0","id":7,\n'],
    replies: [errorOf(null, JSON_RPC_ERRORS.parseError)],
  },
  {
    name: 'answers a batch as an invalid request',
    chunks: [line([{ jsonrpc: '2.0', id: 8, method: 'ping' }])],
    replies: [errorOf(null, JSON_RPC_ERRORS.invalidRequest)],
  },
  {
    name: 'answers a request without jsonrpc "2.0" as invalid, with its id',
    chunks: [line({ id: 9, method: 'ping' })],
    replies: [errorOf(9, JSON_RPC_ERRORS.invalidRequest)],
  },
  {
    name: 'answers an id that is neither a string nor a number as invalid, with id null',
    chunks: [line({ jsonrpc: '2.0', id: { n: 1 }, method: 'ping' })],
    replies: [errorOf(null, JSON_RPC_ERRORS.invalidRequest)],
  },
  {
    name: 'answers nothing to a response from the client',
    chunks: [line({ jsonrpc: '2.0', id: 10, result: {} })],
    replies: [],
  },
  {
    name: 'skips empty lines and reads lines ended by CRLF',
    chunks: ['\n\r\n', request(11, 'ping').replace('\n', '\r\n')],
    replies: [{ jsonrpc: '2.0', id: 11, result: {} }],
  },
  {
    name: 'joins a message split across chunks, inside a multi-byte character too',
    chunks: (() => {
      const bytes = Buffer.from(request(12, 'tools/call', { name: 'echo', arguments: { text: 'é✓' } }));
      return [bytes.subarray(0, 70), bytes.subarray(70, bytes.length - 8), bytes.subarray(bytes.length - 8)];
    })(),
    replies: [{ jsonrpc: '2.0', id: 12, result: { content: [{ type: 'text', text: 'é✓' }], isError: false } }],
  },
  {
    name: 'answers two messages in one chunk in order',
    chunks: [request(13, 'ping') + request(14, 'unknown')],
    replies: [{ jsonrpc: '2.0', id: 13, result: {} }, errorOf(14, JSON_RPC_ERRORS.methodNotFound)],
  },
  {
    name: 'refuses a line over the limit once, drops it and answers the next line',
    maxMessageBytes: 64,
    chunks: [
      `{"jsonrpc":"2.0","id":15,"method":"ping","params":{"pad":"${'x'.repeat(40)}`,
      'x'.repeat(200),
      '"}}\n',
      request(16, 'ping'),
    ],
    replies: [errorOf(null, JSON_RPC_ERRORS.invalidRequest), { jsonrpc: '2.0', id: 16, result: {} }],
  },
  {
    name: 'refuses a line over 1 MiB by default, before it ends',
    chunks: ['{"pad":"', 'x'.repeat(MAX_MESSAGE_BYTES)],
    replies: [errorOf(null, JSON_RPC_ERRORS.invalidRequest)],
  },
  {
    name: 'reads a line of exactly the limit',
    maxMessageBytes: request(17, 'ping').length - 1,
    chunks: [request(17, 'ping')],
    replies: [{ jsonrpc: '2.0', id: 17, result: {} }],
  },
];

describe('serveMcpTools', () => {
  it.each(cases)('$name', async ({ chunks, replies, maxMessageBytes }) => {
    expect(await exchange(chunks, maxMessageBytes)).toEqual(replies);
  });

  const endings = [
    { name: 'stops when the input ends', end: (input: PassThrough) => input.end() },
    { name: 'stops when the input is destroyed', end: (input: PassThrough) => input.destroy() },
    { name: 'stops when the input fails', end: (input: PassThrough) => input.destroy(new Error('EPIPE')) },
  ];
  it.each(endings)('$name, and reads no further line', async ({ end }) => {
    const input = new PassThrough();
    const output = new PassThrough();
    const served = serveMcpTools(SERVER, { input, output });
    end(input);
    await served;
    expect(input.listenerCount('data')).toBe(0);
  });

  it('stops when its signal aborts, leaving the input open', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const stop = new AbortController();
    const served = serveMcpTools(SERVER, { input, output }, { signal: stop.signal });
    stop.abort();
    await served;
    expect({ listening: input.listenerCount('data'), ended: input.readableEnded }).toEqual({
      listening: 0,
      ended: false,
    });
  });
});
