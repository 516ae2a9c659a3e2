import type { IncomingMessage } from 'node:http';
import { HttpError } from './httpError';

/** The client went away before its body arrived: there is no one left to answer. */
export class RequestAbortedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the client aborted the request before its body arrived', options);
    this.name = 'RequestAbortedError';
  }
}

/** application/json and structured suffixes like application/merge-patch+json */
export const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function checkMediaType(req: IncomingMessage): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(type)) {
    throw new HttpError({
      status: 415,
      code: 'unsupported_media_type',
      message: `unsupported Content-Type: '${type || '(none)'}'; send the body as application/json`,
      headers: { Connection: 'close' },
    });
  }
}

function tooLarge(maxBytes: number): HttpError {
  // closing the connection spares reading the rest of an oversized body
  return new HttpError({
    status: 413,
    code: 'body_too_large',
    message: `request body too large: the limit is ${maxBytes} bytes`,
    headers: { Connection: 'close' },
  });
}

function readBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      finish();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        settle(() => reject(tooLarge(maxBytes)));
      } else chunks.push(chunk);
    };
    const onEnd = (): void => settle(() => resolve(Buffer.concat(chunks, size)));
    const onError = (error: Error): void => settle(() => reject(new RequestAbortedError({ cause: error })));
    const onClose = (): void => {
      if (!req.complete) settle(() => reject(new RequestAbortedError()));
    };
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

function invalidJson(problem: string, position: number | undefined): HttpError {
  const at = position === undefined ? '' : ` (at character ${position})`;
  return new HttpError({
    status: 400,
    code: 'invalid_json',
    message: `invalid JSON body${at}: ${problem}`,
    details: position === undefined ? {} : { position },
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const match = /at position (\d+)/.exec(message);
    const position =
      match?.[1] !== undefined ? Number(match[1]) : /end of JSON input/.test(message) ? text.length : undefined;
    throw invalidJson(message, position);
  }
}

/**
 * Reads a request's JSON body: undefined when there is none, 415 for a body that is not
 * JSON, 413 past `maxBytes`, 400 `invalid_json` (with the position when known) for bad text.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  checkMediaType(req);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = await readBytes(req, maxBytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidJson('the body is not valid UTF-8', undefined);
  }
  // the decoder drops a byte-order mark, which JSON.parse would refuse
  return text.trim() === '' ? undefined : parseJson(text);
}

/** A request body read as text, or why it could not be. */
export type TextBody = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly problem: string };

/**
 * Reads a request's body as UTF-8 text whatever its Content-Type, at most `maxBytes`. Every
 * problem is answered as a value, for routes that must answer 200 whatever was sent; only a
 * client that went away throws (RequestAbortedError).
 */
export async function readTextBody(req: IncomingMessage, maxBytes: number): Promise<TextBody> {
  if (!hasBody(req)) return { ok: true, text: '' };
  try {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
    const bytes = await readBytes(req, maxBytes);
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch (error) {
    if (error instanceof RequestAbortedError) throw error;
    return { ok: false, problem: error instanceof HttpError ? error.message : 'the body is not UTF-8 text' };
  }
}
