import type { Governor } from '../governor/governorApi';

/**
 * What of a governor its profile depends on (`governorProfileInputs` reads these, the rest is
 * the host's and the disk's): two governors with the same key in one place get the same profile,
 * so a host that shows many may compute it once.
 */
export function governorProfileKey(governor: Governor): string {
  const hosts = governor.grants.flatMap((grant) => grant.hosts ?? []);
  return JSON.stringify([
    governor.state,
    governor.activeIntent?.owned_scope ?? [],
    [...governor.approvedCategories].sort(),
    [...new Set(hosts)].sort(),
  ]);
}
