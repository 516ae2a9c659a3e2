import type { ErrorCode } from './errorCodes';

/**
 * Base class of every error intentgate throws. Errors are thrown only for misuse
 * and bad configuration; a tool call that may not run is a decision, not an error.
 */
export class IntentGateError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IntentGateError';
    this.code = code;
  }
}
