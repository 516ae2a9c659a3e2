import type { ConfirmationPrompt } from './confirmationPrompt';

/** How a prompt not yet read is kept: what builds it, then what it built. */
interface PromptSource {
  build: (() => ConfirmationPrompt) | undefined;
  built: ConfirmationPrompt | undefined;
}

// a property no copy, comparison or JSON of the approval shows: copies take the prompt itself
const SOURCE: unique symbol = Symbol('prompt source');

type WithSource = { readonly [SOURCE]: PromptSource };

/** One getter for every approval: a getter made per object would give each object a hidden class of its own. */
function readPrompt(this: WithSource): ConfirmationPrompt {
  const source = this[SOURCE];
  if (source.built === undefined && source.build !== undefined) {
    source.built = source.build();
    // what built it is let go: it holds the whole call
    source.build = undefined;
  }
  return source.built as ConfirmationPrompt;
}

const PROMPT_PROPERTY: PropertyDescriptor = Object.freeze({ enumerable: true, get: readPrompt });

/**
 * The fields of a held call's approval with a `prompt` built the first time it is read, and
 * kept: a query about a call (isToolAllowed) changes nothing, and most readers of its answer
 * look only at the verdict. The property is enumerable, so copies and JSON show it as any other.
 */
export function withPromptWhenRead<T extends object>(
  fields: T,
  build: () => ConfirmationPrompt,
): T & { readonly prompt: ConfirmationPrompt } {
  const source: PromptSource = { build, built: undefined };
  Object.defineProperty(fields, SOURCE, { value: source });
  return Object.defineProperty(fields, 'prompt', PROMPT_PROPERTY) as T & { readonly prompt: ConfirmationPrompt };
}
