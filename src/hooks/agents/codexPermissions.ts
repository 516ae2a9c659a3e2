import path from 'node:path';
import type { ContainmentProfile } from '../../containment/containmentProfile';

/** What Codex lets its sandboxed commands do with one path: its permission profiles' words. */
export type CodexAccess = 'read' | 'write' | 'none';

/** One path of a Codex permission profile, with the reason intentgate's profile gave it. */
export interface CodexPathRule {
  readonly path: string;
  readonly access: CodexAccess;
  readonly reason: string;
}

/**
 * A Codex permission profile (`[permissions.<name>]`, Codex 0.138 and later) made from an
 * intentgate containment profile: the same writable, read-only and unreadable places and the
 * same network, for Codex's own sandbox to enforce on the commands it runs.
 */
export interface CodexPermissions {
  readonly name: string;
  /** from the broadest path to the most specific: Codex gives a path the rule of the most specific entry that holds it */
  readonly filesystem: readonly CodexPathRule[];
  readonly network: boolean;
  /** the private scratch folder the commands get as TMPDIR, when one was given */
  readonly tmpDir?: string;
  /** variables the commands get empty: intentgate's approval token ones, which Codex would pass on */
  readonly emptied: readonly string[];
  /** what intentgate's own sandbox does that this profile does not */
  readonly notLikeIntentgate: readonly string[];
}

export interface CodexPermissionsOptions {
  /** the profile's name under `[permissions]` (default `intentgate`) */
  readonly name?: string;
  /** a folder of the run's own, made writable and given to the commands as TMPDIR (the system's /tmp stays read-only) */
  readonly tmpDir?: string;
}

/** The profile name the overrides select with `default_permissions`. */
export const CODEX_PERMISSIONS_NAME = 'intentgate';

// a profile name is a TOML key in a dotted -c path: kept to a bare key so no quoting is needed there
const BARE_KEY = /^[A-Za-z0-9_-]+$/;

const NOT_LIKE_INTENTGATE: readonly string[] = Object.freeze([
  'fixed for the whole Codex run: made from the lifecycle state and intent when it was generated; a ' +
    'later intent, approval or grant does not change it (the hooks still decide every call)',
  "no private /tmp: the system's /tmp stays read-only (writable there would open every other user's " +
    "and program's files in it); scratch space is the one folder given as tmpDir, the same for every command of the run",
  'no PID or IPC namespace of its own; the approval token variables are set empty rather than removed ' +
    "(Codex's shell_environment_policy can only add to its own exclude list by replacing it)",
  'nothing is removed after a command (.git/commondir, .git/config.worktree, agent settings it ' +
    "created); Codex's own rules keep .git and .codex read-only inside writable places",
]);

/** The rule for each place, later rules more specific: Codex resolves a path by its most specific entry. */
function rulesOf(profile: ContainmentProfile, tmpDir: string | undefined): CodexPathRule[] {
  const rules: CodexPathRule[] = [
    { path: '/', access: 'read', reason: profile.rest.reason },
    // Codex cannot give a command a private /tmp, and the system's one is shared: scratch space is a folder of the run's own
    ...(tmpDir === undefined
      ? []
      : [{ path: tmpDir, access: 'write' as const, reason: "writable: the run's scratch folder (TMPDIR)" }]),
    ...profile.writable.map((place) => ({ path: place.path, access: 'write' as const, reason: place.reason })),
    ...profile.readOnly.map((place) => ({ path: place.path, access: 'read' as const, reason: place.reason })),
    ...profile.masked.map((place) => ({ path: place.path, access: 'none' as const, reason: place.reason })),
  ];
  // one rule per path, the last word kept (a mask over a read-only place); ordered by depth so a reader sees the nesting
  const byPath = new Map<string, CodexPathRule>();
  for (const rule of rules) byPath.set(rule.path, rule);
  const depth = (rule: CodexPathRule): number => (rule.path === '/' ? 0 : rule.path.split('/').length - 1);
  return [...byPath.values()].sort((a, b) => depth(a) - depth(b) || a.path.localeCompare(b.path));
}

/**
 * The Codex permission profile that enforces `profile` as far as Codex's sandbox can: the
 * scope's folders writable, the rest of the machine readable, intentgate's files, the ignored
 * paths and the agent settings unreadable, the network as the profile has it. A profile that
 * is incomplete (its ignored paths were not all found) is refused, as `containedCommand` refuses it.
 *
 * @example
 * const made = codexPermissions(governorProfile(governor, place), { tmpDir: mkdtempSync('/var/tmp/codex-') });
 * if (made.ok) spawn('codex', [...codexPermissionArgs(made.permissions), 'exec', prompt]);
 */
export function codexPermissions(
  profile: ContainmentProfile,
  options: CodexPermissionsOptions = {},
): { readonly ok: true; readonly permissions: CodexPermissions } | { readonly ok: false; readonly reason: string } {
  const name = options.name ?? CODEX_PERMISSIONS_NAME;
  const { tmpDir } = options;
  if (!BARE_KEY.test(name))
    return { ok: false, reason: `the profile name '${name.slice(0, 80)}' must be letters, digits, '_' or '-'` };
  if (!profile.complete)
    return {
      ok: false,
      reason: `the profile is incomplete: ${profile.refused.map((place) => place.reason).join('; ')}`,
    };
  if (tmpDir !== undefined && (!path.isAbsolute(tmpDir) || path.normalize(tmpDir) !== tmpDir || tmpDir === '/'))
    return {
      ok: false,
      reason: `the scratch folder '${tmpDir.slice(0, 200)}' must be an absolute, normalised path below /`,
    };
  const permissions = {
    name,
    filesystem: rulesOf(profile, tmpDir),
    network: profile.network.open,
    emptied: profile.environment.unset,
    notLikeIntentgate: NOT_LIKE_INTENTGATE,
  };
  return { ok: true, permissions: tmpDir === undefined ? permissions : { ...permissions, tmpDir } };
}

// TOML basic strings read JSON's escapes
const tomlString = (text: string): string => JSON.stringify(text);

/** The filesystem table as one TOML inline table: `{ "/" = "read", "/repo/src" = "write" }`. */
const inlineFilesystem = (permissions: CodexPermissions): string =>
  `{ ${permissions.filesystem.map((rule) => `${tomlString(rule.path)} = ${tomlString(rule.access)}`).join(', ')} }`;

/** The environment the commands get: the scratch folder as TMPDIR, and intentgate's token variables empty. */
function environmentOf(permissions: CodexPermissions): Array<[string, string]> {
  return [
    ...(permissions.tmpDir === undefined ? [] : [['TMPDIR', permissions.tmpDir] as [string, string]]),
    ...permissions.emptied.map((name): [string, string] => [name, '']),
  ];
}

// an environment variable's name is a bare TOML key when it is plain; any other is quoted
const tomlKey = (name: string): string => (BARE_KEY.test(name) ? name : tomlString(name));

/**
 * The `-c` overrides that select the profile for one Codex run (`codex -c … exec …`). Codex
 * uses a permission profile only when no `sandbox_mode` is set anywhere and `--sandbox` is
 * not passed: with either, its older sandbox settings win and these are ignored.
 */
export function codexPermissionArgs(permissions: CodexPermissions): string[] {
  const key = `permissions.${permissions.name}`;
  return [
    '-c',
    `default_permissions=${tomlString(permissions.name)}`,
    '-c',
    `${key}.filesystem=${inlineFilesystem(permissions)}`,
    '-c',
    `${key}.network.enabled=${permissions.network}`,
    ...environmentOf(permissions).flatMap(([name, value]) => [
      '-c',
      `shell_environment_policy.set.${tomlKey(name)}=${tomlString(value)}`,
    ]),
  ];
}

/** The same profile as a fragment of a Codex config.toml (a project's `.codex/config.toml`, or `~/.codex/config.toml`), each path with its reason. */
export function codexPermissionsToml(permissions: CodexPermissions): string {
  const comment = (text: string): string => `# ${text.replace(/[\r\n]+/g, ' ')}`;
  return [
    comment(
      'made by intentgate from the active intent (docs/hooks.md#codexs-own-sandbox-from-the-intent); no sandbox_mode may be set beside it',
    ),
    `default_permissions = ${tomlString(permissions.name)}`,
    '',
    `[permissions.${permissions.name}.filesystem]`,
    ...permissions.filesystem.flatMap((rule) => [
      comment(rule.reason),
      `${tomlString(rule.path)} = ${tomlString(rule.access)}`,
    ]),
    '',
    `[permissions.${permissions.name}.network]`,
    `enabled = ${permissions.network}`,
    '',
    '[shell_environment_policy.set]',
    ...environmentOf(permissions).map(([name, value]) => `${tomlKey(name)} = ${tomlString(value)}`),
    '',
  ].join('\n');
}
