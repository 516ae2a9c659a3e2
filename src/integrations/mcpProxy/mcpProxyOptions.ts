import { z } from 'zod';
import {
  CONTAINMENT_MODES,
  containmentPolicySchema,
  type ContainmentMode,
  type ContainmentPolicyInput,
} from '../../containment/containmentPolicy';
import { InvalidOptionsError } from '../../errors/InvalidOptionsError';
import type { GovernorOptions } from '../../governor/governorOptions';
import { formatIssues } from '../../intents/intent';
import { RISK_CATEGORIES, type RiskCategory } from '../../categories/riskCategories';

/** The server name the proxy reports to its client unless told otherwise. */
export const DEFAULT_PROXY_NAME = 'intentgate-mcp-proxy';
export const DEFAULT_PROXY_VERSION = '0.1.0';
/** How long a human has to answer an approval request before it counts as Cancel. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 10 * 60 * 1000;

const upstreamSchema = z.strictObject({
  /** the program that starts the upstream MCP server over stdio */
  command: z.string().min(1, 'the upstream command must not be empty'),
  args: z.array(z.string()).optional(),
  /** added to the proxy's own environment, which the upstream inherits */
  env: z.record(z.string(), z.string()).optional(),
  /** default: the workspace root */
  cwd: z.string().min(1).optional(),
  /** where the upstream's stderr goes; default 'inherit' (the proxy's stderr, never the protocol's stdout) */
  stderr: z.enum(['inherit', 'ignore', 'pipe']).optional(),
});

export const mcpProxyOptionsSchema = z.strictObject({
  upstream: upstreamSchema,
  /** createGovernor's options (workspaceRoot, orchestrationDir, classification, toolKinds, safeMode, ...) */
  governor: z
    .custom<GovernorOptions>(
      (value) => value === undefined || (typeof value === 'object' && value !== null),
      'expected createGovernor options',
    )
    .optional(),
  /** whether this upstream's tool annotations may make a tool SAFE; default false */
  trustAnnotations: z.boolean().optional(),
  /** upstream servers, by the name they report at initialize, whose annotations are trusted (a policy's mcp.trustedServers) */
  trustedServers: z.array(z.string().min(1, 'a server name must not be empty')).optional(),
  /** risk categories approved for the whole session at start, for clients without elicitation */
  approve: z.array(z.enum(RISK_CATEGORIES)).optional(),
  serverInfo: z.strictObject({ name: z.string().min(1), version: z.string().min(1) }).optional(),
  approvalTimeoutMs: z.number().int().positive().optional(),
  /**
   * run the upstream in the containment sandbox the governor's state shapes: 'required' (refuse
   * to start without bubblewrap), 'auto' (contain where bubblewrap runs), 'off'; default the
   * mode of `containment` when it is given, else 'off' (docs/containment.md says why)
   */
  containUpstream: z.enum(CONTAINMENT_MODES).optional(),
  /** the policy's `containment` section: the profile's secrets and host grants, and containUpstream's default */
  containment: containmentPolicySchema.optional(),
});

/** Options of `createGovernedMcpProxy` and `runMcpProxy`. */
export type McpProxyOptions = z.input<typeof mcpProxyOptionsSchema>;

/** The upstream MCP server the proxy starts. */
export type UpstreamCommand = z.infer<typeof upstreamSchema>;

/** Options after validation, with defaults applied. */
export interface McpProxyConfig {
  readonly upstream: UpstreamCommand;
  readonly governor: GovernorOptions;
  readonly trustAnnotations: boolean;
  readonly trustedServers: readonly string[];
  readonly approve: readonly RiskCategory[];
  readonly serverInfo: { readonly name: string; readonly version: string };
  readonly approvalTimeoutMs: number;
  readonly containUpstream: ContainmentMode;
  readonly containment: ContainmentPolicyInput | undefined;
}

/**
 * The upstream's containment when the options do not name it: the policy section's mode when
 * there is one, else off. An upstream server keeps its own state where it likes (an npx cache,
 * a memory file in the home folder), so containing it is chosen, not assumed.
 */
function upstreamModeOf(containment: ContainmentPolicyInput | undefined): ContainmentMode {
  if (containment === undefined) return 'off';
  return typeof containment === 'string' ? containment : (containment.mode ?? 'auto');
}

/** Validates the proxy's own options, reporting every issue at once; createGovernor checks `governor`. */
export function parseMcpProxyOptions(options: unknown): McpProxyConfig {
  const result = mcpProxyOptionsSchema.safeParse(options);
  if (!result.success) throw new InvalidOptionsError(formatIssues(result.error));
  const parsed = result.data;
  return {
    upstream: parsed.upstream,
    governor: parsed.governor ?? {},
    trustAnnotations: parsed.trustAnnotations ?? false,
    trustedServers: parsed.trustedServers ?? [],
    approve: parsed.approve ?? [],
    serverInfo: parsed.serverInfo ?? { name: DEFAULT_PROXY_NAME, version: DEFAULT_PROXY_VERSION },
    approvalTimeoutMs: parsed.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS,
    containUpstream: parsed.containUpstream ?? upstreamModeOf(parsed.containment),
    containment: parsed.containment,
  };
}
