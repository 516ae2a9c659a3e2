import { IntentGateError } from './IntentGateError';

/** The install command the message gives; gpt-tokenizer is an optional peer dependency. */
export const TOKENIZER_INSTALL_COMMAND = 'npm install gpt-tokenizer@^4';

/**
 * The optional peer dependency `gpt-tokenizer` could not be loaded (not installed, too old, or
 * broken), so token counts cannot be made. `specifier` is the module that was imported.
 */
export class TokenizerUnavailableError extends IntentGateError {
  readonly specifier: string;

  constructor(specifier: string, problem: string, options?: { cause?: unknown }) {
    super(
      'tokenizer_unavailable',
      `Tokenizer unavailable: '${specifier}' ${problem}. Token counts need the optional peer ` +
        `dependency gpt-tokenizer; install it with \`${TOKENIZER_INSTALL_COMMAND}\`.`,
      options,
    );
    this.name = 'TokenizerUnavailableError';
    this.specifier = specifier;
  }
}
