import type { ShellAnalyser } from '../analysis/preparedShellRisk';
import type { ContainmentStatus } from '../containment/containmentStatus';
import type { GovernorPlace } from '../containment/governorProfile';
import type { GovernorOptions } from '../governor/governorOptions';
import type { JsonResponse } from './errorResponse';
import { checkSessionId } from './ids';
import type { SessionEvents } from './sessionEvents';
import type { ServiceSessions } from './serviceSessions';

/** What a route's handler gets: path params, the body (parsed JSON, undefined when none; a TextBody for text routes) and the sessions. */
export interface HandlerContext {
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** every session route reaches its session through these, in memory or in Redis alike */
  readonly sessions: ServiceSessions;
  /** the routes' path prefix, for links in messages and headers */
  readonly prefix: string;
  /** where the routes tell what happened to a session (the console listens) */
  readonly events: SessionEvents;
  /** runs a call's shell analysis off the event loop (the service's worker threads) */
  readonly analyseShell: ShellAnalyser;
  /** on an approval route: who approves, the name of the approval token (or the console's sign-in); on a ' +
    'hook route, the token's name when a valid one was sent */
  readonly approver?: string;
  /** the options the service's governors are made with: the routes read the held-call TTL and the trace from them */
  readonly governorOptions?: GovernorOptions;
  /** the service's plan for shell commands (found once at its start) and where its governors work: the hook routes run an agent's commands contained by it */
  readonly containment?: { readonly status: Promise<ContainmentStatus>; readonly place: GovernorPlace };
}

/** A route's work once the body is read; the session store may be asynchronous. */
export type Handler = (context: HandlerContext) => JsonResponse | Promise<JsonResponse>;

/** The `:id` param, checked. */
export function sessionIdParam(context: HandlerContext): string {
  return checkSessionId(context.params.id ?? '');
}
