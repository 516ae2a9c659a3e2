/** A tool definition in the OpenAI function-tool shape. */
export interface FunctionToolDefinition {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly [key: string]: unknown };
}

/** A tool definition in the plain (Anthropic, AI SDK) or MCP `tools/list` shape. */
export interface NamedToolDefinition {
  readonly name: string;
  readonly [key: string]: unknown;
}

export type ToolDefinition = FunctionToolDefinition | NamedToolDefinition;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The tool's name in any supported shape, or undefined when the value carries none. */
export function toolDefinitionName(definition: unknown): string | undefined {
  if (!isRecord(definition)) return undefined;
  if (definition.type === 'function' && isRecord(definition.function)) {
    const name = definition.function.name;
    return typeof name === 'string' ? name : undefined;
  }
  return typeof definition.name === 'string' ? definition.name : undefined;
}
