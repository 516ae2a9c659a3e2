import { InvalidArgumentError } from '../errors/InvalidArgumentError';

/**
 * The text a tool list is counted as: `JSON.stringify` of the array, compact, exactly the
 * `tools` field a host sends. Providers wrap it in their own framing (OpenAI renders the
 * schemas into a TypeScript-like namespace, Anthropic into its system prompt), so absolute
 * counts are an approximation; the ratio between two lists is what the report is for.
 */
export function renderToolList(tools: readonly unknown[]): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(tools);
  } catch (error) {
    // a cycle or a BigInt: nothing a host could send either
    const message = error instanceof Error ? error.message : 'not serializable';
    throw new InvalidArgumentError(`renderToolList: the tool list is not JSON (${message})`);
  }
  if (text === undefined) throw new InvalidArgumentError('renderToolList: the tool list is not JSON');
  return text;
}
