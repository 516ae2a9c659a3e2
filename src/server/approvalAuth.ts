import type { ApprovalTokens } from './approvalTokens';
import { HttpError } from './httpError';

function unauthorized(message: string): HttpError {
  return new HttpError({
    status: 401,
    code: 'unauthorized',
    message,
    headers: { 'WWW-Authenticate': 'Bearer realm="intentgate-approvals"' },
  });
}

/**
 * Checks `Authorization: Bearer <token>` on the approval routes against the service's tokens and
 * returns the matching token's name; 401 otherwise. An agent that only talks to the gateway
 * does not hold a token, so it cannot approve its own calls.
 */
export function requireApprovalToken(authorization: string | undefined, tokens: ApprovalTokens): string {
  if (authorization === undefined || authorization === '') {
    throw unauthorized('approving needs the approval token: send Authorization: Bearer <token>');
  }
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  const name = match?.[1] === undefined ? undefined : tokens.nameOf(match[1]);
  if (name === undefined) throw unauthorized('the approval token is wrong');
  return name;
}
