import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ShellAnalyser } from '../analysis/preparedShellRisk';
import type { ApprovalConsole } from '../console/createApprovalConsole';
import { requireApprover } from '../console/requireApprover';
import type { ApprovalTokens } from './approvalTokens';
import { errorResponse } from './errorResponse';
import { MAX_HOOK_EVENT_BYTES } from '../hooks/hookOutputFor';
import { readJsonBody, readTextBody, RequestAbortedError } from './readJsonBody';
import { sendJson } from './respond';
import type { OpsEndpoints } from './opsEndpoints';
import { createRouter } from './router';
import { ROUTES } from './routes';
import type { ServerConfig } from './serverOptions';
import type { SessionEvents } from './sessionEvents';
import type { HandlerContext } from './handler';
import type { ServiceSessions } from './serviceSessions';
import { checkHost, checkStateChange } from './webSafety';
import { vouchingApprover } from './hookHandlers';

/** The pieces a request is served with. */
export interface ListenerDeps {
  readonly config: ServerConfig;
  /** the approval tokens by name */
  readonly tokens: ApprovalTokens;
  /** every session route reaches its session through these */
  readonly sessions: ServiceSessions;
  /** the host names the Host header may carry; the service adds the address it listens on */
  readonly allowedHosts: ReadonlySet<string>;
  readonly events: SessionEvents;
  /** the approval console: its page, API and events, and its signed-in browsers as approvers */
  readonly console: ApprovalConsole;
  /** runs a call's shell analysis off the event loop, for the routes that decide calls */
  readonly analyseShell: ShellAnalyser;
  /** `/healthz` and `/metrics` */
  readonly ops: OpsEndpoints;
  /** the service's containment, for the hook routes */
  readonly containment?: HandlerContext['containment'];
}

/**
 * The `http.Server` request listener: the Host header, the operations endpoints, the console's paths, the route, then
 * for a change of state the Origin and a declared JSON body, then the approver (the token or
 * the signed-in console), the body and the handler. Every failure becomes a JSON error
 * response; the returned promise never rejects.
 */
export function createRequestListener(
  deps: ListenerDeps,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { config, sessions } = deps;
  const route = createRouter(ROUTES, config.prefix);
  return async (req, res) => {
    // a response that cannot be written (client gone) is not worth an unhandled 'error'
    res.on('error', () => res.destroy());
    try {
      checkHost(req.headers, deps.allowedHosts);
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      const method = req.method ?? 'GET';
      if (await deps.ops.serve(req, res, pathname)) return;
      if (await deps.console.serve(req, res, pathname)) return;
      const { route: matched, params } = route(method, pathname);
      checkStateChange(method, req.headers);
      // checked before the body is read, so an unauthenticated client cannot make the service read it
      // a hook route answers 200 whatever it carries: a token there only vouches for the agent's reports
      const approver = matched.handler.approval
        ? requireApprover(req, deps.tokens, deps.console.access)
        : matched.handler.body === 'text'
          ? vouchingApprover(req.headers.authorization, deps.tokens)
          : undefined;
      // a hook event may carry a whole file: it has its own bound
      const body =
        matched.handler.body === 'text'
          ? await readTextBody(req, MAX_HOOK_EVENT_BYTES)
          : await readJsonBody(req, config.maxBodyBytes);
      sendJson(
        res,
        await matched.handler.handle({
          params,
          body,
          sessions,
          prefix: config.prefix,
          events: deps.events,
          analyseShell: deps.analyseShell,
          ...(approver !== undefined && { approver }),
          ...(deps.containment !== undefined && { containment: deps.containment }),
          governorOptions: config.governor,
        }),
      );
    } catch (error) {
      if (error instanceof RequestAbortedError) {
        res.destroy();
        return;
      }
      try {
        sendJson(res, errorResponse(error, config.onError));
      } catch {
        res.destroy();
      }
    }
  };
}
