import { timingSafeEqual } from 'node:crypto';
import { HttpError } from './httpError';

function unauthorized(message: string): HttpError {
  return new HttpError({ status: 401, code: 'unauthorized', message, headers: { 'WWW-Authenticate': 'Bearer realm="intentgate-approvals"' } });
}

/** Compares in constant time; buffers of unequal length are compared with themselves so timing leaks nothing. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  const equalLength = a.length === b.length;
  return timingSafeEqual(equalLength ? a : b, b) && equalLength;
}

/**
 * Checks `Authorization: Bearer <token>` on the approval routes; 401 otherwise. An agent that
 * only talks to the gateway does not hold the token, so it cannot approve its own calls.
 */
export function requireApprovalToken(authorization: string | undefined, token: string): void {
  if (authorization === undefined || authorization === '') {
    throw unauthorized('approving needs the approval token: send Authorization: Bearer <token>');
  }
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  if (!match?.[1] || !sameToken(match[1], token)) throw unauthorized('the approval token is wrong');
}
