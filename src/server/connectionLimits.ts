import type { Server, ServerOptions } from 'node:http';
import { z } from 'zod';

/**
 * Defaults of the service's connection limits, for a service on loopback whose requests are
 * small JSON: a slow or silent client is answered in seconds (Node's own request timeout is
 * 300 s), and a few hundred open connections are far more than its agents and consoles use.
 */
export const CONNECTION_DEFAULTS = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  maxHeadersCount: 100,
  maxConnections: 256,
});

/** The limits after defaults. */
export type ConnectionLimits = { readonly [K in keyof typeof CONNECTION_DEFAULTS]: number };

const MINUTE_MS = 60_000;

/** The options' fields; each is optional and defaults to CONNECTION_DEFAULTS. */
export const connectionLimitFields = {
  headersTimeoutMs: z
    .number()
    .int()
    .min(100)
    .max(10 * MINUTE_MS)
    .optional()
    .describe(
      `a client that has not sent its whole header within this many milliseconds is answered 408 and closed (default ${CONNECTION_DEFAULTS.headersTimeoutMs})`,
    ),
  requestTimeoutMs: z
    .number()
    .int()
    .min(100)
    .max(10 * MINUTE_MS)
    .optional()
    .describe(
      `a client that has not sent its whole request, body included, within this many milliseconds is ` +
        `answered 408 and closed (default ${CONNECTION_DEFAULTS.requestTimeoutMs})`,
    ),
  keepAliveTimeoutMs: z
    .number()
    .int()
    .min(100)
    .max(10 * MINUTE_MS)
    .optional()
    .describe(
      `an idle keep-alive connection is closed after this many milliseconds (default ${CONNECTION_DEFAULTS.keepAliveTimeoutMs})`,
    ),
  maxHeadersCount: z
    .number()
    .int()
    .min(16)
    .max(2000)
    .optional()
    .describe(`headers past this many are ignored (default ${CONNECTION_DEFAULTS.maxHeadersCount})`),
  maxConnections: z
    .number()
    .int()
    .min(1)
    .max(65_536)
    .optional()
    .describe(`connections past this many are closed as they arrive (default ${CONNECTION_DEFAULTS.maxConnections})`),
};

/** The limits an options object asks for, defaults filled in. */
export function connectionLimitsOf(options: {
  readonly [K in keyof ConnectionLimits]?: number | undefined;
}): ConnectionLimits {
  return {
    headersTimeoutMs: options.headersTimeoutMs ?? CONNECTION_DEFAULTS.headersTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? CONNECTION_DEFAULTS.requestTimeoutMs,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? CONNECTION_DEFAULTS.keepAliveTimeoutMs,
    maxHeadersCount: options.maxHeadersCount ?? CONNECTION_DEFAULTS.maxHeadersCount,
    maxConnections: options.maxConnections ?? CONNECTION_DEFAULTS.maxConnections,
  };
}

// the two timeouts alone, so another field's issue does not hide theirs
const timeoutsSchema = z.object({
  headersTimeoutMs: connectionLimitFields.headersTimeoutMs,
  requestTimeoutMs: connectionLimitFields.requestTimeoutMs,
});

/**
 * Node refuses a header timeout longer than the request timeout; said here with the option
 * names. Read from the raw options, so it is reported along with other fields' issues.
 */
export function connectionLimitIssues(options: unknown): string[] {
  const timeouts = timeoutsSchema.safeParse(options ?? {});
  if (!timeouts.success) return [];
  const limits = connectionLimitsOf(timeouts.data);
  return limits.headersTimeoutMs > limits.requestTimeoutMs
    ? [
        `headersTimeoutMs: ${limits.headersTimeoutMs} is longer than requestTimeoutMs (${limits.requestTimeoutMs}); the headers are part of the request`,
      ]
    : [];
}

/**
 * The `http.createServer` options of the limits. Node looks for expired requests every
 * `connectionsCheckingInterval` (30 s by default): a quarter of the shortest timeout keeps the
 * answer close to the timeout. A request without a Host reaches the web checks, which refuse it
 * with the service's JSON error (Node's own 400 has no body).
 */
export function serverOptionsOf(limits: ConnectionLimits): ServerOptions {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(shortest / 4))),
    requireHostHeader: false,
  };
}

/** Sets the limits `createServer` takes no option for. */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.maxHeadersCount = limits.maxHeadersCount;
  server.maxConnections = limits.maxConnections;
}
