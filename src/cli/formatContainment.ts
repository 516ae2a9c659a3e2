import type { ContainmentProfile, ProfilePlace } from '../containment/containmentProfile';
import { describeContainment, type ContainmentStatus } from '../containment/containmentStatus';
import { placeLabel } from '../containment/placeLabel';

/** How much of a profile `explain` prints: one line per writable place and a line each for the rest, or every place with its reason. */
export type ProfileDetail = 'compact' | 'full';

const shown = (place: string, profile: ContainmentProfile, home: string | undefined): string =>
  placeLabel(place, profile.workspaceRoot, home);

// the reasons start with what the list's heading already says
const reasonOf = (place: ProfilePlace): string =>
  place.reason.replace(/^(writable|read-only|removed after the command): /, '');

function placeLines(places: readonly ProfilePlace[], profile: ContainmentProfile, home: string | undefined): string[] {
  return places.map((place) => `      - ${shown(place.path, profile, home)}: ${reasonOf(place)}`);
}

function compactLines(profile: ContainmentProfile, home: string | undefined): string[] {
  const list = (places: readonly ProfilePlace[]): string =>
    places.map((place) => shown(place.path, profile, home)).join(', ');
  const lines = [
    `    writable: ${profile.tmp.path} (private)${profile.writable.length === 0 ? `; nothing else: ${reasonOf(profile.rest)}` : ''}`,
    ...placeLines(profile.writable, profile, home),
  ];
  const inside = profile.readOnly.length === 0 ? '' : `; inside the writable places: ${list(profile.readOnly)}`;
  lines.push(`    read-only: everything else (${reasonOf(profile.rest)})${inside}`);
  lines.push(profile.masked.length === 0 ? '    masked: nothing' : `    masked (unreadable): ${list(profile.masked)}`);
  if (profile.refused.length > 0) lines.push(`    not bound: ${list(profile.refused)}`);
  lines.push(`    network: ${profile.network.reason}`);
  return lines;
}

function fullLines(profile: ContainmentProfile, home: string | undefined): string[] {
  const section = (heading: string, places: readonly ProfilePlace[]): string[] =>
    places.length === 0 ? [] : [`    ${heading}:`, ...placeLines(places, profile, home)];
  return [
    ...section('writable', [profile.tmp, ...profile.writable]),
    ...section('read-only', [profile.rest, ...profile.shown, ...profile.readOnly]),
    ...section('masked (unreadable)', profile.masked),
    ...section('removed after the command', profile.removeAfter),
    ...section('not bound', profile.refused),
    `    network: ${profile.network.reason}`,
    `    environment: ${profile.environment.unset.join(', ')} removed: ${profile.environment.reason}`,
    '    processes:',
    ...profile.processes.map((measure) => `      - ${measure}`),
    ...(profile.notes.length === 0 ? [] : ['    notes:', ...profile.notes.map((note) => `      - ${note}`)]),
  ];
}

/** What `formatContainment` shows. */
export interface ContainmentShown {
  readonly status: ContainmentStatus;
  /** the profile a contained run gets; undefined when none is shown */
  readonly profile: ContainmentProfile | undefined;
  /** why no profile is shown (a denied call, containment off) */
  readonly noProfile?: string;
  readonly detail: ProfileDetail;
  /** the home folder, shown as `~/` */
  readonly home?: string;
  /** the decision's own `contained`: whether it was made relying on the kernel */
  readonly contained?: boolean | undefined;
}

const decidedLine = (contained: boolean): string =>
  contained
    ? '  this decision: contained (what the analysis cannot see is left to the kernel)'
    : '  this decision: by analysis alone (contained: false)';

/**
 * What containment does for a shell command, for a person: whether it runs contained here and
 * why (the plan), then the profile a contained run gets, each place with its reason.
 */
export function formatContainment(shownPart: ContainmentShown): string {
  const { status, profile, detail, home } = shownPart;
  const lines = [
    ...(shownPart.contained === undefined ? [] : [decidedLine(shownPart.contained)]),
    `  containment: ${describeContainment(status)}`,
  ];
  if (profile === undefined) {
    if (shownPart.noProfile !== undefined) lines.push(`  profile: none: ${shownPart.noProfile}`);
    return lines.join('\n');
  }
  const complete = profile.complete ? '' : '; incomplete, so a runner refuses it and runs nothing';
  lines.push(`  profile of a contained run in ${profile.state}${complete}:`);
  lines.push(...(detail === 'full' ? fullLines(profile, home) : compactLines(profile, home)));
  if (detail === 'compact')
    lines.push('    (--full-profile: every place with its reason, the process isolation and the notes)');
  return lines.join('\n');
}
