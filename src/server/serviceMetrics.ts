import type { Registry } from 'prom-client';
import type { Governor } from '../governor/createGovernor';
import type { ObservedDecision } from './observeDecisions';
import { PROM_CLIENT_INSTALL_COMMAND, type PromClientModule } from './promClient';
import type { SessionRegistry } from './sessionStore';

/** One answered (or abandoned) request, as the metrics count it. */
export interface ObservedRequest {
  readonly method: string;
  /** the route's pattern, never the raw path: ids would make a series per session */
  readonly route: string;
  readonly status: number | 'aborted';
  readonly seconds: number;
}

/** The service's metrics, in a registry of its own; or, without prom-client, none and why. */
export type ServiceMetrics = {
  observeDecision(observed: ObservedDecision): void;
  observeRequest(observed: ObservedRequest): void;
} & (
  | {
      readonly on: true;
      /** this service's registry; two services in one process never share one */
      readonly registry: Registry;
      /** the Prometheus text exposition of every metric */
      text(): Promise<string>;
      /** the Content-Type of `text()` */
      readonly contentType: string;
    }
  | {
      readonly on: false;
      /** why there are no metrics, and what to install */
      readonly off: string;
    }
);

/** Why a service has no metrics when prom-client is not installed. */
export const METRICS_OFF_MESSAGE =
  `GET /metrics needs the optional package prom-client, which is not ` +
  `installed: install it with \`${PROM_CLIENT_INSTALL_COMMAND}\` and restart the service`;

const METRICS_OFF: ServiceMetrics = Object.freeze({
  on: false,
  off: METRICS_OFF_MESSAGE,
  observeDecision: () => undefined,
  observeRequest: () => undefined,
});

// a decision is in-process work: microseconds to a few milliseconds, a shell analysis more
const DECISION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** How many things of a session wait for a human: its held calls, and a held control-file change. */
function heldCallCount(governor: Governor | undefined): number {
  return governor?.waitingApprovalIds.length ?? 0;
}

/**
 * Creates the metrics of one service: decisions by source, verdict and code; held calls and
 * sessions (read from `sessionsOf()` when scraped); request and decision latency. Every label
 * takes values from a closed set, so the series stay few.
 */
export function createServiceMetrics(
  sessionsOf: () => SessionRegistry,
  promClient: PromClientModule | undefined,
): ServiceMetrics {
  // the service runs without prom-client: it counts nothing, and /metrics says what to install
  if (promClient === undefined) return METRICS_OFF;
  const { Counter, Gauge, Histogram, Registry } = promClient;
  const registry = new Registry();
  const registers = [registry];
  const decisions = new Counter({
    name: 'intentgate_decisions_total',
    help: 'Decisions with effects: tool calls (source="call") and answers to held calls (source="answer"), by verdict and deciding code',
    labelNames: ['source', 'verdict', 'code'] as const,
    registers,
  });
  const decisionSeconds = new Histogram({
    name: 'intentgate_decision_duration_seconds',
    help: 'Time a governor took to decide, by source',
    labelNames: ['source'] as const,
    buckets: DECISION_BUCKETS,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'intentgate_http_request_duration_seconds',
    help: 'Time from a request to its answer (or its abandonment), by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'intentgate_sessions',
    help: 'Sessions the service holds',
    registers,
    collect() {
      this.set(sessionsOf().size);
    },
  });
  new Gauge({
    name: 'intentgate_held_calls',
    help: 'Calls waiting for a human to answer',
    registers,
    collect() {
      const sessions = sessionsOf();
      this.set(sessions.ids().reduce((sum, id) => sum + heldCallCount(sessions.get(id)), 0));
    },
  });
  return {
    on: true,
    registry,
    observeDecision({ source, decision, seconds }) {
      decisions.inc({ source, verdict: decision.verdict, code: decision.code });
      decisionSeconds.observe({ source }, seconds);
    },
    observeRequest({ method, route, status, seconds }) {
      requestSeconds.observe({ method, route, status: String(status) }, seconds);
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
