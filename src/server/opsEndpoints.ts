import type { IncomingMessage, ServerResponse } from 'node:http';
import { planName, type ContainmentPlanName, type ContainmentStatus } from '../containment/containmentStatus';
import { requireApprovalToken } from './approvalAuth';
import type { ApprovalTokens } from './approvalTokens';
import type { JsonResponse } from './errorResponse';
import { sendJson } from './respond';
import { createRouter, type RouteSpec } from './router';
import type { ServiceMetrics } from './serviceMetrics';

/** Who may read `/metrics`: anyone who may reach the service, or only holders of the approval token. */
export const METRICS_ACCESS = ['open', 'token'] as const;
/** One of METRICS_ACCESS. */
export type MetricsAccess = (typeof METRICS_ACCESS)[number];

/** What `/healthz` reads of the session store. */
export interface StoreHealth {
  readonly kind: 'memory' | 'redis';
  count(): Promise<number>;
  healthy(): Promise<boolean>;
}

/** What the operations endpoints read. */
export interface OpsContext {
  /** the session store: how many sessions, and whether it can be used */
  readonly sessions: StoreHealth;
  readonly metrics: ServiceMetrics;
  readonly metricsAccess: MetricsAccess;
  /** the approval tokens, for `metricsAccess: 'token'` */
  readonly tokens: ApprovalTokens;
  /** when the service was created, in `now()`'s milliseconds */
  readonly startedAt: number;
  readonly now: () => number;
  /** the policy's containment mode against this machine, found once when the service starts */
  readonly containment?: Promise<ContainmentStatus>;
}

/** What `/healthz` says of containment: the mode, whether bubblewrap runs here, what that makes of shell commands and why. */
export interface ContainmentHealth {
  readonly mode: ContainmentStatus['mode'];
  readonly available: boolean;
  readonly plan: ContainmentPlanName;
  readonly reason: string;
}

type OpsHandler = (req: IncomingMessage, context: OpsContext) => Promise<JsonResponse>;

/** `/healthz`'s answer with the containment beside the store's health, whatever that is. */
function withContainment(handler: OpsHandler): OpsHandler {
  return async (req, context) => {
    const reply = await handler(req, context);
    if (context.containment === undefined || typeof reply.body !== 'object' || reply.body === null) return reply;
    const status = await context.containment;
    const containment: ContainmentHealth = {
      mode: status.mode,
      available: status.available,
      plan: planName(status.plan),
      reason: status.reason,
    };
    return { ...reply, body: { ...reply.body, containment } };
  };
}

/** `GET /healthz`: the service answers; its uptime and session count, nothing secret. 503 while its Redis store cannot be used. */
const health: OpsHandler = async (_req, context) => {
  const uptime = Math.floor((context.now() - context.startedAt) / 1000);
  const { sessions } = context;
  if (sessions.kind === 'memory')
    return { status: 200, body: { ok: true, uptime_s: uptime, sessions: await sessions.count() } };
  if (!(await sessions.healthy())) {
    return {
      status: 503,
      body: {
        ok: false,
        uptime_s: uptime,
        store: 'redis',
        error: {
          code: 'session_store_unavailable',
          message: 'the Redis session store cannot be reached: every call is denied until it is back',
        },
      },
    };
  }
  try {
    return { status: 200, body: { ok: true, uptime_s: uptime, sessions: await sessions.count(), store: 'redis' } };
  } catch {
    return {
      status: 503,
      body: {
        ok: false,
        uptime_s: uptime,
        store: 'redis',
        error: { code: 'session_store_unavailable', message: 'the Redis session store failed while counting sessions' },
      },
    };
  }
};

/** `GET /metrics`: the Prometheus text exposition; with `metricsAccess: 'token'`, only for the approval token's holder. 503 without prom-client. */
const metrics: OpsHandler = async (req, context) => {
  if (context.metricsAccess === 'token') requireApprovalToken(req.headers.authorization, context.tokens);
  const served = context.metrics;
  if (!served.on) return { status: 503, body: { error: { code: 'metrics_unavailable', message: served.off } } };
  return { status: 200, body: undefined, text: await served.text(), contentType: served.contentType };
};

/** The operations endpoints, paths without the prefix. */
export const OPS_ROUTES: readonly RouteSpec<OpsHandler>[] = [
  { method: 'GET', path: '/healthz', handler: withContainment(health) },
  { method: 'GET', path: '/metrics', handler: metrics },
];

/** The operations endpoints of a service under `prefix`. */
export interface OpsEndpoints {
  /** Answers `/healthz` and `/metrics` (405 for another method); false for any other path. Throws HttpError to refuse. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
}

/** Creates the endpoints; they are read-only, so only the Host check of the web safety applies before them. */
export function createOpsEndpoints(context: OpsContext, prefix: string): OpsEndpoints {
  const route = createRouter(OPS_ROUTES, prefix);
  const paths = new Set(OPS_ROUTES.map((spec) => prefix + spec.path));
  return {
    async serve(req, res, pathname) {
      if (!paths.has(pathname)) return false;
      const { route: matched } = route(req.method ?? 'GET', pathname);
      sendJson(res, await matched.handler(req, context));
      return true;
    },
  };
}
