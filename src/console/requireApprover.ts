import { requireApprovalToken } from '../server/approvalAuth';
import type { ApprovalTokens } from '../server/approvalTokens';
import type { AccessRequest, ConsoleAccess } from './consoleAccess';

/**
 * Who may answer a held call or approve categories, by name: a client with `Authorization:
 * Bearer <approval token>` (the token's name), or the console signed in with a token (its
 * name), whose change of state also carries its CSRF header. A request that sends a bearer
 * token is judged by it alone.
 */
export function requireApprover(req: AccessRequest, tokens: ApprovalTokens, access: ConsoleAccess): string {
  const { authorization } = req.headers;
  if ((authorization === undefined || authorization === '') && access.hasCookie(req))
    return access.require(req, true).approver;
  return requireApprovalToken(authorization, tokens);
}
