import { requireApprovalToken } from '../server/approvalAuth';
import type { AccessRequest, ConsoleAccess } from './consoleAccess';

/**
 * Who may answer a held call or approve categories: a client with `Authorization: Bearer
 * <approval token>`, or the console signed in with that token, whose change of state also
 * carries its CSRF header. A request that sends a bearer token is judged by it alone.
 */
export function requireApprover(req: AccessRequest, approvalToken: string, access: ConsoleAccess): void {
  const { authorization } = req.headers;
  if ((authorization === undefined || authorization === '') && access.hasCookie(req)) {
    access.require(req, true);
    return;
  }
  requireApprovalToken(authorization, approvalToken);
}
