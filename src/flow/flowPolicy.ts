import { z } from 'zod';
import { scopeGlobProblem } from '../intents/scopeGlob';

/**
 * The policy's `flow` section (issue 36): the flow rules are on unless switched off; the host may
 * name more secret files, tools whose answers are untrusted, and hosts trusted for calls that
 * cannot carry data.
 */
export const flowPolicySchema = z.strictObject({
  /** false switches both flow rules off: nothing is remembered, nothing held for it */
  enabled: z.boolean().optional(),
  /** more files that hold secrets, as workspace globs (`config/*.pem`, `**\/credentials.json`), beside the built-in secret rules */
  // checked here, so a glob the matcher cannot read fails at load, never in a decision
  secrets: z
    .array(
      z
        .string()
        .min(1)
        .max(256)
        .superRefine((glob, ctx) => {
          const problem = scopeGlobProblem(glob);
          if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
        }),
    )
    .max(256)
    .optional(),
  /** tools whose answers are untrusted content: exact names, or a prefix ending in `*` (`mcp__browser__*`) */
  untrustedTools: z.array(z.string().min(1).max(256)).max(256).optional(),
  /** hosts a call that cannot carry data may reach after a secret read (a registry for installs of named packages) */
  trustedHosts: z.array(z.string().min(1).max(253)).max(256).optional(),
});

export type FlowPolicyInput = z.infer<typeof flowPolicySchema>;

/** The flow section with its defaults. */
export interface FlowPolicy {
  readonly enabled: boolean;
  readonly secrets: readonly string[];
  readonly untrustedTools: readonly string[];
  readonly trustedHosts: readonly string[];
}

/** The package registries an install of named packages reaches by default. */
export const DEFAULT_TRUSTED_HOSTS: readonly string[] = Object.freeze([
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'pypi.org',
  'files.pythonhosted.org',
  'crates.io',
  'static.crates.io',
  'proxy.golang.org',
  'rubygems.org',
]);

export const DEFAULT_FLOW_POLICY: FlowPolicy = Object.freeze({
  enabled: true,
  secrets: Object.freeze([]),
  untrustedTools: Object.freeze([]),
  trustedHosts: DEFAULT_TRUSTED_HOSTS,
});

/** The section as a value, defaults filled in; the host's trusted hosts are added to the registries. */
export function resolveFlowPolicy(input: FlowPolicyInput | undefined): FlowPolicy {
  if (input === undefined) return DEFAULT_FLOW_POLICY;
  return Object.freeze({
    enabled: input.enabled ?? true,
    secrets: Object.freeze([...(input.secrets ?? [])]),
    untrustedTools: Object.freeze([...(input.untrustedTools ?? [])]),
    trustedHosts: Object.freeze([
      ...DEFAULT_TRUSTED_HOSTS,
      ...(input.trustedHosts ?? []).map((host) => host.toLowerCase()),
    ]),
  });
}

/** Whether a tool name is one the policy marks untrusted. */
export function isUntrustedTool(policy: FlowPolicy, tool: string): boolean {
  return policy.untrustedTools.some((name) =>
    name.endsWith('*') ? tool.startsWith(name.slice(0, -1)) : tool === name,
  );
}
