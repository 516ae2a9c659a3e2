import type { ShellAnalyser } from '../analysis/preparedShellRisk';
import type { Governor } from '../governor/createGovernor';
import type { AgentHookAdapter } from '../hooks/agentHookAdapter';
import type { GovernorSessions } from '../sessions/governorSessions';
import type { JsonResponse } from './errorResponse';
import { HttpError } from './httpError';
import { checkSessionId } from './ids';
import type { SessionEvents } from './sessionEvents';
import type { SessionStore } from './sessionStore';

/** What a route's handler gets: path params, the body (parsed JSON, undefined when none; a TextBody for text routes) and the sessions. */
export interface HandlerContext {
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly sessions: SessionStore;
  /** the service's sessions as an agent's hooks use them, its governors created with the agent's preset */
  hookSessions(adapter: AgentHookAdapter): GovernorSessions;
  /** the routes' path prefix, for links in messages and headers */
  readonly prefix: string;
  /** where the routes tell what happened to a session (the console listens) */
  readonly events: SessionEvents;
  /** runs a call's shell analysis off the event loop (the service's worker threads) */
  readonly analyseShell: ShellAnalyser;
  /** on an approval route: who approves, the name of the approval token (or the console's sign-in) */
  readonly approver?: string;
}

/** A route's work once the body is read; the governor is synchronous, a hook's session store need not be. */
export type Handler = (context: HandlerContext) => JsonResponse | Promise<JsonResponse>;

/** The 404 of a session that was never started (or was evicted). */
export function unknownSession(id: string, prefix: string): HttpError {
  return new HttpError({
    status: 404,
    code: 'unknown_session',
    message: `unknown session '${id}': start it with POST ${prefix}/sessions/${id}/prompt`,
  });
}

/** The `:id` param, checked. */
export function sessionIdParam(context: HandlerContext): string {
  return checkSessionId(context.params.id ?? '');
}

/** The governor of an existing session, marked as used; 404 when there is none. */
export function existingSession(context: HandlerContext, id: string): Governor {
  const governor = context.sessions.use(id);
  if (!governor) throw unknownSession(id, context.prefix);
  return governor;
}
