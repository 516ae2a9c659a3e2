import { IntentGateError } from '../errors/IntentGateError';
import type { ErrorCode } from '../errors/errorCodes';
import { HttpError, type ErrorBody } from './httpError';

/** A status, headers and JSON body ready to send. */
export interface JsonResponse {
  readonly status: number;
  readonly body: unknown;
  /** sent as it is, as text/plain (or `contentType`), in place of the body */
  readonly text?: string;
  /** the Content-Type of `text`, when it is not plain text */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

// the caller can fix a bad argument (400); a broken intents file or a refused call is the
// workspace's state, not the request's shape (409); tool arguments of the wrong shape are 422
const INTENTGATE_STATUS: Partial<Record<ErrorCode, number>> = {
  invalid_argument: 400,
  invalid_options: 400,
  invalid_intents_file: 409,
  state_violation: 409,
  invalid_tool_arguments: 422,
  unknown_tool: 422,
  // the session store cannot be used now; the client may try again
  session_store_unavailable: 503,
  // the built-in program families clash: a fault of this build, not of the request
  registry_clash: 500,
};

/** Status of a thrown intentgate error; a code added later defaults to 400. */
export function intentGateStatus(code: string): number {
  return INTENTGATE_STATUS[code as ErrorCode] ?? 400;
}

function errorBody(code: string, message: string, details: Readonly<Record<string, unknown>> = {}): ErrorBody {
  return { error: { code, message, ...details } };
}

/**
 * Turns anything a handler threw into a response. Only HttpError and IntentGateError messages
 * reach the client; anything else is a 500 with a generic message, and `unexpected` is told.
 */
export function errorResponse(error: unknown, unexpected: (error: unknown) => void): JsonResponse {
  if (error instanceof HttpError) {
    return { status: error.status, body: errorBody(error.code, error.message, error.details), headers: error.headers };
  }
  if (error instanceof IntentGateError) {
    const issues: unknown = Reflect.get(error, 'issues');
    return {
      status: intentGateStatus(error.code),
      body: errorBody(error.code, error.message, Array.isArray(issues) ? { issues } : {}),
    };
  }
  try {
    unexpected(error);
  } catch {
    // a failing logger must not take the request, or the service, down with it
  }
  return {
    status: 500,
    body: errorBody('internal_error', 'The governance service failed on this request; it keeps running. See its log.'),
  };
}
