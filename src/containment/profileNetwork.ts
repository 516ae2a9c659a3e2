import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import type { HostGrantNetwork } from './containmentPolicy';

/** The network of a contained command: bubblewrap gives all of it or none (no filter by host). */
export interface ProfileNetwork {
  readonly open: boolean;
  readonly reason: string;
}

/**
 * Open in ACTION when the session approved NETWORK_RISK, or when a grant names a host and the
 * policy lets a host grant open it (bubblewrap cannot narrow it to that host: the decision still
 * checks each URL the command names against the grant); closed otherwise, 127.0.0.1 included.
 */
export function profileNetwork(
  state: LifecycleState,
  approved: readonly RiskCategory[],
  grantHosts: readonly string[],
  hostGrants: HostGrantNetwork,
): ProfileNetwork {
  if (state !== 'ACTION') return { open: false, reason: `closed: no network in ${state}` };
  if (approved.includes('NETWORK_RISK'))
    return { open: true, reason: 'open: NETWORK_RISK is approved for the session' };
  if (grantHosts.length > 0 && hostGrants === 'open') {
    return {
      open: true,
      reason:
        `open to every host: a grant names ${grantHosts.join(', ')}, and bubblewrap cannot ` +
        `filter by host; the decision checks the URLs a command names against the grant, code that builds its own is not narrowed`,
    };
  }
  if (grantHosts.length > 0)
    return {
      open: false,
      reason: `closed: a grant names ${grantHosts.join(', ')}, but the policy keeps the network closed for host grants (containment.hostGrantNetwork: closed)`,
    };
  return {
    open: false,
    reason: 'closed: NETWORK_RISK is not approved, 127.0.0.1 and Unix sockets of other network namespaces included',
  };
}
