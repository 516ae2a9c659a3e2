import { approveSessionHandler, resolveApprovalHandler } from './approvalHandlers';
import type { Handler } from './handler';
import { listGrantsHandler, revokeGrantHandler } from './grantHandlers';
import { hookHandler } from './hookHandlers';
import { OPS_ROUTES, type MetricsAccess } from './opsEndpoints';
import type { RouteSpec } from './router';
import { decideHandler, promptHandler, resetHandler, toolCallHandler, viewHandler } from './sessionHandlers';
import { widenScopeHandler } from './widenScopeHandlers';

/** What a route does, whether it needs the approval token, and how its body is read. */
export interface RouteAction {
  readonly handle: Handler;
  /** approving needs `Authorization: Bearer <approval token>` */
  readonly approval: boolean;
  /** 'text': the body is handed over as a TextBody, its problems as values (an agent's hook must be answered 200) */
  readonly body: 'json' | 'text';
}

const open = (handle: Handler): RouteAction => ({ handle, approval: false, body: 'json' });
const approving = (handle: Handler): RouteAction => ({ handle, approval: true, body: 'json' });
const hook = (handle: Handler): RouteAction => ({ handle, approval: false, body: 'text' });

/** Every route of the governance service, paths without the prefix. */
export const ROUTES: readonly RouteSpec<RouteAction>[] = [
  { method: 'POST', path: '/sessions/:id/prompt', handler: open(promptHandler) },
  { method: 'POST', path: '/sessions/:id/tool-calls', handler: open(toolCallHandler) },
  { method: 'POST', path: '/sessions/:id/decide', handler: open(decideHandler) },
  { method: 'POST', path: '/sessions/:id/reset', handler: open(resetHandler) },
  { method: 'GET', path: '/sessions/:id', handler: open(viewHandler) },
  { method: 'POST', path: '/approve-session', handler: approving(approveSessionHandler) },
  { method: 'POST', path: '/sessions/:id/approvals/:approvalId', handler: approving(resolveApprovalHandler) },
  { method: 'POST', path: '/sessions/:id/widen-scope', handler: approving(widenScopeHandler) },
  { method: 'GET', path: '/sessions/:id/grants', handler: open(listGrantsHandler) },
  { method: 'DELETE', path: '/sessions/:id/grants/:grantId', handler: approving(revokeGrantHandler) },
  { method: 'POST', path: '/hooks/:agent', handler: hook(hookHandler('agent')) },
  { method: 'POST', path: '/hooks/:agent/output', handler: hook(hookHandler('output')) },
];

const TOKEN_NOTE = '  (Authorization: Bearer <approval token>)';

/** The route table and the operations endpoints as text lines ("POST /x/sessions/:id/prompt"), for startup banners. */
export function describeRoutes(prefix: string, metricsAccess: MetricsAccess = 'open'): string[] {
  const line = (method: string, path: string, token: boolean): string =>
    `${method.padEnd(4)} ${prefix}${path}${token ? TOKEN_NOTE : ''}`;
  return [
    ...ROUTES.map((route) => line(route.method, route.path, route.handler.approval)),
    ...OPS_ROUTES.map((route) =>
      line(route.method, route.path, route.path === '/metrics' && metricsAccess === 'token'),
    ),
  ];
}
