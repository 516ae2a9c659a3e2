import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';
import { isMissingModule } from '../peers/missingModule';

/** The `prom-client` package: an optional peer, which the service's `GET /metrics` needs. */
export type PromClientModule = typeof PromClient;

/** What a host runs to serve `GET /metrics`. */
export const PROM_CLIENT_INSTALL_COMMAND = 'npm install prom-client@^15';

/**
 * Loads prom-client when a service is created, or answers undefined when it is not installed:
 * the library imports nothing of it, so a host embedding only the governor needs none. It is
 * required, not imported: the service is created synchronously, and prom-client is CommonJS.
 */
export function loadPromClient(): PromClientModule | undefined {
  try {
    return createRequire(import.meta.url)('prom-client') as PromClientModule;
  } catch (error) {
    if (isMissingModule(error, 'prom-client')) return undefined;
    throw error;
  }
}
