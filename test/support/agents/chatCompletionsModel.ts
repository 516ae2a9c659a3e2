import type { ServerResponse } from 'node:http';
import { asArray, asRecord, sendJson, startScriptedServer, type Json } from './scriptedServer';

// A scripted OpenAI Chat Completions API on 127.0.0.1 (the streamed chunks GitHub Copilot CLI
// 1.0.102 reads in its BYOK mode), so a real agent runs without a real model.

/** One turn of the model: a tool call or a final text; `before` runs first with the request the turn answers. */
export type ChatTurn = (
  { readonly tool: string; readonly input: Readonly<Record<string, unknown>> } | { readonly text: string }
) & {
  readonly before?: (request: ChatRequest) => void | Promise<void>;
};

/** A tool's result the agent sent back, as the model sees it. */
export interface SeenToolMessage {
  readonly callId: string;
  readonly content: string;
}

/** One main-loop request: the tools offered and what the agent sent. */
export interface ChatRequest {
  readonly tools: readonly string[];
  /** every tool result so far, in order */
  readonly toolMessages: readonly SeenToolMessage[];
  /** the text of every message, to look for what hooks added */
  readonly transcript: string;
}

export interface ChatModel {
  /** the base URL with /v1 */
  readonly url: string;
  readonly requests: readonly ChatRequest[];
  close(): Promise<void>;
}

/** What the model says once its script is spent. */
export const CHAT_FINAL_TEXT = 'Done.';

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => asRecord(part).text)
    .filter((text): text is string => typeof text === 'string')
    .join('\n');
}

function sendStream(response: ServerResponse, model: string, turn: ChatTurn | undefined, id: number): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Json, finishReason: string | null, usage?: Json): void => {
    const body = {
      id: `chatcmpl_${id}`,
      object: 'chat.completion.chunk',
      created: 1,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...(usage && { usage }),
    };
    response.write(`data: ${JSON.stringify(body)}\n\n`);
  };
  const call = turn !== undefined && 'tool' in turn ? turn : undefined;
  const text = turn !== undefined && 'text' in turn ? turn.text : CHAT_FINAL_TEXT;
  if (call === undefined) chunk({ role: 'assistant', content: text }, null);
  else
    chunk(
      {
        role: 'assistant',
        tool_calls: [
          {
            index: 0,
            id: `call_${id}`,
            type: 'function',
            function: { name: call.tool, arguments: JSON.stringify(call.input) },
          },
        ],
      },
      null,
    );
  chunk({}, call === undefined ? 'stop' : 'tool_calls', { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 });
  response.write('data: [DONE]\n\n');
  response.end();
}

/**
 * Starts a model that answers the agent's main loop (a request offering `mainLoopTool`) with
 * `script`, one turn per request, then with a final text; other requests get a short text.
 */
export async function startChatModel(script: readonly ChatTurn[], mainLoopTool: string): Promise<ChatModel> {
  const requests: ChatRequest[] = [];
  let replies = 0;
  const server = await startScriptedServer(async ({ method, url, body }, response) => {
    if (method === 'GET') return sendJson(response, 200, { object: 'list', data: [] });
    if (url.pathname !== '/v1/chat/completions')
      return sendJson(response, 404, { error: { message: `no ${url.pathname} here` } });
    replies += 1;
    const model = typeof body.model === 'string' ? body.model : 'scripted';
    const tools = asArray(body.tools).map((tool) => String(asRecord(asRecord(tool).function).name));
    if (!tools.includes(mainLoopTool)) return sendStream(response, model, { text: 'ok' }, replies);
    const messages = asArray(body.messages).map(asRecord);
    const toolMessages = messages
      .filter((message) => message.role === 'tool')
      .map((message) => ({ callId: String(message.tool_call_id), content: textOf(message.content) }));
    const request = { tools, toolMessages, transcript: messages.map((message) => textOf(message.content)).join('\n') };
    const turn = script[requests.push(request) - 1];
    await turn?.before?.(request);
    return sendStream(response, model, turn, replies);
  });
  return { url: `${server.url}/v1`, requests, close: server.close };
}
