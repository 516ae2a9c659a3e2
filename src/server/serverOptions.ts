import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { ANALYSIS_POOL_DEFAULTS } from '../analysis/analysisPool';
import { containmentPolicyOf, containmentPolicySchema, type ContainmentPolicy } from '../containment/containmentPolicy';
import { InvalidOptionsError } from '../errors/InvalidOptionsError';
import { parseGovernorOptions, type GovernorOptions } from '../governor/governorOptions';
import { formatIssues } from '../intents/intent';
import {
  connectionLimitFields,
  connectionLimitIssues,
  connectionLimitsOf,
  type ConnectionLimits,
} from './connectionLimits';
import { METRICS_ACCESS, type MetricsAccess } from './opsEndpoints';
import {
  APPROVAL_TOKENS_ENV,
  approvalTokenSchema,
  DEFAULT_TOKEN_NAME,
  namedApprovalTokensSchema,
  parseApprovalTokensEnv,
  type NamedApprovalToken,
} from './approvalTokens';
import type { ServiceLogSink } from './serviceLog';
import { hostNameOf, LOOPBACK_HOSTS } from './webSafety';
import { analysisPoolFields } from '../analysis/analysisPoolFields';
import { DEPLOYMENT_NAME_PATTERN } from '../sessions/redisSessionKeys';
import { DEFAULT_ENDED_SESSION_TTL_MS } from '../sessions/sessionRetention';

/** The environment variable the deployment's name is read from when no option names it. */
export const DEPLOYMENT_ENV = 'INTENTGATE_DEPLOYMENT';

/** The environment variable a Redis store's deadline is read from when no option names it. */
export const STORE_TIMEOUT_ENV = 'INTENTGATE_STORE_TIMEOUT_MS';

// a deadline longer than this is no deadline for an agent's hook, whose own timeout is about a minute
const MAX_STORE_TIMEOUT_MS = 60_000;

/** The environment variable the approval token is read from when no option names it. */
export const APPROVAL_TOKEN_ENV = 'INTENTGATE_APPROVAL_TOKEN';

const MIB = 1024 * 1024;
/** Defaults of the governance service's options. */
export const SERVER_DEFAULTS = Object.freeze({
  prefix: '',
  maxBodyBytes: MIB,
  maxSessions: 1000,
  sessionTtlMs: 60 * 60 * 1000,
  endedSessionTtlMs: DEFAULT_ENDED_SESSION_TTL_MS,
});

// built on first use: a CLI start that reads no policy never validates service options
const serverOptionsSchema = z.lazy(() =>
  z.strictObject({
    governor: z
      .custom<GovernorOptions>(
        (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
        'expected an object of governor options',
      )
      .optional(),
    prefix: z
      .string()
      .regex(
        /^(\/[A-Za-z0-9._~-]+)*$/,
        "a prefix is empty or '/'-separated segments of [A-Za-z0-9._~-], like '/slavik', with no trailing '/'",
      )
      .optional(),
    approvalToken: approvalTokenSchema.optional(),
    /** more approval tokens, each with the name the trace gives whoever approves with it (`INTENTGATE_APPROVAL_TOKENS` when absent) */
    approvalTokens: namedApprovalTokensSchema.optional(),
    maxBodyBytes: z
      .number()
      .int()
      .positive()
      .max(64 * MIB)
      .optional(),
    maxSessions: z.number().int().positive().optional(),
    /** a session unused this long expires (default an hour) */
    sessionTtlMs: z
      .number()
      .int()
      .positive()
      .max(30 * 24 * 60 * 60 * 1000)
      .optional(),
    /** a session its agent's hook ended is kept this long after the end, for a human's answer and a resumed run (default a day) */
    endedSessionTtlMs: z
      .number()
      .int()
      .positive()
      .max(30 * 24 * 60 * 60 * 1000)
      .optional(),
    onError: z
      .custom<(error: unknown) => void>((value) => typeof value === 'function', 'expected a function')
      .optional(),
    /** host names besides the loopback ones that the Host header may carry (the name of a machine the service is reached by) */
    allowedHosts: z
      .array(
        z
          .string()
          .refine(
            (host) => hostNameOf(host) === host.toLowerCase().replace(/^\[|\]$/g, ''),
            'a host name or address without a port, like intentgate.internal',
          ),
      )
      .max(64)
      .optional(),
    ...analysisPoolFields,
    /** receives a record for the start, each request, client errors and unexpected errors (`jsonLinesLog(process.stderr)` for JSON lines); default none */
    log: z.custom<ServiceLogSink>((value) => typeof value === 'function', 'expected a function').optional(),
    /** 'token': `GET /metrics` needs the approval token; default 'open', like `/healthz` */
    metricsAccess: z.enum(METRICS_ACCESS).optional(),
    ...connectionLimitFields,
    /** 'memory' (default): sessions live in this process; `redis://HOST:PORT`: in Redis, shared by every instance of the deployment */
    store: z
      .union([
        z.literal('memory'),
        z.string().regex(/^rediss?:\/\/[^\s]+$/, "a store is 'memory' or a Redis URL like redis://127.0.0.1:6379"),
      ])
      .optional(),
    /** a Redis command unanswered this long fails and its call is denied (`INTENTGATE_STORE_TIMEOUT_MS` when absent; default 1 s) */
    storeTimeoutMs: z.number().int().positive().max(MAX_STORE_TIMEOUT_MS).optional(),
    /** the deployment's name, required with a Redis store (`INTENTGATE_DEPLOYMENT` when absent): a new name starts with no approvals */
    deployment: z
      .string()
      .regex(DEPLOYMENT_NAME_PATTERN, 'a deployment name is 1 to 64 characters of [A-Za-z0-9._-]')
      .optional(),
    /** the policy's `containment` section: what `/healthz` and the console say of shell commands (docs/containment.md) */
    containment: containmentPolicySchema.optional(),
    /**
     * the file store of the workspace's command hooks (`intentgate hook <agent>`): its folder and
     * the key its files are authenticated with; the console and the session routes see and
     * answer its sessions beside the service's own (docs/console.md)
     */
    hookSessions: z
      .strictObject({
        dir: z.string().refine(path.isAbsolute, 'an absolute path'),
        keyFile: z.string().refine(path.isAbsolute, 'an absolute path'),
      })
      .optional(),
  }),
);

/** Options of `createGovernanceServer`; every field is optional. */
export type GovernanceServerOptions = z.input<typeof serverOptionsSchema>;

/** Where the approval token came from; the service never prints one it did not make. */
export type ApprovalTokenSource = 'option' | 'env' | 'generated';

/** Options after validation, with defaults applied. */
export interface ServerConfig {
  /** every session's governor is created with these plus its session id */
  readonly governor: GovernorOptions;
  readonly prefix: string;
  readonly approvalToken: string;
  readonly approvalTokenSource: ApprovalTokenSource;
  /** every approval token with its name: `approvalToken` as 'default', then the named ones */
  readonly approvalTokens: readonly NamedApprovalToken[];
  readonly maxBodyBytes: number;
  /** beyond it a new session is refused with 429 */
  readonly maxSessions: number;
  /** a session unused this long expires */
  readonly sessionTtlMs: number;
  /** a session its agent's hook ended is kept this long after the end */
  readonly endedSessionTtlMs: number;
  /** receives every unexpected error answered with 500 (the log gets it too) */
  readonly onError: (error: unknown) => void;
  /** the host names the Host header may carry: loopback ones and `allowedHosts`, lowercased */
  readonly allowedHosts: ReadonlySet<string>;
  /** the shell analysis pool: its worker threads, each analysis's time budget, and how many may wait */
  readonly analysis: { readonly size: number; readonly budgetMs: number; readonly maxQueued: number };
  readonly log: ServiceLogSink | undefined;
  readonly metricsAccess: MetricsAccess;
  /** timeouts and caps of the HTTP connections */
  readonly connections: ConnectionLimits;
  /** where sessions live: this process, or Redis under the deployment's name */
  readonly store: SessionStoreConfig;
  /** the containment section with its defaults */
  readonly containment: ContainmentPolicy;
  /** the command hooks' file store whose sessions the service sees too; undefined for none */
  readonly hookSessions: { readonly dir: string; readonly keyFile: string } | undefined;
}

/** Where the service keeps its sessions. */
export type SessionStoreConfig =
  | { readonly kind: 'memory' }
  /** `timeoutMs`: each Redis command's deadline; undefined for the store's default */
  | {
      readonly kind: 'redis';
      readonly url: string;
      readonly deployment: string;
      readonly timeoutMs?: number;
      /** the token every record's MAC is keyed by: the single approval token given, else the first named one */
      readonly recordKeyToken: string;
    };

/**
 * What a Redis store without a given approval token is refused with. Every record carries a MAC
 * keyed by that token, so a record rewritten in Redis is refused; a token made at start would be
 * this process's alone, and the instances of a deployment must share one anyway.
 */
export const REDIS_TOKEN_REQUIRED =
  `approvalToken: required with a Redis store (or approvalTokens, ${APPROVAL_TOKEN_ENV}, ${APPROVAL_TOKENS_ENV}): ` +
  "every session record's MAC is keyed by it, and one made at start is this process's alone; " +
  "give every instance of the deployment the same one, so a human's token works on each";

function reportToStderr(error: unknown): void {
  console.error('intentgate server: unexpected error:', error);
}

function governorIssues(options: unknown): string[] {
  const governor: unknown =
    typeof options === 'object' && options !== null ? Reflect.get(options, 'governor') : undefined;
  if (typeof governor !== 'object' || governor === null) return [];
  // the server names each session's governor; a fixed id would merge every session's approvals
  const fixedSession =
    Reflect.get(governor, 'sessionId') === undefined
      ? []
      : ['governor.sessionId: set per session from the URL; remove it'];
  try {
    parseGovernorOptions(governor, process.cwd());
    return fixedSession;
  } catch (error) {
    if (error instanceof InvalidOptionsError)
      return [...error.issues.map((issue) => `governor.${issue}`), ...fixedSession];
    throw error;
  }
}

function resolveToken(
  option: string | undefined,
  env: NodeJS.ProcessEnv,
): { token: string; source: ApprovalTokenSource; issues: string[] } {
  if (option !== undefined) return { token: option, source: 'option', issues: [] };
  const fromEnv = env[APPROVAL_TOKEN_ENV];
  if (fromEnv === undefined || fromEnv === '')
    return { token: randomBytes(32).toString('base64url'), source: 'generated', issues: [] };
  const checked = approvalTokenSchema.safeParse(fromEnv);
  return {
    token: fromEnv,
    source: 'env',
    issues: checked.success ? [] : formatIssues(checked.error, APPROVAL_TOKEN_ENV),
  };
}

/** The named tokens: the option's, else the environment's, checked as the option is; none when neither. */
function resolveNamedTokens(
  option: readonly NamedApprovalToken[] | undefined,
  defaultToken: string,
  env: NodeJS.ProcessEnv,
): { tokens: readonly NamedApprovalToken[]; issues: string[] } {
  const fromEnv = env[APPROVAL_TOKENS_ENV];
  if (option === undefined && (fromEnv === undefined || fromEnv === '')) return { tokens: [], issues: [] };
  const read = option === undefined ? parseApprovalTokensEnv(fromEnv ?? '') : { tokens: [...option], issues: [] };
  const checked = namedApprovalTokensSchema.safeParse(read.tokens);
  const label = option === undefined ? APPROVAL_TOKENS_ENV : 'approvalTokens';
  const clash = read.tokens.some((each) => each.token === defaultToken)
    ? [`${label}: a named token is the same as the single approval token`]
    : [];
  const issues = [
    ...read.issues,
    ...(checked.success || read.tokens.length === 0 ? [] : formatIssues(checked.error, label)),
    ...clash,
  ];
  return { tokens: issues.length === 0 ? read.tokens : [], issues };
}

/** The store's choices as the options give them; `recordKeyToken` undefined when no approval token was given. */
interface StoreChoice {
  readonly store: string | undefined;
  readonly deployment: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly recordKeyToken: string | undefined;
}

/**
 * The store the options name; a Redis store needs a deployment name, since a default would
 * silently keep or silently drop approvals, and a given approval token, which keys its records' MACs.
 */
function resolveStore(choice: StoreChoice, env: NodeJS.ProcessEnv): { store: SessionStoreConfig; issues: string[] } {
  const { store, recordKeyToken } = choice;
  if (store === undefined || store === 'memory') return { store: { kind: 'memory' }, issues: [] };
  const where = redisPlace(choice.deployment, choice.timeoutMs, env);
  const issues = [...(recordKeyToken === undefined ? [REDIS_TOKEN_REQUIRED] : []), ...where.issues];
  if (recordKeyToken === undefined || where.deployment === undefined) return { store: { kind: 'memory' }, issues };
  const { deployment, timeoutMs } = where;
  return {
    store: { kind: 'redis', url: store, deployment, recordKeyToken, ...(timeoutMs !== undefined && { timeoutMs }) },
    issues,
  };
}

/** A Redis store's deployment name and deadline, from the options else the environment, or what is wrong with them. */
function redisPlace(
  deployment: string | undefined,
  timeoutMs: number | undefined,
  env: NodeJS.ProcessEnv,
): { deployment?: string; timeoutMs?: number; issues: string[] } {
  const name = deployment ?? (env[DEPLOYMENT_ENV] === '' ? undefined : env[DEPLOYMENT_ENV]);
  if (name === undefined)
    return {
      issues: [
        `deployment: required with a Redis store (or ${DEPLOYMENT_ENV}): name the deployment; a new name starts with no approvals, the same name keeps them`,
      ],
    };
  if (!DEPLOYMENT_NAME_PATTERN.test(name))
    return { issues: [`${DEPLOYMENT_ENV}: a deployment name is 1 to 64 characters of [A-Za-z0-9._-]`] };
  const timeout = timeoutMs ?? storeTimeoutFromEnv(env[STORE_TIMEOUT_ENV]);
  if (typeof timeout === 'string') return { issues: [timeout] };
  return { deployment: name, ...(timeout !== undefined && { timeoutMs: timeout }), issues: [] };
}

/** The deadline `INTENTGATE_STORE_TIMEOUT_MS` gives, undefined when unset, or what is wrong with it. */
function storeTimeoutFromEnv(text: string | undefined): number | undefined | string {
  if (text === undefined || text === '') return undefined;
  const ms = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  return ms >= 1 && ms <= MAX_STORE_TIMEOUT_MS
    ? ms
    : `${STORE_TIMEOUT_ENV}: a deadline is a whole number of milliseconds from 1 to ${MAX_STORE_TIMEOUT_MS}, got '${text.slice(0, 32)}'`;
}

/** Validates the service's options, reporting every issue at once; throws InvalidOptionsError. */
export function parseServerOptions(options: unknown, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = serverOptionsSchema.safeParse(options ?? {});
  const tokenOption = result.success ? result.data.approvalToken : undefined;
  const token = resolveToken(tokenOption, env);
  const named = resolveNamedTokens(result.success ? result.data.approvalTokens : undefined, token.token, env);
  // every issue at once: the service's own, the governor's and the environment's
  // a token made at start is this process's alone: a Redis store's records are keyed by a given one
  const store = resolveStore(
    {
      store: result.success ? result.data.store : undefined,
      deployment: result.success ? result.data.deployment : undefined,
      timeoutMs: result.success ? result.data.storeTimeoutMs : undefined,
      recordKeyToken: token.source === 'generated' ? named.tokens[0]?.token : token.token,
    },
    env,
  );
  const issues = [
    ...(result.success ? [] : formatIssues(result.error)),
    ...governorIssues(options),
    ...token.issues,
    ...(result.success ? named.issues : []),
    ...connectionLimitIssues(options),
    ...store.issues,
  ];
  if (!result.success || issues.length > 0) throw new InvalidOptionsError(issues);
  const parsed = result.data;
  return {
    governor: parsed.governor ?? {},
    prefix: parsed.prefix ?? SERVER_DEFAULTS.prefix,
    approvalToken: token.token,
    approvalTokenSource: token.source,
    approvalTokens: [{ name: DEFAULT_TOKEN_NAME, token: token.token }, ...named.tokens],
    maxBodyBytes: parsed.maxBodyBytes ?? SERVER_DEFAULTS.maxBodyBytes,
    maxSessions: parsed.maxSessions ?? SERVER_DEFAULTS.maxSessions,
    sessionTtlMs: parsed.sessionTtlMs ?? SERVER_DEFAULTS.sessionTtlMs,
    endedSessionTtlMs: parsed.endedSessionTtlMs ?? SERVER_DEFAULTS.endedSessionTtlMs,
    // with a log, unexpected errors are logged there instead
    onError: parsed.onError ?? (parsed.log === undefined ? reportToStderr : () => undefined),
    allowedHosts: new Set([...LOOPBACK_HOSTS, ...(parsed.allowedHosts ?? []).map((host) => hostNameOf(host) ?? host)]),
    analysis: {
      size: parsed.analysisWorkers ?? ANALYSIS_POOL_DEFAULTS.size,
      budgetMs: parsed.analysisBudgetMs ?? ANALYSIS_POOL_DEFAULTS.budgetMs,
      maxQueued: parsed.analysisQueue ?? ANALYSIS_POOL_DEFAULTS.maxQueued,
    },
    log: parsed.log,
    metricsAccess: parsed.metricsAccess ?? 'open',
    connections: connectionLimitsOf(parsed),
    store: store.store,
    containment: containmentPolicyOf(parsed.containment),
    hookSessions: parsed.hookSessions,
  };
}
