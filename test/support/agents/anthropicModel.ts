import type { ServerResponse } from 'node:http';
import { asArray, asRecord, sendJson, startScriptedServer, type Json } from './scriptedServer';

// A scripted Anthropic Messages API on 127.0.0.1, so a real Claude Code runs without a real model.

/** What a turn may do before it is answered, given the request it answers (a human acting between two calls). */
export type BeforeTurn = (request: MainLoopRequest) => void | Promise<void>;

/** One turn of the model in the agent's main loop: a tool call, or a final text. */
export type ModelTurn =
  | { readonly tool: string; readonly input: Readonly<Record<string, unknown>>; readonly before?: BeforeTurn }
  | { readonly text: string; readonly before?: BeforeTurn };

/** A tool result the agent sent back, as the model sees it. */
export interface SeenToolResult {
  readonly toolUseId: string;
  readonly isError: boolean;
  readonly content: string;
}

/** One main-loop request: the tools offered and the tool results it carries. */
export interface MainLoopRequest {
  readonly tools: readonly string[];
  readonly toolResults: readonly SeenToolResult[];
  readonly system: string;
  /** the text of every message so far, tool results included, to look for what hooks added */
  readonly transcript: string;
}

export interface ScriptedModel {
  /** the base URL for ANTHROPIC_BASE_URL */
  readonly url: string;
  /** main-loop requests in arrival order */
  readonly requests: readonly MainLoopRequest[];
  /** how many side requests (titles, summaries, checks) were answered with a short text */
  sideRequests(): number;
  close(): Promise<void>;
}

/** What the model says once its script is spent. */
export const FINAL_TEXT = 'Done.';

// the agent's main loop offers its whole tool set; side requests offer none or a few
const isMainLoop = (tools: readonly string[]): boolean => tools.includes('Bash') || tools.includes('Write');

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((block) => asRecord(block))
    .map((block) => (typeof block.text === 'string' ? block.text : ''))
    .join('\n');
}

function transcriptOf(messages: readonly unknown[]): string {
  return messages
    .flatMap((message) => {
      const content = asRecord(message).content;
      return typeof content === 'string'
        ? [content]
        : asArray(content)
            .map((block) => asRecord(block))
            .map((block) => textOf(block.content ?? [block]));
    })
    .join('\n');
}

function toolResultsOf(messages: readonly unknown[]): SeenToolResult[] {
  const last = asRecord(messages[messages.length - 1]);
  return asArray(last.content)
    .map((block) => asRecord(block))
    .filter((block) => block.type === 'tool_result')
    .map((block) => ({
      toolUseId: String(block.tool_use_id),
      isError: block.is_error === true,
      content: textOf(block.content),
    }));
}

interface Reply {
  readonly blocks: readonly Json[];
  readonly stopReason: 'tool_use' | 'end_turn';
}

function replyFor(turn: ModelTurn | undefined, id: number): Reply {
  if (turn === undefined) return { blocks: [{ type: 'text', text: FINAL_TEXT }], stopReason: 'end_turn' };
  if ('text' in turn) return { blocks: [{ type: 'text', text: turn.text }], stopReason: 'end_turn' };
  return {
    blocks: [{ type: 'tool_use', id: `toolu_scripted_${id}`, name: turn.tool, input: turn.input }],
    stopReason: 'tool_use',
  };
}

const usage = { input_tokens: 10, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

function sendStream(response: ServerResponse, model: string, reply: Reply, id: number): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const event = (type: string, data: Json): void => {
    response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  };
  event('message_start', {
    message: {
      id: `msg_scripted_${id}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
  reply.blocks.forEach((block, index) => {
    if (block.type === 'tool_use') {
      event('content_block_start', { index, content_block: { ...block, input: {} } });
      event('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    } else {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', {
    delta: { stop_reason: reply.stopReason, stop_sequence: null },
    usage: { output_tokens: 10 },
  });
  event('message_stop', {});
  response.end();
}

function sendMessage(response: ServerResponse, model: string, reply: Reply, id: number): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      id: `msg_scripted_${id}`,
      type: 'message',
      role: 'assistant',
      model,
      content: reply.blocks,
      stop_reason: reply.stopReason,
      stop_sequence: null,
      usage,
    }),
  );
}

/**
 * Starts a model that answers the agent's main loop with `script`, one turn per request, then
 * with a final text; every other request gets a short text. Port 0 on 127.0.0.1.
 */
export async function startAnthropicModel(script: readonly ModelTurn[]): Promise<ScriptedModel> {
  const requests: MainLoopRequest[] = [];
  let side = 0;
  let replies = 0;
  const server = await startScriptedServer(async ({ method, url, body }, response) => {
    if (method !== 'POST' || url.pathname !== '/v1/messages') {
      sendJson(response, 404, {
        type: 'error',
        error: { type: 'not_found_error', message: `no ${url.pathname} here` },
      });
      return;
    }
    const tools = asArray(body.tools).map((tool) => String(asRecord(tool).name));
    const model = typeof body.model === 'string' ? body.model : 'claude-scripted';
    replies += 1;
    let reply: Reply;
    if (isMainLoop(tools)) {
      const messages = asArray(body.messages);
      const seen: MainLoopRequest = {
        tools,
        toolResults: toolResultsOf(messages),
        system: textOf(body.system),
        transcript: transcriptOf(messages),
      };
      requests.push(seen);
      const turn = script[requests.length - 1];
      await turn?.before?.(seen);
      reply = replyFor(turn, replies);
    } else {
      side += 1;
      reply = { blocks: [{ type: 'text', text: 'ok' }], stopReason: 'end_turn' };
    }
    if (body.stream === true) sendStream(response, model, reply, replies);
    else sendMessage(response, model, reply, replies);
  });
  return { url: server.url, requests, sideRequests: () => side, close: server.close };
}
