import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_ACCESS_DEFAULTS } from '../console/consoleAccess';
import { IntentGateError } from '../errors/IntentGateError';
import { DEFAULT_ORCHESTRATION_DIR } from '../governor/governorOptions';
import type { Policy } from '../policy/parsePolicy';
import type { PolicyService } from '../policy/policySchema';
import { createGovernanceServer, type GovernanceServer } from '../server/createGovernanceServer';
import type { MetricsAccess } from '../server/opsEndpoints';
import { describeRoutes } from '../server/routes';
import { APPROVAL_TOKENS_ENV, parseApprovalTokensEnv } from '../server/approvalTokens';
import { APPROVAL_TOKEN_ENV, REDIS_TOKEN_REQUIRED, type GovernanceServerOptions } from '../server/serverOptions';
import { jsonLinesLog } from '../server/serviceLog';
import { METRICS_OFF_MESSAGE } from '../server/serviceMetrics';
import { REDIS_MISSING_MESSAGE, redisInstalled } from '../sessions/redisConnection';
import { CliFailure } from './cliFailure';
import { workspaceFor } from './cliGovernor';
import { writeLine, type CliIo } from './cliIo';
import { EXIT_CODES, type ExitCode } from './exitCodes';
import { UsageError } from './usageError';

/** Where and how to serve: the listening address, the route prefix, the policy if any. */
export interface ServiceSettings {
  readonly port: number;
  readonly host: string;
  readonly prefix: string;
  readonly policy?: Policy;
  /** the orchestration directory, absolute; over the policy's */
  readonly orchestrationDir?: string;
  /** host names besides the loopback ones the Host header may carry */
  readonly allowedHosts?: readonly string[];
  /** the governed folder as the flag gave it, relative to the current directory; over the policy's */
  readonly workspace?: string;
  /** no JSON log lines on stderr */
  readonly quiet?: boolean;
  /** over the policy's */
  readonly metricsAccess?: MetricsAccess;
  /** 'memory' or a Redis URL, over the policy's */
  readonly store?: string;
  /** the deployment name of a Redis store, over the policy's (and over INTENTGATE_DEPLOYMENT) */
  readonly deployment?: string;
  /** the workspace's command-hook file store, whose sessions the service sees too (docs/console.md) */
  readonly hookSessions?: { readonly dir: string; readonly keyFile: string };
  /** the file the approval token was read from (--approval-token-file), for the banner to name */
  readonly approvalTokenFile?: string;
}

interface Started {
  readonly service: GovernanceServer;
  readonly workspace: string;
  readonly orchestrationDir: string;
  readonly tokenFromEnv: boolean;
  /** the file the token was read from, when it was */
  readonly tokenFile: string | undefined;
}

/** The server options a policy's `service` section gives; the listening address and prefix are the settings'. */
function policyServerOptions(service: PolicyService | undefined): GovernanceServerOptions {
  if (service === undefined) return {};
  const {
    maxBodyBytes,
    maxSessions,
    sessionTtlMs,
    endedSessionTtlMs,
    metricsAccess,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    maxHeadersCount,
    maxConnections,
  } = service;
  const { analysisWorkers, analysisBudgetMs, analysisQueue, store, deployment } = service;
  return {
    store,
    deployment,
    maxBodyBytes,
    maxSessions,
    sessionTtlMs,
    endedSessionTtlMs,
    metricsAccess,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
    maxHeadersCount,
    maxConnections,
    analysisWorkers,
    analysisBudgetMs,
    analysisQueue,
  };
}

/** The workspace the flag names, which must be a folder: the service would govern nothing otherwise. */
function checkWorkspaceFlag(flag: string, workspace: string): void {
  if (flag === '')
    throw new UsageError(
      '--workspace must not be empty: name the folder, or leave the flag out for the current directory',
    );
  const found = statSync(workspace, { throwIfNoEntry: false });
  if (found === undefined) throw new UsageError(`--workspace ${flag}: ${workspace} does not exist`);
  if (!found.isDirectory()) throw new UsageError(`--workspace ${flag}: ${workspace} is not a folder`);
}

/** What `serve` says of a Redis store started without a named approval token: why, and what to do. */
export const SERVE_REDIS_TOKEN_REQUIRED =
  `a Redis store needs a named approval token: give --approval-token-file FILE (owner-only, chmod 600, outside the workspace), ` +
  `or ${APPROVAL_TOKEN_ENV}, or ${APPROVAL_TOKENS_ENV}, the same on every instance of the deployment. Every session record ` +
  'in Redis carries a MAC keyed by it, so a record rewritten in Redis (redis-cli HSET) is refused; a token made at start ' +
  "would be this process's alone, and the instances of a deployment must share one anyway so a human's token works on each";

function create(settings: ServiceSettings, io: CliIo): Started {
  const { policy } = settings;
  const workspace = workspaceFor(policy, settings.workspace, io);
  if (settings.workspace !== undefined) checkWorkspaceFlag(settings.workspace, workspace);
  // the token is read from this run's environment, so an in-process run can have its own
  const envToken = io.env[APPROVAL_TOKEN_ENV];
  const tokenFromEnv = envToken !== undefined && envToken !== '';
  const namedEnv = io.env[APPROVAL_TOKENS_ENV];
  const named = namedEnv === undefined || namedEnv === '' ? undefined : parseApprovalTokensEnv(namedEnv);
  if (named !== undefined && named.issues.length > 0) throw new UsageError(named.issues.join('; '));
  try {
    const service = createGovernanceServer({
      governor: {
        ...policy?.governor,
        workspaceRoot: workspace,
        ...(settings.orchestrationDir !== undefined && { orchestrationDir: settings.orchestrationDir }),
      },
      prefix: settings.prefix,
      ...(tokenFromEnv && { approvalToken: envToken }),
      ...(named !== undefined && { approvalTokens: named.tokens }),
      ...policyServerOptions(policy?.service),
      ...(settings.metricsAccess !== undefined && { metricsAccess: settings.metricsAccess }),
      ...(settings.store !== undefined && { store: settings.store }),
      ...(settings.deployment !== undefined && { deployment: settings.deployment }),
      ...(settings.hookSessions !== undefined && { hookSessions: settings.hookSessions }),
      ...(settings.allowedHosts !== undefined && { allowedHosts: [...settings.allowedHosts] }),
      ...(settings.quiet !== true && { log: jsonLinesLog(io.stderr) }),
      ...(policy?.containment !== undefined && { containment: policy.containment }),
    });
    const orchestrationDir =
      settings.orchestrationDir ?? policy?.governor.orchestrationDir ?? path.join(workspace, DEFAULT_ORCHESTRATION_DIR);
    return { service, workspace, orchestrationDir, tokenFromEnv, tokenFile: settings.approvalTokenFile };
  } catch (error) {
    if (!(error instanceof IntentGateError)) throw error;
    throw new UsageError(
      error.message
        .replace(REDIS_TOKEN_REQUIRED, SERVE_REDIS_TOKEN_REQUIRED)
        .replaceAll('approvalTokens', APPROVAL_TOKENS_ENV)
        .replaceAll('approvalToken:', `${APPROVAL_TOKEN_ENV}:`),
    );
  }
}

function printBanner(started: Started, url: string, io: CliIo, policy: Policy | undefined): void {
  const { service, workspace, orchestrationDir } = started;
  writeLine(io.stdout, `intentgate governance service listening on ${url}`);
  if (policy) writeLine(io.stdout, `policy: ${policy.file}`);
  writeLine(io.stdout, `workspace: ${workspace}`);
  if (path.relative(workspace, orchestrationDir).startsWith('..'))
    writeLine(io.stdout, `orchestration directory: ${orchestrationDir} (outside the workspace)`);
  if (!existsSync(orchestrationDir)) {
    const shown = path.relative(workspace, orchestrationDir).startsWith('..')
      ? orchestrationDir
      : path.relative(workspace, orchestrationDir);
    writeLine(
      io.stdout,
      `warning: no ${shown}/ in ${workspace}: the fail-safe blocks every tool but select_active_intent until it exists`,
    );
  }
  // the one-time code rides in the fragment, which a browser never sends to a server
  const origin = url.slice(0, url.length - service.prefix.length);
  writeLine(
    io.stdout,
    `console: ${origin}${service.console.signInPath()}  (this link signs one browser in once, within ${CONSOLE_ACCESS_DEFAULTS.codeTtlMs / 60_000} minutes)`,
  );
  writeLine(io.stdout, 'routes:');
  for (const line of describeRoutes(service.prefix, service.metricsAccess)) writeLine(io.stdout, `  ${line}`);
  // said at start, so nobody learns it from a scraper's failures
  if (service.metricsRegistry === undefined) writeLine(io.stdout, `metrics: off (${METRICS_OFF_MESSAGE})`);
  writeLine(
    io.stdout,
    started.tokenFromEnv
      ? `approval token: from ${started.tokenFile ?? APPROVAL_TOKEN_ENV} (not printed)`
      : `approval token: ${service.approvalToken}  (set ${APPROVAL_TOKEN_ENV} to choose one)`,
  );
  const names = service.approvalTokenNames.slice(1);
  if (names.length > 0)
    writeLine(io.stdout, `named approval tokens: ${names.join(', ')}  (from ${APPROVAL_TOKENS_ENV}, not printed)`);
}

/** Resolves with what stopped the service: the abort reason, or the first SIGINT/SIGTERM. */
function stopRequested(io: CliIo): { stopped: Promise<string>; release: () => void } {
  const { stop } = io;
  if (stop) {
    const stopped = new Promise<string>((resolve) => {
      const reason = (): string => (typeof stop.reason === 'string' ? stop.reason : 'stop');
      if (stop.aborted) resolve(reason());
      else stop.addEventListener('abort', () => resolve(reason()), { once: true });
    });
    return { stopped, release: () => undefined };
  }
  let onSignal: (signal: NodeJS.Signals) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => {
    let stopping = false;
    onSignal = (signal) => {
      // a second signal means the user does not want to wait
      if (stopping) process.exit(EXIT_CODES.failure);
      stopping = true;
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  const release = (): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  return { stopped, release };
}

/**
 * Runs the HTTP governance service until it is stopped (io.stop, or SIGINT/SIGTERM): prints
 * the address, the policy, the workspace, the routes and the approval token, then closes
 * cleanly. Throws UsageError for options the service refuses.
 */
export async function runGovernanceService(settings: ServiceSettings, io: CliIo): Promise<ExitCode> {
  const started = create(settings, io);
  // a Redis store without its package would deny every call: refuse to start instead, with the fix
  if (started.service.sessionStore.kind === 'redis' && !redisInstalled()) {
    await started.service.close();
    throw new CliFailure(`serve: ${REDIS_MISSING_MESSAGE}`);
  }
  let url: string;
  try {
    ({ url } = await started.service.listen(settings.port, settings.host));
  } catch (error) {
    await started.service.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliFailure(
      `cannot listen on ${settings.host}:${settings.port}: ${reason}; choose another --port or --host`,
      { cause: error },
    );
  }
  printBanner(started, url, io, settings.policy);
  if (settings.hookSessions !== undefined)
    writeLine(io.stdout, `command hooks' sessions: ${settings.hookSessions.dir} (shown and answered here too)`);
  const { stopped, release } = stopRequested(io);
  const why = await stopped;
  writeLine(io.stdout, `${why}: shutting down`);
  try {
    await started.service.close();
    writeLine(io.stdout, 'stopped');
    return EXIT_CODES.ok;
  } catch (error) {
    writeLine(io.stderr, `serve: error while stopping: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_CODES.failure;
  } finally {
    release();
  }
}
