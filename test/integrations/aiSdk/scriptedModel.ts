import { MockLanguageModelV3 } from 'ai/test';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamResult = Awaited<ReturnType<MockLanguageModelV3['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer PART> ? PART : never;
/** What the SDK sent the model for one step: the prompt, the tools offered, the tool choice. */
export type ModelCall = MockLanguageModelV3['doGenerateCalls'][number];
type PromptMessage = ModelCall['prompt'][number];

/** One scripted model turn: tool calls, or a final text. */
export type ScriptedTurn =
  | { readonly calls: readonly { readonly id: string; readonly tool: string; readonly input: unknown }[] }
  | { readonly text: string };

const NO_USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function asResult(turn: ScriptedTurn): GenerateResult {
  if ('text' in turn) {
    return {
      content: [{ type: 'text', text: turn.text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: NO_USAGE,
      warnings: [],
    };
  }
  return {
    content: turn.calls.map((call) => ({
      type: 'tool-call',
      toolCallId: call.id,
      toolName: call.tool,
      input: JSON.stringify(call.input),
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: NO_USAGE,
    warnings: [],
  };
}

// the same turn as stream parts, for streamText
function asStream(turn: ScriptedTurn): StreamResult {
  const { content, finishReason, usage } = asResult(turn);
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  for (const part of content) {
    if (part.type === 'text')
      parts.push(
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: part.text },
        { type: 'text-end', id: 't' },
      );
    else if (part.type === 'tool-call') parts.push(part);
  }
  parts.push({ type: 'finish', finishReason, usage });
  return {
    stream: new ReadableStream<StreamPart>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}

/** A mock model answering each step with the next turn of the script, across calls, for generateText and streamText. */
export function scriptedModel(turns: readonly ScriptedTurn[]): MockLanguageModelV3 {
  let next = 0;
  const nextTurn = (): ScriptedTurn => {
    const turn = turns[next];
    next += 1;
    if (!turn) throw new Error(`the script has ${turns.length} turns; the model was called a ${next}th time`);
    return turn;
  };
  return new MockLanguageModelV3({
    doGenerate: async () => asResult(nextTurn()),
    doStream: async () => asStream(nextTurn()),
  });
}

/** The tool names the model was offered in one call. */
export function offeredTools(call: ModelCall | undefined): string[] {
  return (call?.tools ?? []).map((tool) => tool.name);
}

/** The tool results the model read in one call, by tool call id: what came back from each tool. */
export function toolResultsSeen(call: ModelCall | undefined): Map<string, unknown> {
  const results = new Map<string, unknown>();
  for (const message of call?.prompt ?? []) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) if (part.type === 'tool-result') results.set(part.toolCallId, part.output);
  }
  return results;
}

/** The system prompt the model was given in one call. */
export function systemPrompt(call: ModelCall | undefined): string {
  const system = call?.prompt.find((message: PromptMessage) => message.role === 'system');
  return system?.role === 'system' ? system.content : '';
}
