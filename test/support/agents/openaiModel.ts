import type { ServerResponse } from 'node:http';
import { asArray, asRecord, sendJson, startScriptedServer, type Json } from './scriptedServer';

// A scripted OpenAI Responses API on 127.0.0.1 (the streamed events Codex CLI 0.169 reads), so a
// real Codex runs without a real model.

/**
 * One turn of the model: a function call (an MCP tool names its namespace), an apply_patch, or a
 * final text; `before` runs first with the request the turn answers (a human acting between two calls).
 */
export type OpenAiTurn = (
  | { readonly tool: string; readonly input: Readonly<Record<string, unknown>>; readonly namespace?: string }
  | { readonly patch: string }
  | { readonly text: string }
) & { readonly before?: (request: OpenAiRequest) => void | Promise<void> };

/** A tool's output the agent sent back, as the model sees it. */
export interface SeenToolOutput {
  readonly callId: string;
  readonly output: string;
}

/** One main-loop request: the tools offered (an MCP tool as `<namespace>/<name>`) and what the agent sent. */
export interface OpenAiRequest {
  readonly tools: readonly string[];
  /** the outputs of every tool call so far, in order */
  readonly toolOutputs: readonly SeenToolOutput[];
  /** the text of every input item, to look for what hooks added */
  readonly transcript: string;
}

export interface OpenAiModel {
  /** the base URL for a model provider's base_url (with /v1) */
  readonly url: string;
  readonly requests: readonly OpenAiRequest[];
  close(): Promise<void>;
}

/** What the model says once its script is spent. */
export const OPENAI_FINAL_TEXT = 'Done.';

const toolNames = (tools: readonly unknown[]): string[] =>
  tools
    .map(asRecord)
    .flatMap((tool) =>
      tool.type === 'namespace'
        ? asArray(tool.tools).map((inner) => `${String(tool.name)}/${String(asRecord(inner).name)}`)
        : [String(tool.name ?? tool.type)],
    );

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join('\n');
  const record = asRecord(value);
  return [record.text, record.content, record.output]
    .map((part) => (part === undefined ? '' : textOf(part)))
    .join('\n');
}

const toolOutputsOf = (input: readonly unknown[]): SeenToolOutput[] =>
  input
    .map(asRecord)
    .filter((item) => item.type === 'function_call_output' || item.type === 'custom_tool_call_output')
    .map((item) => ({ callId: String(item.call_id), output: textOf(item.output) }));

/** The output item of one turn. */
function itemFor(turn: OpenAiTurn | undefined, id: number): Json {
  if (turn === undefined) return itemFor({ text: OPENAI_FINAL_TEXT }, id);
  if ('text' in turn)
    return {
      type: 'message',
      id: `msg_${id}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text, annotations: [] }],
    };
  if ('patch' in turn)
    return {
      type: 'custom_tool_call',
      id: `ctc_${id}`,
      call_id: `call_${id}`,
      name: 'apply_patch',
      input: turn.patch,
      status: 'completed',
    };
  const namespace = turn.namespace === undefined ? {} : { namespace: turn.namespace };
  return {
    type: 'function_call',
    id: `fc_${id}`,
    call_id: `call_${id}`,
    name: turn.tool,
    ...namespace,
    arguments: JSON.stringify(turn.input),
    status: 'completed',
  };
}

const usage = {
  input_tokens: 10,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 10,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 20,
};

function sendStream(response: ServerResponse, item: Json, id: number): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const event = (type: string, data: Json): void => {
    response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  };
  event('response.created', { response: { id: `resp_${id}` } });
  event('response.output_item.added', { output_index: 0, item });
  event('response.output_item.done', { output_index: 0, item });
  event('response.completed', { response: { id: `resp_${id}`, usage } });
  response.end();
}

/**
 * Starts a model that answers Codex's main loop with `script`, one turn per request, then with
 * a final text; a request that offers no shell tool gets a short text. Port 0 on 127.0.0.1.
 */
export async function startOpenAiModel(script: readonly OpenAiTurn[]): Promise<OpenAiModel> {
  const requests: OpenAiRequest[] = [];
  let replies = 0;
  const server = await startScriptedServer(async ({ method, url, body }, response) => {
    if (method === 'GET') return sendJson(response, 200, { object: 'list', data: [], models: [] });
    if (url.pathname !== '/v1/responses')
      return sendJson(response, 404, { error: { message: `no ${url.pathname} here` } });
    replies += 1;
    const tools = toolNames(asArray(body.tools));
    if (!tools.includes('exec_command')) return sendStream(response, itemFor({ text: 'ok' }, replies), replies);
    const input = asArray(body.input);
    const request = { tools, toolOutputs: toolOutputsOf(input), transcript: input.map(textOf).join('\n') };
    const turn = script[requests.push(request) - 1];
    await turn?.before?.(request);
    return sendStream(response, itemFor(turn, replies), replies);
  });
  return { url: `${server.url}/v1`, requests, close: server.close };
}
