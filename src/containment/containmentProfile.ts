import { readdirSync } from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError } from '../errors/InvalidArgumentError';
import { INTENT_IGNORE_FILE, type IntentIgnore } from '../intents/intentIgnore';
import type { LifecycleState } from '../lifecycle/lifecycleState';
import type { RiskCategory } from '../categories/riskCategories';
import { DEFAULT_CONTAINMENT_POLICY, type ContainmentPolicy } from './containmentPolicy';
import { controlPlaces, type OwnFile } from './controlPlaces';
import { gitPlaces } from './gitPlaces';
import { AGENT_SETTINGS, profileMasks, type MaskedPlace } from './profileMasks';
import {
  diskProbe,
  isWithin,
  resolveExact,
  resolveInWorkspace,
  type PathProbe,
  type PlaceType,
  type ResolvedPlace,
} from './profilePaths';
import { profileNetwork, type ProfileNetwork } from './profileNetwork';
import { scopeCovers } from './scopeFolders';

/** One place of a profile and why it is there. */
export interface ProfilePlace {
  readonly path: string;
  readonly reason: string;
}

/** A place bound writable: a folder, or one named file. */
export interface WritablePlace extends ProfilePlace {
  readonly type: PlaceType;
}

export type { MaskedPlace } from './profileMasks';
export type { ProfileNetwork } from './profileNetwork';

/** What the kernel enforces for one contained command, each part with its reason (docs/containment.md). */
export interface ContainmentProfile {
  readonly state: LifecycleState;
  /** the workspace's real folder */
  readonly workspaceRoot: string;
  /** false when a part could not be computed (the reason is in `refused`): a runner must not run it */
  readonly complete: boolean;
  /** everything not listed below: read-only */
  readonly rest: ProfilePlace;
  /** the private temporary folder, empty for each command */
  readonly tmp: ProfilePlace;
  /** places under `tmp` shown again read-only (a workspace kept under the system's temporary folder) */
  readonly shown: readonly ProfilePlace[];
  readonly writable: readonly WritablePlace[];
  /** read-only places inside writable ones */
  readonly readOnly: readonly ProfilePlace[];
  readonly masked: readonly MaskedPlace[];
  /** places that must not exist after the command (git's redirects in a writable .git): the runner removes them */
  readonly removeAfter: readonly ProfilePlace[];
  /** scope entries and paths that were not bound, and why */
  readonly refused: readonly ProfilePlace[];
  readonly network: ProfileNetwork;
  /** environment variables removed from the command's environment, and why */
  readonly environment: { readonly unset: readonly string[]; readonly reason: string };
  /** the process isolation, one reason per measure */
  readonly processes: readonly string[];
  readonly notes: readonly string[];
}

/** Plain facts a profile is computed from: the governor's state and intentgate's own files. */
export interface ProfileInputs {
  readonly state: LifecycleState;
  readonly workspaceRoot: string;
  readonly orchestrationDir: string;
  /** the active intent's `owned_scope`; empty without one */
  readonly ownedScope: readonly string[];
  /** the `.intentignore` rules, or the workspace-relative paths to hide */
  readonly ignored: IntentIgnore | { readonly paths: readonly string[] };
  readonly approvedCategories: readonly RiskCategory[];
  /** the hosts the live grants name */
  readonly grantHosts: readonly string[];
  /** paths a person allowed once for this command (absolute, or relative to the workspace) */
  readonly allowedOnce?: readonly string[];
  /** default `<orchestrationDir>/sessions` */
  readonly sessionStore?: string;
  readonly tokenFiles?: readonly string[];
  /** intentgate's own files kept read-only: the policy file, a trace file kept in the workspace */
  readonly ownFiles?: readonly OwnFile[];
  readonly homeDir?: string;
  /** Unix sockets of the host's services to mask (`hostSockets()`) */
  readonly sockets?: readonly string[];
  readonly policy?: ContainmentPolicy;
  /** the private temporary folder's path in the sandbox (default /tmp) */
  readonly tmpDir?: string;
  readonly probe?: PathProbe;
}

/** intentgate's own secrets in the environment: an approval token read by a command would let the agent approve itself. */
export const SECRET_ENVIRONMENT: readonly string[] = Object.freeze([
  'INTENTGATE_APPROVAL_TOKEN',
  'INTENTGATE_APPROVAL_TOKENS',
  'INTENTGATE_APPROVAL_TOKEN_FILE',
]);

/** The process isolation every profile has. */
export const PROCESS_ISOLATION: readonly string[] = Object.freeze([
  'own PID namespace and a fresh /proc: ps shows only the sandbox, no /proc/<pid>/environ of other processes',
  'own IPC and UTS namespaces: no shared memory or semaphores of the host, no setting its host name',
  "the kernel's settings (/proc/sys) read-only: root without capabilities still passes their file modes",
  'no capabilities (--cap-drop ALL): as root bubblewrap keeps them otherwise, and a command could unmount a mask',
  'a new terminal session: no keystrokes pushed into the calling terminal',
  'the process tree ends with the command: bubblewrap dies with its parent and the PID namespace with its first process',
]);

function scopePlaces(
  realRoot: string,
  scope: readonly string[],
  probe: PathProbe,
): { writable: WritablePlace[]; refused: ProfilePlace[] } {
  const writable: WritablePlace[] = [];
  const refused: ProfilePlace[] = [];
  for (const cover of scope.flatMap(scopeCovers)) {
    const place = resolveInWorkspace(realRoot, cover.path, probe);
    const kept = placeOf(place, `in the active intent's scope (${cover.glob})`);
    if ('type' in kept && (kept.type === 'dir' || cover.plain)) writable.push(kept);
    else
      refused.push(
        'type' in kept
          ? { path: kept.path, reason: `${cover.glob} names files below ${kept.path}, which is a file` }
          : kept,
      );
  }
  return { writable, refused };
}

function placeOf(place: ResolvedPlace, why: string): WritablePlace | ProfilePlace {
  switch (place.kind) {
    case 'found':
      return {
        path: place.path,
        type: place.type,
        reason: `writable: ${why}${place.type === 'file' ? '; a file bound alone, so renames onto it (sed -i) fail' : ''}`,
      };
    case 'missing':
      return {
        path: place.path,
        reason: `${why}: does not exist yet, so nothing is bound there; writes below ${place.existing} fail until a person or a decided write tool creates it`,
      };
    case 'refused':
      return { path: place.path, reason: `${why}: ${place.reason}` };
  }
}

/** Writable places that lie in a read-only or masked place are refused; one inside another is dropped. */
function keepWritable(
  candidates: readonly WritablePlace[],
  guarded: readonly ProfilePlace[],
  refused: ProfilePlace[],
): WritablePlace[] {
  const allowed = candidates.filter((place) => {
    const guard = guarded.find((other) => isWithin(place.path, other.path));
    if (guard !== undefined)
      refused.push({ path: place.path, reason: `not writable: it lies in ${guard.path} (${guard.reason})` });
    return guard === undefined;
  });
  const unique = allowed.filter((place, index) => allowed.findIndex((other) => other.path === place.path) === index);
  return unique.filter(
    (place) => !unique.some((other) => other.path !== place.path && isWithin(place.path, other.path)),
  );
}

/**
 * The containment profile of one governor's state: the scope writable as real folders, the
 * control files, git's hooks and config read-only, intentgate's secrets and ignored paths
 * unreadable, the network closed unless approved. Throws InvalidArgumentError when the
 * workspace does not exist; every other problem is a refused place with its reason.
 *
 * @example
 * const profile = containmentProfile({ state: 'ACTION', workspaceRoot: '/repo', orchestrationDir: '/repo/.orchestration',
 *   ownedScope: ['src/**'], ignored: { paths: [] }, approvedCategories: [], grantHosts: [] });
 */
/** How many files below a control folder are looked at for other names; past it the profile is incomplete. */
const MAX_LINK_CHECKED_FILES = 10_000;

/**
 * Files among the places a command must not change or read that have another name (a hard
 * link): a mount protects a name, not the file, so through a name in a writable place a
 * command would change or read it. Control folders are walked (the intents file sits in the
 * orchestration folder); a reason per file, or one when the walk is too long.
 */
function otherNames(places: readonly ProfilePlace[], probe: PathProbe): string[] {
  const problems: string[] = [];
  let seen = 0;
  const visit = (file: string, depth: number): void => {
    const stats = probe.lstat(file);
    if (stats === undefined || stats.isSymbolicLink()) return;
    if (stats.isFile()) {
      if (stats.nlink > 1)
        problems.push(
          `${file} has ${stats.nlink} names (a hard link): a command could change or read it through a name in a writable place; remove the other name`,
        );
      return;
    }
    if (!stats.isDirectory() || depth > 8) return;
    let names: string[] = [];
    try {
      names = readdirSync(file);
    } catch {
      return;
    }
    for (const name of names) {
      seen += 1;
      if (seen > MAX_LINK_CHECKED_FILES) return;
      visit(path.join(file, name), depth + 1);
    }
  };
  for (const place of places) visit(place.path, 0);
  if (seen > MAX_LINK_CHECKED_FILES)
    problems.push(
      `more than ${MAX_LINK_CHECKED_FILES} files in intentgate's own folders: their other names (hard links) cannot all be checked`,
    );
  return problems;
}

export function containmentProfile(inputs: ProfileInputs): ContainmentProfile {
  const probe = inputs.probe ?? diskProbe;
  const policy = inputs.policy ?? DEFAULT_CONTAINMENT_POLICY;
  const realRoot = probe.realpath(inputs.workspaceRoot);
  if (realRoot === undefined)
    throw new InvalidArgumentError(`containmentProfile: the workspace ${inputs.workspaceRoot} does not exist`);
  const realOrchestration = probe.realpath(inputs.orchestrationDir) ?? path.resolve(inputs.orchestrationDir);
  const tmpDir = inputs.tmpDir ?? '/tmp';
  const { masked, problems } = profileMasks(
    {
      realRoot,
      ignored: inputs.ignored,
      sessionStore: inputs.sessionStore ?? path.join(realOrchestration, 'sessions'),
      tokenFiles: inputs.tokenFiles ?? [],
      secrets: policy.secrets,
      homeDir: inputs.homeDir,
      sockets: inputs.sockets ?? [],
    },
    probe,
  );
  const refused: ProfilePlace[] = problems.map((reason) => ({ path: realRoot, reason }));
  const control: ProfilePlace[] = controlPlaces(realRoot, realOrchestration, inputs.ownFiles ?? [], probe);
  const active = inputs.state === 'ACTION';
  const scope = active ? scopePlaces(realRoot, inputs.ownedScope, probe) : { writable: [], refused: [] };
  const once = active
    ? (inputs.allowedOnce ?? []).map((file) =>
        placeOf(resolveExact(path.resolve(realRoot, file), probe), 'allowed once by a person'),
      )
    : [];
  refused.push(...scope.refused, ...once.filter((place) => !('type' in place)));
  const gitDir: ProfilePlace = { path: path.join(realRoot, '.git'), reason: "git's database follows the .git rule" };
  const candidates = [...scope.writable, ...once.filter((place): place is WritablePlace => 'type' in place)];
  let writable = keepWritable(candidates, [...masked, ...control, gitDir], refused);
  const git = gitPlaces(
    realRoot,
    writable.map((place) => place.path),
    probe,
  );
  // a scope folder inside a folder git runs from (core.hooksPath) stays read-only
  writable = keepWritable(writable, git.readOnly, refused);
  // a .git that .intentignore hides stays hidden: nothing is bound in a masked place
  writable = [
    ...writable,
    ...keepWritable(
      git.writable.map((place) => ({ ...place, type: 'dir' as const })),
      masked,
      refused,
    ),
  ];
  // only where something is writable can another name of a protected file be written
  const linked =
    writable.length === 0 ? [] : otherNames([...control, ...masked.filter((place) => place.type === 'file')], probe);
  refused.push(...linked.map((reason) => ({ path: realRoot, reason })));
  const inWritable = (place: ProfilePlace): boolean => writable.some((open) => isWithin(place.path, open.path));
  const inMasked = (place: ProfilePlace): boolean => masked.some((hidden) => isWithin(place.path, hidden.path));
  const readOnly = [...control, ...git.readOnly].filter((place) => inWritable(place) && !inMasked(place));
  const rootOpen = writable.some((place) => place.path === realRoot);
  const missingAt = (names: readonly string[]): string[] =>
    rootOpen ? names.filter((name) => probe.lstat(path.join(realRoot, name)) === undefined) : [];
  // agent settings a command creates would govern the agent's next run (its hooks, its permissions)
  const settings = missingAt(AGENT_SETTINGS).map((name) => ({
    path: path.join(realRoot, name),
    reason: `removed after the command: ${name} would be agent settings a contained command wrote`,
  }));
  const shown = isWithin(realRoot, tmpDir)
    ? [
        {
          path: realRoot,
          reason: `shown again read-only: the workspace lies in ${tmpDir}, which the private temporary folder hides`,
        },
      ]
    : [];
  // a mask under the private tmp of a place not shown again hides nothing more
  const visible = (place: ProfilePlace): boolean =>
    !isWithin(place.path, tmpDir) || [...shown, ...writable].some((open) => isWithin(place.path, open.path));
  return {
    state: inputs.state,
    workspaceRoot: realRoot,
    complete: problems.length === 0 && linked.length === 0,
    rest: {
      path: '/',
      reason: active
        ? "read-only: outside the active intent's scope"
        : `read-only: nothing is writable in ${inputs.state}`,
    },
    tmp: { path: tmpDir, reason: 'a private temporary folder, empty for each command and gone after it' },
    shown,
    writable,
    readOnly,
    masked: masked.filter(visible),
    removeAfter: [...git.removeAfter.filter(inWritable), ...settings],
    refused,
    network: profileNetwork(inputs.state, inputs.approvedCategories, inputs.grantHosts, policy.hostGrantNetwork),
    environment: {
      unset: SECRET_ENVIRONMENT,
      reason: "intentgate's approval tokens: a command that read them could approve its own held calls",
    },
    processes: PROCESS_ISOLATION,
    notes: [
      ...git.notes,
      ...(missingAt([INTENT_IGNORE_FILE]).length > 0
        ? [
            `the workspace root is writable and ${INTENT_IGNORE_FILE} does not exist: only existing ` +
              `places can be made read-only, so a command could create it (the governor holds that control-file change for a person)`,
          ]
        : []),
    ],
  };
}
