import path from 'node:path';
import type { Command } from 'commander';
import type { Policy } from '../../policy/parsePolicy';
import { DEFAULT_HOST, DEFAULT_PORT } from '../../server/createGovernanceServer';
import { METRICS_ACCESS, type MetricsAccess } from '../../server/opsEndpoints';
import { parseServeArgs } from '../../server/serveArgs';
import { APPROVAL_TOKEN_ENV, DEPLOYMENT_ENV } from '../../server/serverOptions';
import { DEFAULT_ORCHESTRATION_DIR } from '../../governor/governorOptions';
import { policyFromFlag, workspaceFor } from '../cliGovernor';
import { stateSessionFiles } from '../hookSettings';
import { writeLine, type CliIo } from '../cliIo';
import type { CommandContext } from '../commandContext';
import { cliContainmentStatus, serveContainmentRecord } from '../containmentStartLine';
import { runGovernanceService, type ServiceSettings } from '../governanceService';
import { serveCredentials } from '../serveCredentials';
import { UsageError } from '../usageError';

interface ServeFlags {
  readonly port?: string;
  readonly host?: string;
  readonly prefix?: string;
  readonly policy?: string;
  readonly orchestrationDir?: string;
  readonly allowedHost?: readonly string[];
  readonly workspace?: string;
  readonly quiet?: boolean;
  readonly metricsAccess?: string;
  readonly store?: string;
  readonly deployment?: string;
  readonly approvalTokenFile?: string;
  readonly storePasswordFile?: string;
  readonly storeUrlFile?: string;
  /** true for --hook-sessions, false for --no-hook-sessions */
  readonly hookSessions?: boolean;
}

const isMetricsAccess = (value: string): value is MetricsAccess =>
  (METRICS_ACCESS as readonly string[]).includes(value);

/** Flags first, then PORT, then the policy's `service` section, then the defaults; checked as scripts/serve.ts checks them. */
export function serviceSettings(flags: ServeFlags, policy: Policy | undefined, io: CliIo): ServiceSettings {
  const service = policy?.service ?? {};
  const portFromEnv = io.env.PORT !== undefined && io.env.PORT !== '';
  const port = flags.port ?? (portFromEnv ? undefined : service.port?.toString());
  const host = flags.host ?? service.host;
  const prefix = flags.prefix ?? service.prefix;
  // the --flag=value form, so a value starting with '-' stays a value
  const argv = [
    ...(port === undefined ? [] : [`--port=${port}`]),
    ...(host === undefined ? [] : [`--host=${host}`]),
    ...(prefix === undefined ? [] : [`--prefix=${prefix}`]),
  ];
  const parsed = parseServeArgs(argv, io.env);
  if (!parsed.ok) throw new UsageError(parsed.problem);
  if (flags.orchestrationDir === '')
    throw new UsageError(
      '--orchestration-dir must not be empty: name the folder, or leave the flag out for <workspace>/.orchestration',
    );
  const { metricsAccess } = flags;
  const store = flags.store ?? service.store;
  // the flag, then the environment, then the policy: one deployment file may serve several deployments
  const deployment =
    flags.deployment ??
    (io.env[DEPLOYMENT_ENV] === undefined || io.env[DEPLOYMENT_ENV] === ''
      ? service.deployment
      : io.env[DEPLOYMENT_ENV]);
  if (metricsAccess !== undefined && !isMetricsAccess(metricsAccess))
    throw new UsageError(
      `--metrics-access must be ${METRICS_ACCESS.join(' or ')}, got '${metricsAccess.slice(0, 64)}'`,
    );
  return {
    port: parsed.args.port,
    host: parsed.args.host,
    prefix: parsed.args.prefix,
    ...(policy && { policy }),
    ...(flags.orchestrationDir !== undefined && { orchestrationDir: path.resolve(io.cwd, flags.orchestrationDir) }),
    ...((flags.allowedHost ?? service.allowedHosts) !== undefined && {
      allowedHosts: flags.allowedHost ?? service.allowedHosts ?? [],
    }),
    ...(flags.workspace !== undefined && { workspace: flags.workspace }),
    ...(flags.quiet === true && { quiet: true }),
    ...(metricsAccess !== undefined && { metricsAccess }),
    ...(store !== undefined && { store }),
    ...(deployment !== undefined && { deployment }),
  };
}

/**
 * The file store of the workspace's command hooks, which the service then sees and answers too:
 * `--hook-sessions`, else on when `--workspace` names the workspace and the store is not Redis
 * (a deployment shared by several machines has no one workspace folder). It is the folder and
 * key `intentgate hook` finds from the same workspace and environment; undefined when off.
 */
export function hookSessionFiles(
  flags: ServeFlags,
  settings: ServiceSettings,
  policy: Policy | undefined,
  io: CliIo,
): { readonly dir: string; readonly keyFile: string } | undefined {
  const redis = settings.store !== undefined && /^rediss?:/.test(settings.store);
  if (!(flags.hookSessions ?? (flags.workspace !== undefined && !redis))) return undefined;
  const workspace = workspaceFor(policy, settings.workspace, io);
  const orchestrationDir =
    settings.orchestrationDir ??
    path.resolve(workspace, policy?.governor.orchestrationDir ?? DEFAULT_ORCHESTRATION_DIR);
  return stateSessionFiles(orchestrationDir, io);
}

/** `intentgate serve`: the HTTP governance service, what `npm start` runs. */
export function registerServe(program: Command, context: CommandContext): void {
  program
    .command('serve')
    .summary('run the HTTP governance service')
    .description(
      [
        'Serves the governance API over HTTP (docs/http-api.md).',
        'Each setting comes from its flag, else (the port) $PORT, else the policy\'s "service" section, else the default.',
        `The approval token is read from --approval-token-file, else $${APPROVAL_TOKEN_ENV} (deleted ` +
          `from the environment once read), else a random one printed at startup.`,
        'A Redis store needs one given (its records carry a MAC keyed by it): without it serve exits 2.',
        'Logs its start, each request and each error as one JSON object per line on stderr (--quiet for none).',
        'Stops cleanly on SIGINT or SIGTERM.',
      ].join(' '),
    )
    .option(
      '--port <n>',
      `port to listen on, 0 for any free one (default: $PORT, else the policy, else ${DEFAULT_PORT})`,
    )
    .option('--host <host>', `address to listen on (default: the policy, else ${DEFAULT_HOST})`)
    .option('--prefix <path>', 'path prefix of every route, like /slavik (default: the policy, else none)')
    .option('--policy <file>', 'a policy file (.json, .yaml, .yml): the governor options and the service defaults')
    .option(
      '--orchestration-dir <dir>',
      'the folder of active_intents.yaml and the trace, absolute or relative to the current ' +
        "directory; outside the workspace it is out of every tool's reach (default: the policy, else <workspace>/.orchestration)",
    )
    .option(
      '--allowed-host <name...>',
      'host names besides localhost, 127.0.0.1 and ::1 that requests may be addressed to (default: the policy, else none)',
    )
    .option(
      '--workspace <dir>',
      "the governed folder, absolute or relative to the current directory; it must exist (default: the policy's workspaceRoot, else the current directory)",
    )
    .option(
      '--metrics-access <open|token>',
      'who may read GET /metrics: anyone who reaches the service, or holders of the approval token (default: the policy, else open)',
    )
    .option(
      '--store <memory|redis://HOST:PORT|redis>',
      'where sessions live: this process (default), or a Redis shared by every instance of the ' +
        'deployment; redis: at the URL in $REDIS_URL, read and cleared at start (default: the policy, else memory)',
    )
    .option(
      '--deployment <name>',
      `the deployment name, required with a Redis store: a new name starts with no approvals, the ` +
        `same name keeps them (default: $${DEPLOYMENT_ENV}, else the policy)`,
    )
    .option(
      '--approval-token-file <file>',
      `the approval token, from an owner-only file (chmod 600) instead of $${APPROVAL_TOKEN_ENV}, which ps eww shows`,
    )
    .option(
      '--store-password-file <file>',
      "the Redis password, from an owner-only file, put into --store's URL: a password in the URL is shown by ps",
    )
    .option(
      '--store-url-file <file>',
      'the whole Redis store URL, credentials included, from an owner-only file, over --store',
    )
    .option(
      '--hook-sessions',
      "show and answer the sessions of the workspace's command hooks (intentgate hook <agent>) too" +
        ' (default: on with --workspace and a store that is not Redis)',
    )
    .option('--no-hook-sessions', "leave the command hooks' sessions out")
    .option('--quiet', 'no JSON log lines on stderr')
    .action(async (flags: ServeFlags) => {
      const { io } = context;
      const policy = policyFromFlag(flags.policy, io);
      const settings = serviceSettings(flags, policy, io);
      // read once, before anything starts: the secrets then live in this process's memory only
      // the workspace as the service will resolve it, for refusing a secret file inside it
      const workspace = path.resolve(io.cwd, flags.workspace ?? policy?.governor.workspaceRoot ?? '.');
      const credentials = serveCredentials(flags, settings.store, workspace, io);
      for (const warning of credentials.warnings) writeLine(io.stderr, warning);
      // said once at start, so a person knows whether shell commands are contained before any is decided
      if (flags.quiet !== true) writeLine(io.stderr, serveContainmentRecord(await cliContainmentStatus(policy, io)));
      const store = credentials.store === undefined ? {} : { store: credentials.store };
      const tokenFile = flags.approvalTokenFile === undefined ? {} : { approvalTokenFile: flags.approvalTokenFile };
      const hookSessions = hookSessionFiles(flags, { ...settings, ...store }, policy, io);
      context.exit(
        await runGovernanceService(
          { ...settings, ...store, ...tokenFile, ...(hookSessions !== undefined && { hookSessions }) },
          { ...io, env: credentials.env },
        ),
      );
    });
}
