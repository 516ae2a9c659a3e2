import type { ConfirmationPrompt } from './confirmationPrompt';

/**
 * The fields of a held call's approval with a `prompt` built the first time it is read, and
 * kept: a query about a call (isToolAllowed) changes nothing, and most readers of its answer
 * look only at the verdict. The property is enumerable, so copies and JSON show it as any other.
 */
export function withPromptWhenRead<T extends object>(fields: T, build: () => ConfirmationPrompt): T & { readonly prompt: ConfirmationPrompt } {
  let built: ConfirmationPrompt | undefined;
  return Object.defineProperty(fields, 'prompt', {
    enumerable: true,
    get: () => (built ??= build()),
  }) as T & { readonly prompt: ConfirmationPrompt };
}
