import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { containmentProfile, type ContainmentProfile, type ProfilePlace } from '../containment/containmentProfile';
import {
  describeContainment,
  planName,
  type ContainmentPlanName,
  type ContainmentStatus,
} from '../containment/containmentStatus';
import { governorProfileInputs, type GovernorPlace } from '../containment/governorProfile';
import { governorProfileKey } from '../containment/governorProfileKey';
import { findIgnoredPaths, type IgnoredPaths } from '../containment/ignoredPaths';
import { placeLabel } from '../containment/placeLabel';
import type { Governor } from '../governor/createGovernor';

/** What the console shows of containment: the service's status, found once at its start, and where its governors work. */
export interface ConsoleContainment {
  readonly status: Promise<ContainmentStatus>;
  readonly place: GovernorPlace;
}

/** One place of a profile, as the console shows it. */
export interface ContainmentPlaceView {
  readonly path: string;
  /** relative to the workspace inside it, `~/` in the home folder */
  readonly shown: string;
  readonly reason: string;
}

/** A session's profile in short: what a contained command may write, read and reach. */
export interface ProfileSummaryView {
  /** false when the profile could not be completed: a runner refuses it and runs nothing */
  readonly complete: boolean;
  /** the private temporary folder first, then the scope's folders and git's database */
  readonly writable: readonly ContainmentPlaceView[];
  /** read-only places inside the writable ones; everything else is read-only too */
  readonly read_only: readonly ContainmentPlaceView[];
  readonly masked: readonly ContainmentPlaceView[];
  readonly network: { readonly open: boolean; readonly reason: string };
}

/** What a session's view says of containment. */
export interface ContainmentView {
  readonly mode: ContainmentStatus['mode'];
  readonly available: boolean;
  /** what shell commands get: contained, decided by analysis alone, or refused */
  readonly runs: ContainmentPlanName;
  /** the same in a sentence, with why */
  readonly summary: string;
  /** the profile a contained command of the session gets now; null with `problem` when there is none */
  readonly profile: ProfileSummaryView | null;
  readonly problem: string | null;
}

/** A session's containment view, for one listing of the sessions. */
export type SessionContainment = (governor: Governor) => ContainmentView;

function summaryOf(profile: ContainmentProfile, home: string): ProfileSummaryView {
  const view = (place: ProfilePlace): ContainmentPlaceView => ({
    path: place.path,
    shown: placeLabel(place.path, profile.workspaceRoot, home),
    reason: place.reason,
  });
  return {
    complete: profile.complete,
    writable: [profile.tmp, ...profile.writable].map(view),
    read_only: profile.readOnly.map(view),
    masked: profile.masked.map(view),
    network: profile.network,
  };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The containment views of one listing. The workspace is walked for ignored paths once per
 * listing, not once per session: every session of a service shares its workspace, and the walk
 * is the profile's one cost that grows with it (docs/containment.md, Cost).
 */
export async function sessionContainment(containment: ConsoleContainment): Promise<SessionContainment> {
  const status = await containment.status;
  const { place } = containment;
  const home = homedir();
  const base = {
    mode: status.mode,
    available: status.available,
    runs: planName(status.plan),
    summary: describeContainment(status),
  };
  let walked: IgnoredPaths | undefined;
  // sessions on the same intent, state and approvals have the same profile: computed once a listing
  const byInputs = new Map<string, ContainmentView>();
  const viewOf = (governor: Governor): ContainmentView => {
    try {
      const inputs = governorProfileInputs(governor, place);
      if (!('ignores' in inputs.ignored))
        return { ...base, profile: summaryOf(containmentProfile(inputs), home), problem: null };
      walked ??= findIgnoredPaths(realpathSync.native(place.workspaceRoot), inputs.ignored);
      if (!walked.complete)
        return { ...base, profile: null, problem: `${walked.reason}: a runner refuses the profile and runs nothing` };
      const profile = containmentProfile({ ...inputs, ignored: { paths: walked.paths } });
      return { ...base, profile: summaryOf(profile, home), problem: null };
    } catch (error) {
      return { ...base, profile: null, problem: `the profile cannot be computed: ${messageOf(error)}` };
    }
  };
  return (governor) => {
    if (status.mode === 'off') return { ...base, profile: null, problem: "the policy's containment is off" };
    const key = governorProfileKey(governor);
    const known = byInputs.get(key);
    if (known !== undefined) return known;
    const view = viewOf(governor);
    byInputs.set(key, view);
    return view;
  };
}
