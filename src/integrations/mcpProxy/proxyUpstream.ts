import type { ContainmentProfile } from '../../containment/containmentProfile';
import { containmentPlanFor, governorPlaceFor } from '../../containment/governedCommand';
import { governorProfile } from '../../containment/governorProfile';
import { UpstreamUnavailableError } from '../../errors/UpstreamUnavailableError';
import { createGovernor, type Governor } from '../../governor/createGovernor';
import { startContainedUpstream } from './containedUpstream';
import type { McpProxyConfig } from './mcpProxyOptions';
import { startUpstreamServer, type UpstreamServer } from './upstreamServer';

/** Whether the upstream runs in the sandbox, and why (or why not). */
export interface UpstreamContainment {
  readonly contained: boolean;
  readonly reason: string;
}

/** The started upstream, how it is contained, and the hook that gives it the proxy's governor. */
export interface ProxyUpstream {
  readonly upstream: UpstreamServer;
  readonly containment: UpstreamContainment;
  /** From now on the sandbox follows this governor's state (until then: the state the proxy starts in). */
  follow(governor: Governor): void;
}

/**
 * The profile of the state the proxy's governor starts in, read from a governor made with the
 * same options: the proxy's own governor needs the upstream's tools first, so it comes later.
 */
function startingProfile(config: McpProxyConfig, place: ReturnType<typeof governorPlaceFor>): ContainmentProfile {
  const probe = createGovernor({ ...config.governor, trace: () => undefined });
  try {
    return governorProfile(probe, place);
  } finally {
    probe.stop();
  }
}

/**
 * Starts the proxy's upstream as `containUpstream` says: in the sandbox under `required` (and
 * refuses to start without bubblewrap), where bubblewrap runs under `auto`, else as it is.
 * Throws UpstreamUnavailableError when it cannot start.
 */
export async function startProxyUpstream(config: McpProxyConfig, workspaceRoot: string): Promise<ProxyUpstream> {
  const plan = await containmentPlanFor(config.containUpstream);
  const shown = [config.upstream.command, ...(config.upstream.args ?? [])].join(' ');
  if (plan.kind === 'refuse')
    throw new UpstreamUnavailableError(
      shown,
      `the upstream must run contained (containUpstream: required), and ${plan.reason.replace(/^containment is required, and /, '')}`,
    );
  if (plan.kind === 'analysisOnly') {
    const upstream = await startUpstreamServer(config.upstream, config.serverInfo, workspaceRoot);
    const reason =
      config.containUpstream === 'off'
        ? 'the upstream runs uncontained (containUpstream is off)'
        : `the upstream runs uncontained: ${plan.reason}`;
    return { upstream, containment: { contained: false, reason }, follow: () => undefined };
  }
  const place = governorPlaceFor(config.governor, config.containment);
  const starting = startingProfile(config, place);
  let profile = (): ContainmentProfile => starting;
  const upstream = await startContainedUpstream(config.upstream, config.serverInfo, workspaceRoot, {
    bwrap: plan.bwrap,
    profile: () => profile(),
  });
  return {
    upstream,
    containment: {
      contained: true,
      reason: `the upstream runs contained (bubblewrap ${plan.bwrap}): the active intent's scope writable, started again when the intent changes`,
    },
    follow: (governor) => {
      profile = () => governorProfile(governor, place);
    },
  };
}
