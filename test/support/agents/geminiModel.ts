import type { ServerResponse } from 'node:http';
import { asArray, asRecord, sendJson, startScriptedServer, type Json } from './scriptedServer';

// A scripted Gemini API on 127.0.0.1 (streamGenerateContent as server-sent events, generateContent
// and countTokens as Gemini CLI 0.61 calls them), so a real Gemini CLI runs without a real model.

/** One turn of the model: a function call, or a final text; `before` runs first with the request the turn answers. */
export type GeminiTurn = (
  { readonly tool: string; readonly input: Readonly<Record<string, unknown>> } | { readonly text: string }
) & {
  readonly before?: (request: GeminiRequest) => void | Promise<void>;
};

/** A function's response the agent sent back, as the model sees it. */
export interface SeenFunctionResponse {
  readonly name: string;
  /** the response object as text: `output` on success, `error` when blocked or failed */
  readonly response: string;
}

/** One main-loop request: the functions declared, the ones the model may call, and what the agent sent. */
export interface GeminiRequest {
  /** every function declaration's name */
  readonly tools: readonly string[];
  /** toolConfig.functionCallingConfig as sent: undefined when the agent set none */
  readonly functionCalling: { readonly mode?: string; readonly allowedFunctionNames?: readonly string[] } | undefined;
  /** the function responses in the last message */
  readonly functionResponses: readonly SeenFunctionResponse[];
  /** the text of every message, to look for what hooks added */
  readonly transcript: string;
}

export interface GeminiModel {
  /** the base URL for GOOGLE_GEMINI_BASE_URL */
  readonly url: string;
  readonly requests: readonly GeminiRequest[];
  close(): Promise<void>;
}

/** What the model says once its script is spent. */
export const GEMINI_FINAL_TEXT = 'Done.';

// a side request (routing, the next-speaker check) asks for JSON: one answer fits the ones Gemini CLI makes
const SIDE_ANSWER = JSON.stringify({ reasoning: 'scripted', model_choice: 'flash', next_speaker: 'user' });

const partsOf = (content: unknown): Json[] => asArray(asRecord(content).parts).map(asRecord);

function functionCallingOf(body: Json): GeminiRequest['functionCalling'] {
  const config = asRecord(asRecord(body.toolConfig).functionCallingConfig);
  if (Object.keys(config).length === 0) return undefined;
  const mode = typeof config.mode === 'string' ? { mode: config.mode } : {};
  return {
    ...mode,
    ...(Array.isArray(config.allowedFunctionNames) && {
      allowedFunctionNames: config.allowedFunctionNames.map(String),
    }),
  };
}

function readRequest(body: Json): GeminiRequest {
  const contents = asArray(body.contents);
  const tools = asArray(body.tools).flatMap((tool) =>
    asArray(asRecord(tool).functionDeclarations).map((declaration) => String(asRecord(declaration).name)),
  );
  const functionResponses = partsOf(contents[contents.length - 1])
    .map((part) => asRecord(part.functionResponse))
    .filter((response) => response.name !== undefined)
    .map((response) => ({ name: String(response.name), response: JSON.stringify(response.response) }));
  const transcript = contents
    .flatMap((content) =>
      partsOf(content).map((part) => (typeof part.text === 'string' ? part.text : JSON.stringify(part))),
    )
    .join('\n');
  return { tools, functionCalling: functionCallingOf(body), functionResponses, transcript };
}

function chunkFor(turn: GeminiTurn | undefined): Json {
  const part =
    turn === undefined
      ? { text: GEMINI_FINAL_TEXT }
      : 'text' in turn
        ? { text: turn.text }
        : { functionCall: { name: turn.tool, args: turn.input } };
  return {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
  };
}

function sendStream(response: ServerResponse, chunk: Json): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
}

/**
 * Starts a model that answers Gemini CLI's main loop (requests that declare functions) with
 * `script`, one turn per request, then with a final text; other requests get a short answer.
 * Port 0 on 127.0.0.1.
 */
export async function startGeminiModel(script: readonly GeminiTurn[]): Promise<GeminiModel> {
  const requests: GeminiRequest[] = [];
  const server = await startScriptedServer(async ({ url, body }, response) => {
    const [, method] = url.pathname.split(':');
    if (method === 'countTokens') return sendJson(response, 200, { totalTokens: 10 });
    if (method !== 'streamGenerateContent' && method !== 'generateContent')
      return sendJson(response, 404, { error: { code: 404, message: `no ${url.pathname} here` } });
    const request = readRequest(body);
    const turn = request.tools.length === 0 ? { text: SIDE_ANSWER } : script[requests.push(request) - 1];
    if (request.tools.length > 0) await turn?.before?.(request);
    const chunk = chunkFor(turn);
    return method === 'streamGenerateContent' ? sendStream(response, chunk) : sendJson(response, 200, chunk);
  });
  return { url: server.url, requests, close: server.close };
}
