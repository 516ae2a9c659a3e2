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
  /** a client that has not sent its whole header within this is answered 408 and closed */
  headersTimeoutMs: z.number().int().min(100).max(10 * MINUTE_MS).optional(),
  /** a client that has not sent its whole request (headers and body) within this is answered 408 and closed */
  requestTimeoutMs: z.number().int().min(100).max(10 * MINUTE_MS).optional(),
  /** an idle keep-alive connection is closed after this */
  keepAliveTimeoutMs: z.number().int().min(100).max(10 * MINUTE_MS).optional(),
  /** headers past this many are ignored */
  maxHeadersCount: z.number().int().min(16).max(2000).optional(),
  /** connections past this many are closed as they arrive */
  maxConnections: z.number().int().min(1).max(65_536).optional(),
};

/** The limits an options object asks for, defaults filled in. */
export function connectionLimitsOf(options: { readonly [K in keyof ConnectionLimits]?: number | undefined }): ConnectionLimits {
  return {
    headersTimeoutMs: options.headersTimeoutMs ?? CONNECTION_DEFAULTS.headersTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? CONNECTION_DEFAULTS.requestTimeoutMs,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? CONNECTION_DEFAULTS.keepAliveTimeoutMs,
    maxHeadersCount: options.maxHeadersCount ?? CONNECTION_DEFAULTS.maxHeadersCount,
    maxConnections: options.maxConnections ?? CONNECTION_DEFAULTS.maxConnections,
  };
}

/** Node refuses a header timeout longer than the request timeout; said here with the option names. */
export function connectionLimitIssues(limits: ConnectionLimits): string[] {
  return limits.headersTimeoutMs > limits.requestTimeoutMs
    ? [`headersTimeoutMs: ${limits.headersTimeoutMs} is longer than requestTimeoutMs (${limits.requestTimeoutMs}); the headers are part of the request`]
    : [];
}

/**
 * The `http.createServer` options of the limits. Node looks for expired requests every
 * `connectionsCheckingInterval` (30 s by default): a quarter of the shortest timeout keeps the
 * answer close to the timeout.
 */
export function serverOptionsOf(limits: ConnectionLimits): ServerOptions {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(shortest / 4))),
  };
}

/** Sets the limits `createServer` takes no option for. */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.maxHeadersCount = limits.maxHeadersCount;
  server.maxConnections = limits.maxConnections;
}
