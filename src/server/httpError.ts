/** The codes of errors the HTTP layer itself answers with (intentgate's own codes pass through). */
export const HTTP_ERROR_CODES = [
  'invalid_json',
  'invalid_body',
  'body_too_large',
  'unsupported_media_type',
  'unknown_session',
  'invalid_session_id',
  'unknown_approval',
  'unknown_grant',
  'invalid_grant',
  'nothing_approved',
  'unknown_category',
  'unauthorized',
  'route_not_found',
  'method_not_allowed',
  'internal_error',
  'host_not_allowed',
  'origin_not_allowed',
  'json_body_required',
  'too_many_sessions',
  'csrf_token_invalid',
  'too_many_attempts',
  'too_many_streams',
  'console_unavailable',
  'unknown_state',
  'request_timeout',
  'headers_too_large',
  'bad_request',
  'metrics_unavailable',
] as const;

/** A code of an error the HTTP layer answers with. */
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** The JSON error body of every failed request: `{ error: { code, message, ...details } }`. */
export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string; readonly [detail: string]: unknown };
}

/** What an HttpError is made of. */
export interface HttpErrorInit {
  readonly status: number;
  readonly code: HttpErrorCode;
  readonly message: string;
  /** extra fields of the error object, like `issues` or `valid_categories` */
  readonly details?: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request the service refuses, with the status and body to answer it with. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: HttpErrorCode;
  readonly details: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(init: HttpErrorInit) {
    super(init.message);
    this.name = 'HttpError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? {};
    this.headers = init.headers ?? {};
  }
}
