import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnalysisPool, type AnalysisPool } from '../analysis/analysisPool';
import type { Registry } from 'prom-client';
import { describeValue } from '../text/describeValue';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { createApprovalConsole } from '../console/createApprovalConsole';
import { createClientErrorListener } from './clientErrors';
import { applyConnectionLimits, serverOptionsOf } from './connectionLimits';
import { approvalTokens } from './approvalTokens';
import { createOpsEndpoints, type MetricsAccess } from './opsEndpoints';
import { createRequestListener } from './requestListener';
import { createRequestObserver } from './requestObserver';
import { createRouteLabeler } from './routeLabel';
import { createSessionEvents } from './sessionEvents';
import { createServiceLogger, errorEntry } from './serviceLog';
import { loadPromClient } from './promClient';
import { createServiceMetrics } from './serviceMetrics';
import { serviceContainment } from './serviceContainment';
import { hostNameOf } from './webSafety';
import { parseServerOptions, type ApprovalTokenSource, type GovernanceServerOptions } from './serverOptions';
import { createSessionStore, type SessionRegistry } from './sessionStore';
import { redisServiceSessions } from './redisServiceSessions';
import { memoryServiceSessions, type ServiceSessions } from './serviceSessions';
import { withHookFileSessions } from '../sessions/hookFileServiceSessions';

/** The port `listen()` and `npm start` use when none is given. */
export const DEFAULT_PORT = 8787;
/** The host `listen()` and `npm start` bind when none is given: loopback only. */
export const DEFAULT_HOST = '127.0.0.1';

/** Where a started service listens. */
export interface ListeningAddress {
  readonly port: number;
  /** the base URL, prefix included */
  readonly url: string;
}

/** The governance service: intentgate over HTTP, one governor per session id. */
export interface GovernanceServer {
  readonly server: Server;
  /** Starts listening; port 0 picks a free one, reported in the result. */
  listen(port?: number, host?: string): Promise<ListeningAddress>;
  /** Stops listening, closes connections, drops every session and terminates the analysis worker threads. */
  close(): Promise<void>;
  /** the single bearer token the approval routes take, named 'default' in the trace */
  readonly approvalToken: string;
  readonly approvalTokenSource: ApprovalTokenSource;
  /** the names of every token the approval routes take: 'default', then the named tokens */
  readonly approvalTokenNames: readonly string[];
  readonly prefix: string;
  /** the live governors of the in-memory store (empty with a Redis store, whose sessions are in `sessionStore`) */
  readonly sessions: SessionRegistry;
  /** where every session route finds its session: this process's memory, or Redis */
  readonly sessionStore: ServiceSessions;
  /** the worker threads that analyse shell commands off the event loop (started on the first command) */
  readonly analysis: Pick<AnalysisPool, 'size' | 'budgetMs' | 'threads'>;
  /** who may read `GET /metrics` */
  readonly metricsAccess: MetricsAccess;
  /**
   * this service's Prometheus registry, served at `GET /metrics`; a host may add its own metrics to it.
   * Undefined when the optional peer prom-client is not installed: the service runs without metrics
   */
  readonly metricsRegistry: Registry | undefined;
  /** the approval console served at the prefix's `/` (docs/console.md) */
  readonly console: {
    /** A new one-time sign-in link's path, prefix included: `/#sign-in=<code>`, valid once for 10 minutes. */
    signInPath(): string;
  };
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Creates the governance service (not yet listening). The approval routes take the single
 * `approvalToken` and each of `approvalTokens`, and trace every answer with the token's name. Throws InvalidOptionsError listing every
 * bad option, the base governor options included.
 *
 * @example
 * const service = createGovernanceServer({ governor: { workspaceRoot: '/repo' }, prefix: '/slavik' });
 * const { url } = await service.listen(8787);
 * // POST `${url}/sessions/s1/prompt`, then `${url}/sessions/s1/tool-calls` with { tool, args }
 */
export function createGovernanceServer(options?: GovernanceServerOptions): GovernanceServer {
  const parsed = parseServerOptions(options);
  const log = createServiceLogger(parsed.log);
  // an unexpected error is logged as well as told to onError
  const config = {
    ...parsed,
    onError: (error: unknown) => {
      log(errorEntry(error));
      parsed.onError(error);
    },
  };
  const metrics = createServiceMetrics(() => sessions, loadPromClient());
  // the store's governors report each decision: the one place decisions are counted
  const sessions = createSessionStore(config.governor, {
    maxSessions: config.maxSessions,
    idleTtlMs: config.sessionTtlMs,
    endedTtlMs: config.endedSessionTtlMs,
    onDecision: metrics.observeDecision,
  });
  const { store } = config;
  const events = createSessionEvents(config.onError);
  const ownSessions: ServiceSessions =
    store.kind === 'redis'
      ? redisServiceSessions({
          url: store.url,
          deployment: store.deployment,
          ...(store.timeoutMs !== undefined && { timeoutMs: store.timeoutMs }),
          governor: config.governor,
          prefix: config.prefix,
          maxSessions: config.maxSessions,
          idleTtlMs: config.sessionTtlMs,
          endedTtlMs: config.endedSessionTtlMs,
          onDecision: metrics.observeDecision,
          // every record carries a MAC keyed by a token the service was given (parseServerOptions refuses a store without one)
          approvalToken: store.recordKeyToken,
        })
      : memoryServiceSessions(sessions, config.governor, config.prefix);
  // the workspace's command hooks keep their sessions in files: seen and answered here too
  const sessionStore: ServiceSessions =
    config.hookSessions === undefined
      ? ownSessions
      : withHookFileSessions(ownSessions, {
          ...config.hookSessions,
          governor: config.governor,
          prefix: config.prefix,
          onChange: (event) => events.publish(event),
        });
  // the address it listens on is a name clients use too, unless it is every address
  const allowedHosts = new Set(config.allowedHosts);
  // a hostile command's analysis runs on a worker thread within a budget, so other sessions do not wait for it
  const analysis = createAnalysisPool(config.analysis);
  const tokens = approvalTokens(config.approvalTokens);
  const containment = serviceContainment(config);
  // the console times held calls and reads their content as the sessions' governors do
  const approvalConsole = createApprovalConsole({
    prefix: config.prefix,
    approvalToken: config.approvalToken,
    tokens,
    sessions: sessionStore,
    events,
    containment,
    heldCallTtlMs: config.governor.heldCallTtlMs,
    toolKinds: config.governor.toolKinds,
  });
  const ops = createOpsEndpoints(
    {
      sessions: sessionStore,
      metrics,
      metricsAccess: config.metricsAccess,
      tokens,
      startedAt: Date.now(),
      now: Date.now,
      containment: containment.status,
    },
    config.prefix,
  );
  const listener = createRequestListener({
    config,
    tokens,
    sessions: sessionStore,
    allowedHosts,
    events,
    console: approvalConsole,
    ops,
    analyseShell: analysis.analyse,
    containment,
  });
  const observe = createRequestObserver({
    label: createRouteLabeler(config.prefix),
    observe: metrics.observeRequest,
    log,
  });
  const server = createServer(serverOptionsOf(config.connections), (req, res) => {
    observe(req, res);
    void listener(req, res);
  });
  applyConnectionLimits(server, config.connections);
  server.on('clientError', createClientErrorListener(config.connections, log));

  const listen = (port = DEFAULT_PORT, host = DEFAULT_HOST): Promise<ListeningAddress> => {
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      return Promise.reject(
        new InvalidArgumentError(`listen: the port must be an integer from 0 to 65535, got ${describeValue(port)}`),
      );
    }
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      server.once('error', onError);
      if (host !== '0.0.0.0' && host !== '::') allowedHosts.add(hostNameOf(urlHost(host)) ?? host.toLowerCase());
      server.listen(port, host, () => {
        server.off('error', onError);
        const { port: actual } = server.address() as AddressInfo;
        const url = `http://${urlHost(host)}:${actual}${config.prefix}`;
        log({ event: 'listening', url });
        resolve({ port: actual, url });
      });
    });
  };

  const close = async (): Promise<void> => {
    // open event streams would hold close() open
    approvalConsole.close();
    if (server.listening) {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      // keep-alive sockets would hold close() open; requests are short, so cutting them is fine
      server.closeAllConnections();
      await closed;
      log({ event: 'stopped' });
    }
    await sessionStore.close();
    await analysis.close();
  };

  return {
    server,
    listen,
    close,
    approvalToken: config.approvalToken,
    approvalTokenSource: config.approvalTokenSource,
    approvalTokenNames: tokens.names,
    prefix: config.prefix,
    sessions,
    sessionStore,
    analysis,
    metricsAccess: config.metricsAccess,
    metricsRegistry: metrics.on ? metrics.registry : undefined,
    console: { signInPath: approvalConsole.signInPath },
  };
}
