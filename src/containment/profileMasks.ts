import path from 'node:path';
import type { IntentIgnore } from '../intents/intentIgnore';
import { findIgnoredPaths } from './ignoredPaths';
import { isWithin, maskTarget, type PathProbe, type PlaceType } from './profilePaths';

/** A place a contained command cannot read: a mode-000 folder or file is bound over it. */
export interface MaskedPlace {
  readonly path: string;
  readonly type: PlaceType;
  readonly reason: string;
}

/** The agent CLIs' own settings in a workspace: hooks and permissions that govern the agent itself. */
export const AGENT_SETTINGS = ['.claude', '.codex', '.gemini', '.mcp.json'] as const;

/** The same in the home folder, with Claude Code's user file. */
export const HOME_AGENT_SETTINGS = ['.claude', '.claude.json', '.codex', '.gemini'] as const;

/** What is masked, from which inputs. */
export interface MaskInputs {
  readonly realRoot: string;
  readonly ignored: IntentIgnore | { readonly paths: readonly string[] };
  readonly sessionStore: string;
  readonly tokenFiles: readonly string[];
  readonly secrets: readonly string[];
  readonly homeDir: string | undefined;
  readonly sockets: readonly string[];
}

/** The masks, and why some could not be found (the profile is then incomplete). */
export interface Masks {
  readonly masked: readonly MaskedPlace[];
  readonly problems: readonly string[];
}

const isMatcher = (ignored: MaskInputs['ignored']): ignored is IntentIgnore => 'ignores' in ignored;

/** A policy secret's path: '~/' against the home folder, a relative one against the workspace. */
function secretPath(secret: string, realRoot: string, homeDir: string | undefined): string | undefined {
  if (secret === '~' || secret.startsWith('~/'))
    return homeDir === undefined ? undefined : path.join(homeDir, secret.slice(1));
  return path.resolve(realRoot, secret);
}

/**
 * Every existing place a contained command must not read, links followed to what they name:
 * `.intentignore`'s matches, intentgate's session store and token files, the policy's secrets,
 * the agent CLIs' settings, the host's Unix sockets. A place inside another masked folder is left out.
 */
export function profileMasks(inputs: MaskInputs, probe: PathProbe): Masks {
  const { realRoot, homeDir } = inputs;
  const wanted: { file: string; reason: string }[] = [];
  const problems: string[] = [];
  if (isMatcher(inputs.ignored)) {
    const found = findIgnoredPaths(realRoot, inputs.ignored);
    if (found.complete)
      wanted.push(
        ...found.paths.map((relative) => ({
          file: path.join(realRoot, relative),
          reason: `.intentignore lists ${relative}`,
        })),
      );
    else problems.push(found.reason);
  } else {
    wanted.push(
      ...inputs.ignored.paths.map((hidden) => ({
        file: path.resolve(realRoot, hidden),
        reason: `hidden from the agent: ${hidden}`,
      })),
    );
  }
  wanted.push({ file: inputs.sessionStore, reason: "intentgate's session store: governors' snapshots and approvals" });
  wanted.push(...inputs.tokenFiles.map((file) => ({ file, reason: 'an approval token file of intentgate' })));
  for (const secret of inputs.secrets) {
    const file = secretPath(secret, realRoot, homeDir);
    if (file === undefined) problems.push(`the policy's secret '${secret}' names the home folder, which is not known`);
    else wanted.push({ file, reason: `the policy names ${secret} as a secret` });
  }
  wanted.push(
    ...AGENT_SETTINGS.map((name) => ({
      file: path.join(realRoot, name),
      reason: `the agent CLIs' settings (${name}): hooks and permissions that govern the agent`,
    })),
  );
  if (homeDir !== undefined) {
    wanted.push(
      ...HOME_AGENT_SETTINGS.map((name) => ({
        file: path.join(homeDir, name),
        reason: `the agent CLIs' settings and credentials (~/${name})`,
      })),
    );
  }
  wanted.push(
    ...inputs.sockets.map((file) => ({
      file,
      reason: 'a Unix socket of a service on this host: a read-only mount does not stop connect()',
    })),
  );
  const byPath = new Map<string, MaskedPlace>();
  for (const { file, reason } of wanted) {
    const target = maskTarget(file, probe);
    if (target === undefined || target.path === '/' || byPath.has(target.path)) continue;
    byPath.set(target.path, {
      ...target,
      reason: target.path === file ? reason : `${reason} (through the link ${file})`,
    });
  }
  const folders = [...byPath.values()].filter((place) => place.type === 'dir');
  const masked = [...byPath.values()].filter(
    (place) => !folders.some((folder) => folder !== place && isWithin(place.path, folder.path)),
  );
  return { masked: masked.sort((a, b) => a.path.localeCompare(b.path)), problems };
}
