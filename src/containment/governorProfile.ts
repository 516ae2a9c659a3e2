import { homedir } from 'node:os';
import path from 'node:path';
import type { Governor } from '../governor/governorApi';
import { APPROVAL_TOKEN_FILE_ENV, approvalTokenFile } from '../hooks/approvalCredential';
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
  /** the environment that names intentgate's config folder (default this process's) */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * The approval token's file (`approvalTokenFile`: `INTENTGATE_APPROVAL_TOKEN_FILE`, else
 * `intentgate/approval-token` in the user's config folder) and that default file's folder:
 * masked, so a command cannot read the token and approve its own calls.
 */
export function intentgateTokenFiles(env: NodeJS.ProcessEnv, cwd: string): string[] {
  const configured = approvalTokenFile(env, cwd);
  const folder = path.dirname(approvalTokenFile({ ...env, [APPROVAL_TOKEN_FILE_ENV]: '' }, cwd));
  return configured.startsWith(`${folder}/`) ? [folder] : [folder, configured];
}

/** The plain inputs of a governor's profile: its state, active intent, approvals and grants, read now. */
export function governorProfileInputs(governor: Governor, place: GovernorPlace): ProfileInputs {
  const hosts = governor.grants.flatMap((grant) => grant.hosts ?? []);
  const home = homedir();
  return {
    state: governor.state,
    workspaceRoot: place.workspaceRoot,
    orchestrationDir: place.orchestrationDir,
    ownedScope: governor.activeIntent?.owned_scope ?? [],
    ignored: loadIntentIgnore(place.workspaceRoot),
    approvedCategories: governor.approvedCategories,
    grantHosts: [...new Set(hosts)],
    policy: place.policy,
    homeDir: home,
    tokenFiles: [...intentgateTokenFiles(place.env ?? process.env, place.workspaceRoot), ...(place.tokenFiles ?? [])],
    sockets: hostSockets(),
    ...(place.allowedOnce !== undefined && { allowedOnce: place.allowedOnce }),
    ...(place.sessionStore !== undefined && { sessionStore: place.sessionStore }),
    ...(place.ownFiles !== undefined && { ownFiles: place.ownFiles }),
  };
}

/** The containment profile of a governor as it stands. Throws InvalidOptionsError for an unreadable `.intentignore`. */
export function governorProfile(governor: Governor, place: GovernorPlace): ContainmentProfile {
  return containmentProfile(governorProfileInputs(governor, place));
}
