import {
  Usage,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from '@openai/agents';

/** One turn of the script: what the model answers, given the request it received. */
export type Turn = (request: ModelRequest) => AgentOutputItem[];

/**
 * A Model that answers from a script, one turn per request, and keeps every request: the
 * offline stand-in for a real model, run by the SDK's real loop.
 */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  readonly #turns: Turn[];

  constructor(turns: readonly Turn[]) {
    this.#turns = [...turns];
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const turn = this.#turns.shift();
    if (!turn) throw new Error(`ScriptedModel: no turn left for request ${this.requests.length}`);
    return { usage: new Usage(), output: turn(request) };
  }

  // the scripts run without streaming
  async *getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('ScriptedModel does not stream');
  }
}

/** A function call item, as a model emits it. */
export function functionCall(name: string, args: Record<string, unknown>, callId: string): AgentOutputItem {
  return { type: 'function_call', callId, name, arguments: JSON.stringify(args), status: 'completed' };
}

/** A final assistant message. */
export function message(text: string): AgentOutputItem {
  return { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] };
}

/** Turns that just call these items, or end with a message. */
export const calls =
  (...items: AgentOutputItem[]): Turn =>
  () =>
    items;
export const say =
  (text: string): Turn =>
  () => [message(text)];

/** The names of the tools the model was offered in a request. */
export const offeredTools = (request: ModelRequest | undefined): string[] =>
  (request?.tools ?? []).map((tool) => tool.name);

/** The text of each tool output the model reads in a request, by call id. */
export function toolOutputs(request: ModelRequest | undefined): Map<string, string> {
  const outputs = new Map<string, string>();
  const input = request?.input;
  if (!Array.isArray(input)) return outputs;
  for (const item of input) {
    if (item.type !== 'function_call_result') continue;
    const output: unknown = item.output;
    const text =
      typeof output === 'string'
        ? output
        : typeof output === 'object' && output !== null
          ? Reflect.get(output, 'text')
          : undefined;
    if (typeof text === 'string') outputs.set(item.callId, text);
  }
  return outputs;
}
