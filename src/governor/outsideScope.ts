import { homedir } from 'node:os';
import path from 'node:path';
import { HOME_AGENT_SETTINGS } from '../containment/profileMasks';
import { isInScope } from '../intents/scope';
import type { PathAnalyzer } from '../paths/pathAnalyzer';
import type { ToolPath } from '../tools/toolRequest';

// where a path outside the workspace is named so that it means one place wherever the command
// runs: an absolute path or one from the home folder (a relative word after a `cd` does not)
const NAMED_FROM_ROOT = /^(?:\/|~\/)/;

/**
 * The paths outside the workspace a call would change, when a human may allow each of them
 * once: undefined when none is outside the scope, or when any is one no answer may lift (a
 * workspace path outside the scope, which the intent's scope answers, a control file, an
 * ignored path, one known only at run time, a possible write of a program the analysis does
 * not know, the workspace as a whole, or a place in or holding one of `kept`: the control files
 * outside the workspace, intentgate's credentials, the agents' settings). Given absolute, so
 * the human reads exactly what would become writable.
 */
export function pathsToAllowOnce(
  scope: readonly string[],
  paths: readonly ToolPath[],
  analyze: PathAnalyzer,
  kept: readonly string[] = [],
): readonly string[] | undefined {
  return outsidePaths(scope, paths, analyze, kept)?.names;
}

/**
 * What stays out of an allowed-once change: the control files kept outside the workspace (the
 * orchestration folder, the trace), intentgate's config folder (the approval credential) and
 * the agent CLIs' settings in the home folder.
 */
export function keptOutsideWorkspace(
  controlPaths: readonly string[],
  homeDir: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const home = homeDir ?? homedir();
  const config =
    env.XDG_CONFIG_HOME !== undefined && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : path.join(home, '.config');
  return [
    ...controlPaths,
    path.join(config, 'intentgate'),
    ...HOME_AGENT_SETTINGS.map((name) => path.join(home, name)),
  ];
}

const within = (inner: string, outer: string): boolean =>
  inner === outer || inner.startsWith(outer.endsWith('/') ? outer : `${outer}/`);

/** The paths outside the scope a human may allow, by name, and the call's paths without them. */
export interface OutsidePaths {
  readonly names: readonly string[];
  /** the call's paths with those outside the scope left out: what stays for the lifecycle once a human allowed them */
  readonly inside: readonly ToolPath[];
}

/** `pathsToAllowOnce` with the call's other paths, so an answer that allows them can set them aside. */
export function outsidePaths(
  scope: readonly string[],
  paths: readonly ToolPath[],
  analyze: PathAnalyzer,
  kept: readonly string[] = [],
): OutsidePaths | undefined {
  const outside: string[] = [];
  const inside: ToolPath[] = [];
  for (const used of paths) {
    if (
      used.readOnly === true ||
      (used.relative !== undefined && used.unresolved === undefined && isInScope(scope, used.relative))
    ) {
      inside.push(used);
      continue;
    }
    if (
      used.protected ||
      used.ignored ||
      used.unresolved !== undefined ||
      used.assumed !== undefined ||
      used.coversWorkspace === true ||
      used.relative === ''
    )
      return undefined;
    // inside the workspace, the intent's scope says what may change: a person widens it there
    if (used.relative !== undefined) return undefined;
    if (!NAMED_FROM_ROOT.test(used.input)) return undefined;
    const absolute = analyze(used.input).absolute;
    if (absolute === undefined || !path.isAbsolute(absolute)) return undefined;
    // intentgate's own files and the agents' settings govern the agent: no answer makes them writable
    if (kept.some((place) => within(absolute, place) || within(place, absolute))) return undefined;
    outside.push(absolute);
  }
  return outside.length === 0 ? undefined : { names: [...new Set(outside)], inside };
}
