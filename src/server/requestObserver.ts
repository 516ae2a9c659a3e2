import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ObservedRequest } from './serviceMetrics';
import type { ServiceLogger } from './serviceLog';

/** What a request is observed into. */
export interface RequestObserverDeps {
  /** the route pattern of a method and path */
  readonly label: (method: string, pathname: string) => string;
  readonly observe: (observed: ObservedRequest) => void;
  readonly log: ServiceLogger;
}

/**
 * Observes each request once it is over, answered or abandoned: a request log line and the
 * latency metric, both with the route's pattern, the method, the status and the time taken.
 * Headers and bodies are never read here.
 */
export function createRequestObserver(deps: RequestObserverDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const method = req.method ?? 'GET';
      const route = deps.label(method, (req.url ?? '/').split('?')[0] ?? '/');
      // a response that never finished was cut: its status code was never sent
      const status = res.writableFinished ? res.statusCode : 'aborted';
      try {
        deps.observe({ method, route, status, seconds });
      } catch {
        // a metric that fails must not take the service down
      }
      deps.log({ event: 'request', method, route, status, ms: Math.round(seconds * 1e6) / 1e3 });
    });
  };
}
