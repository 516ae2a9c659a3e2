import { homedir } from 'node:os';
import type { Governor } from '../governor/governorApi';
import { loadIntentIgnore } from '../intents/intentIgnore';
import type { ContainmentPolicy } from './containmentPolicy';
import type { OwnFile } from './controlPlaces';
import { containmentProfile, type ContainmentProfile, type ProfileInputs } from './containmentProfile';
import { hostSockets } from './hostSockets';

/** Where a governor works, and intentgate's own files a profile keeps unreadable. */
export interface GovernorPlace {
  readonly workspaceRoot: string;
  readonly orchestrationDir: string;
  readonly policy: ContainmentPolicy;
  readonly sessionStore?: string;
  readonly tokenFiles?: readonly string[];
  readonly ownFiles?: readonly OwnFile[];
  readonly allowedOnce?: readonly string[];
}

/** The plain inputs of a governor's profile: its state, active intent, approvals and grants, read now. */
export function governorProfileInputs(governor: Governor, place: GovernorPlace): ProfileInputs {
  const hosts = governor.grants.flatMap((grant) => grant.hosts ?? []);
  return {
    state: governor.state,
    workspaceRoot: place.workspaceRoot,
    orchestrationDir: place.orchestrationDir,
    ownedScope: governor.activeIntent?.owned_scope ?? [],
    ignored: loadIntentIgnore(place.workspaceRoot),
    approvedCategories: governor.approvedCategories,
    grantHosts: [...new Set(hosts)],
    policy: place.policy,
    homeDir: homedir(),
    sockets: hostSockets(),
    ...(place.allowedOnce !== undefined && { allowedOnce: place.allowedOnce }),
    ...(place.sessionStore !== undefined && { sessionStore: place.sessionStore }),
    ...(place.tokenFiles !== undefined && { tokenFiles: place.tokenFiles }),
    ...(place.ownFiles !== undefined && { ownFiles: place.ownFiles }),
  };
}

/** The containment profile of a governor as it stands. Throws InvalidOptionsError for an unreadable `.intentignore`. */
export function governorProfile(governor: Governor, place: GovernorPlace): ContainmentProfile {
  return containmentProfile(governorProfileInputs(governor, place));
}
