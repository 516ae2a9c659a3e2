import path from 'node:path';

/** A path after '~' and '$HOME' expansion. */
export interface HomeExpansion {
  /** the expanded path, or undefined when it depends on an environment variable other than HOME */
  readonly path: string | undefined;
  /** false when the expansion is a guess (another user's home) and cannot be trusted to be inside */
  readonly trusted: boolean;
  readonly reasons: readonly string[];
}

const TILDE = /^~([^/]*)/;
const HOME_VARIABLE = /^\$(?:HOME|\{HOME\})(?=\/|$)/;
const VARIABLE = /\$(?:\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)/;

/**
 * Expands a leading '~', '~user', '$HOME' or '${HOME}' in a '/'-separated path against
 * homeDir (undefined when unknown). Other users' homes are guessed as siblings of homeDir
 * and never trusted.
 */
export function expandHome(slashed: string, homeDir: string | undefined): HomeExpansion {
  const tilde = TILDE.exec(slashed);
  const prefix = tilde?.[0] ?? HOME_VARIABLE.exec(slashed)?.[0] ?? '';
  // only the written part can hold another variable; homeDir itself is taken as given
  const tail = slashed.slice(prefix.length);
  const variable = VARIABLE.exec(tail)?.[0];
  const unknown = (reasons: string[]): HomeExpansion => ({ path: undefined, trusted: false, reasons });
  if (prefix === '')
    return variable ? unknown([`environment variable ${variable}`]) : { path: slashed, trusted: true, reasons: [] };
  if (homeDir === undefined) return unknown(['home directory unknown']);
  const user = tilde?.[1] ?? '';
  const own = user === '' || user === path.posix.basename(homeDir);
  // without the user database the real home of ~user is unknown: guess a sibling, and never trust it
  const home = own ? homeDir : path.posix.join(path.posix.dirname(homeDir), user);
  const reasons = [own ? 'home directory' : `home directory of another user (~${user})`];
  if (variable) return unknown([...reasons, `environment variable ${variable}`]);
  return { path: home + tail, trusted: own, reasons };
}
